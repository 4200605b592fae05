import Foundation
import RivFormat
import RivSupport

/// The manifest `strip --dedupe` writes beside the asset files: which unique
/// names each written file serves, so an app ships each content once and
/// registers the file under every name it serves.
///
/// ```json
/// {"files": [{"assets": ["Inter-102112", "Inter-4228759"], "file": "Inter-102112.ttf", "inputs": ["a.riv", "b.riv"]}], "schemaVersion": 1}
/// ```
public struct AssetManifest: Codable, Sendable, Equatable {
    /// One written file.
    public struct Entry: Codable, Sendable, Equatable {
        /// The file's name in the asset folder.
        public var file: String
        /// The unique names it serves, in the order the run met them.
        public var assets: [String]
        /// The inputs whose stripped assets it serves, in input order.
        public var inputs: [String]

        /// The entry of `file`, serving `assets` of `inputs`.
        public init(file: String, assets: [String], inputs: [String]) {
            self.file = file
            self.assets = assets
            self.inputs = inputs
        }
    }

    /// The manifest's name in the asset folder.
    public static let fileName = "riv-assets-manifest.json"

    /// The version of this manifest's shape.
    public var schemaVersion = 1
    /// Every file written (or already holding its bytes), in the order the run met them.
    public var files: [Entry]

    /// The manifest of the files `served` names: for each asset written, the
    /// input it came from, its unique name and the file holding its bytes
    /// (one entry per file, in the order first met).
    init(_ served: [(input: String, asset: String, file: String)]) {
        var files: [Entry] = []
        var index: [String: Int] = [:]
        for item in served {
            let name = URL(fileURLWithPath: item.file).lastPathComponent
            let key = RunWrites.key(name)
            if let at = index[key] {
                if !files[at].assets.contains(item.asset) { files[at].assets.append(item.asset) }
                if !files[at].inputs.contains(item.input) { files[at].inputs.append(item.input) }
            } else {
                index[key] = files.count
                files.append(Entry(file: name, assets: [item.asset], inputs: [item.input]))
            }
        }
        self.files = files
    }

    /// Whether a manifest may be written at `url`: nothing is there, or a
    /// manifest (of an earlier run), or `overwrite` allows anything else.
    static func mayWrite(at url: URL, overwrite: Bool) -> Bool {
        guard POSIX.entryExists(atPath: url.path), !overwrite else { return true }
        return (try? JSONDecoder().decode(AssetManifest.self, from: Data(contentsOf: url))) != nil
    }

    /// Writes the manifest to `url` through the atomic writer, unless the file
    /// there already holds exactly these bytes (a rerun).
    func write(to url: URL) throws(FileWriteError) {
        // Plain strings and numbers: encoding cannot fail.
        let data = ((try? ReportJSON.data(self)) ?? Data()) + Data("\n".utf8)
        guard !data.withUnsafeBytes({ AtomicFile.fileHolds($0, at: url.path) }) else { return }
        try AtomicFile.write(data, to: url)
    }
}
