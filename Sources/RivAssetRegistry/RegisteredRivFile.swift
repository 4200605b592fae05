import Foundation
import RivFormat

/// A file loaded through an ``AssetRegistry``: the file as read, plus the
/// registry's replacements as they stand whenever it is asked.
public struct RegisteredRivFile: Sendable {
    /// The file as read.
    public let file: RivFile
    /// The registry it was loaded through.
    public let registry: AssetRegistry
    /// Where the registry keeps the file among those loaded, for ``AssetRegistry/unload(_:)``.
    let loadIndex: Int
    /// The Android spelling of the file's names, made once when it is loaded (nil
    /// when the registry matches names without extension).
    let spelling: AndroidSpelling?

    /// The bytes the registry provides for `asset` now, if any, as a write would
    /// embed them (a name in the Android spelling of a folder laid out for Android
    /// included, when no other name of this file is spelled the same). Only images,
    /// fonts and audio can be replaced.
    public func replacement(for asset: FileAsset) -> Data? {
        registry.planItem(for: asset, spelling: spelling)?.contents.bytes
    }

    /// The assets the registry replaces now, in file order.
    public var replacedAssets: [FileAsset] {
        plan.items.map(\.asset)
    }

    /// An editor holding the file with every current replacement embedded. A
    /// referenced or hosted asset that has a replacement becomes embedded.
    ///
    /// - Parameter skipChecks: Embed bytes even when their format does not suit the asset type.
    /// - Throws: The editor's refusal; when registered bytes are not the asset
    ///   type's format, the error says what they look like and, as
    ///   `RivEditError.origin`, the registration or source they came from.
    public func editor(skipChecks: Bool = false) throws(RivEditError) -> RivEditor {
        var editor = RivEditor(file)
        try plan.apply(to: &editor, skipChecks: skipChecks)
        return editor
    }

    /// What the registry replaces in the file now.
    package var plan: ReplacementPlan {
        registry.plan(for: file, spelling: spelling)
    }

    /// Writes the file with every current replacement embedded to `url` (temporary
    /// file, then rename). A file already at `url` is replaced only with
    /// `overwrite: true`; otherwise the write fails with
    /// `RivEditError.destinationExists` and leaves it as it was.
    ///
    /// Registrations that match no asset of this file do not concern it: they may be
    /// meant for a file loaded later, as with Rive's Worker, so they never stop a
    /// write. To catch a misspelled name, read ``AssetRegistry/matchResult()`` once
    /// every file is loaded: it names each registration that replaced nothing, with
    /// the loaded names it may have meant.
    ///
    /// - Parameters:
    ///   - url: Where to write.
    ///   - skipChecks: Embed bytes even when their format does not suit the asset type.
    ///   - overwrite: Replace a file that is already at `url`.
    /// - Returns: What was embedded, one outcome per replaced asset.
    /// - Throws: The editor's refusal or write failure (see ``editor(skipChecks:)``).
    @discardableResult
    public func write(to url: URL, skipChecks: Bool = false, overwrite: Bool = false) throws(RivEditError) -> [AssetEditOutcome] {
        let editor = try editor(skipChecks: skipChecks)
        try editor.write(to: url, overwrite: overwrite)
        return editor.outcomes
    }
}
