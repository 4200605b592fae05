import Foundation
import RivAssetRegistry
import RivFormat
import RivSupport

/// The one writer of an asset folder, shared by `strip` (one folder for the
/// run) and `extract` (one folder per input): the name its layout gives each
/// file, the manifest of the files placed in it, and the one refusal of a file
/// in the way. Each command keeps its own dedupe policy (SPEC.md § 10) through
/// the one rule of ``ContentFiles``: across inputs in `strip`, within each
/// input in `extract`.
struct AssetFolderWriter {
    /// The folder.
    let folder: URL
    /// The app it is written for.
    let layout: PlatformLayout
    /// The Android layout's resource names of the folder, nil for the other layouts.
    let names: AndroidResourceName?

    /// The writer of `folder`, laid out for `layout`.
    init(folder: URL, layout: PlatformLayout) {
        self.folder = folder
        self.layout = layout
        names = layout == .android ? AndroidResourceName() : nil
    }

    /// The name a file takes in the folder when the flat layout names it `flatName`.
    func fileName(forFlat flatName: String) -> String {
        names?.name(forFlat: flatName) ?? flatName
    }

    /// Where the folder's manifest goes.
    var manifestURL: URL { folder.appendingPathComponent(AssetManifest.fileName(for: layout)) }

    /// The refusal of the manifest's path when it holds something that is no
    /// manifest of an earlier run and `overwrite` is not given; nil when the
    /// manifest may be written there.
    func manifestRefusal(overwrite: Bool) -> InputFailure? {
        guard !AssetManifest.mayWrite(at: manifestURL, overwrite: overwrite) else { return nil }
        return Self.refusal(existing: manifestURL.path, being: "no manifest of riv-assets")
    }

    /// The manifest of `placements`, written into the folder unless `dryRun`
    /// (nor when it has no file, or the manifest already holds these bytes),
    /// with the error that stopped the write.
    func writeManifest(_ placements: [AssetPlacement], dryRun: Bool) -> (manifest: AssetManifest, error: RivEditError?) {
        let manifest = AssetManifest(placements)
        guard !manifest.files.isEmpty, !dryRun else { return (manifest, nil) }
        do throws(FileWriteError) {
            try manifest.write(to: manifestURL)
            return (manifest, nil)
        } catch {
            return (manifest, RivEditError(error))
        }
    }

    /// The one refusal of a file in the way of a write without `overwrite`:
    /// `PATH: already exists` (with `being`, `and is` what the file is not),
    /// remedy `overwrite`.
    static func refusal(existing path: String, being what: String? = nil) -> InputFailure {
        InputFailure(path: path, message: "already exists" + (what.map { " and is " + $0 } ?? ""), remedy: .overwrite)
    }
}
