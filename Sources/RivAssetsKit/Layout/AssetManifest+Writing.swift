import Foundation
@_exported import struct RivAssetRegistry.AssetManifest
import RivFormat
import RivSupport

/// Writing the manifest (``AssetManifest``) of a strip or extract run; reading it is
/// the registry's (``AssetManifest/read(in:)``), the one reader every folder reader uses.
extension AssetManifest {
    /// The manifest of the files `placements` name: for each asset written, the
    /// input it came from, its unique name and the file holding its bytes
    /// (one entry per file, in the order first met).
    init(_ placements: [AssetPlacement]) {
        var files: [Entry] = []
        var index: [String: Int] = [:]
        for item in placements {
            let key = RunWrites.key(item.fileName)
            if let at = index[key] {
                if !files[at].assets.contains(item.uniqueName) { files[at].assets.append(item.uniqueName) }
                if !files[at].inputs.contains(item.input) { files[at].inputs.append(item.input) }
            } else {
                index[key] = files.count
                files.append(Entry(file: item.fileName, assets: [item.uniqueName], inputs: [item.input]))
            }
        }
        self.init(files: files)
    }

    /// The manifest's name in a folder written with `layout`.
    static func fileName(for layout: PlatformLayout) -> String {
        layout == .android ? androidFileName : fileName
    }

    /// Whether a manifest may be written at `url`: nothing is there, or a
    /// manifest (of an earlier run), or `overwrite` allows anything else. What is
    /// there is read as every manifest is (``AssetManifest/decoded(at:)``: without
    /// blocking, within the size limit), so a pipe or a device is refused, not waited on.
    static func mayWrite(at url: URL, overwrite: Bool) -> Bool {
        guard POSIX.entryExists(atPath: url.path), !overwrite else { return true }
        return (try? AssetManifest.decoded(at: url)) != nil
    }

    /// Writes the manifest to `url` through the atomic writer, unless the file
    /// there already holds exactly these bytes (a rerun).
    func write(to url: URL) throws(FileWriteError) {
        // Plain strings and numbers: encoding cannot fail.
        let data = ((try? ResultJSON.data(self)) ?? Data()) + Data("\n".utf8)
        guard !data.withUnsafeBytes({ AtomicFile.fileHolds($0, at: url.path) }) else { return }
        try AtomicFile.write(data, to: url)
    }
}
