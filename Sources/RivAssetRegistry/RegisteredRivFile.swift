import Foundation
import RivFormat

/// A file loaded through an ``AssetRegistry``: the file as read, plus the
/// registry's replacements as they stand whenever it is asked.
public struct RegisteredRivFile: Sendable {
    /// The file as read.
    public let file: RivFile
    /// The registry it was loaded through.
    public let registry: AssetRegistry

    /// The bytes the registry provides for `asset` now, if any. Only images, fonts
    /// and audio can be replaced.
    public func replacement(for asset: FileAsset) -> Data? {
        registry.replacement(for: asset)
    }

    /// The assets the registry replaces now, in file order.
    public var replacedAssets: [FileAsset] {
        file.assets.filter { replacement(for: $0) != nil }
    }

    /// An editor holding the file with every current replacement embedded. A
    /// referenced or hosted asset that has a replacement becomes embedded.
    ///
    /// - Parameter skipChecks: Embed bytes even when their format does not suit the asset type.
    public func editor(skipChecks: Bool = false) throws(RivEditError) -> RivEditor {
        var editor = RivEditor(file)
        try plan.apply(to: &editor, skipChecks: skipChecks)
        return editor
    }

    /// What the registry replaces in the file now.
    package var plan: ReplacementPlan {
        registry.plan(for: file)
    }

    /// Writes the file with every current replacement embedded to `url` (temporary
    /// file, then rename). A file already at `url` is replaced only with
    /// `overwrite: true`; otherwise the write fails with
    /// ``RegistryWriteError/edit(_:)`` carrying `RivEditError.destinationExists` and leaves it as it was.
    ///
    /// A name registered with `addGlobal…Asset` that matches no asset of any file
    /// loaded through the registry so far is almost always a misspelling, which
    /// would give a copy without that replacement and no word of it; so the write
    /// fails with ``RegistryWriteError/unmatchedNames(_:)`` (naming each, with the loaded
    /// assets it may have meant) and writes nothing, as `riv-assets replace` does.
    /// Names meant for files loaded later: load those first, or pass
    /// `allowingUnmatched: true`.
    ///
    /// - Parameters:
    ///   - url: Where to write.
    ///   - skipChecks: Embed bytes even when their format does not suit the asset type.
    ///   - overwrite: Replace a file that is already at `url`.
    ///   - allowingUnmatched: Write even when a registered name matches no loaded asset.
    /// - Returns: What was embedded, one outcome per replaced asset.
    /// - Throws: ``RegistryWriteError/unmatchedNames(_:)``, or the editor's refusal
    ///   or write failure as ``RegistryWriteError/edit(_:)``.
    @discardableResult
    public func write(to url: URL, skipChecks: Bool = false, overwrite: Bool = false,
                      allowingUnmatched: Bool = false) throws(RegistryWriteError) -> [AssetEditOutcome] {
        if !allowingUnmatched {
            let unmatched = registry.unmatchedRegistrations()
            if !unmatched.isEmpty { throw .unmatchedNames(unmatched) }
        }
        do throws(RivEditError) {
            let editor = try editor(skipChecks: skipChecks)
            try editor.write(to: url, overwrite: overwrite)
            return editor.outcomes
        } catch {
            throw .edit(error)
        }
    }
}
