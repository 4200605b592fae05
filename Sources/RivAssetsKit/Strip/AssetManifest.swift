import Foundation

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

    /// The manifest of what `outcomes` stripped: one entry per asset file.
    init(_ outcomes: [InputOutcome<StrippedAssets>]) {
        var files: [Entry] = []
        var index: [String: Int] = [:]
        for outcome in outcomes where outcome.status == .written {
            for item in outcome.detail?.stripped ?? [] {
                let name = URL(fileURLWithPath: item.file).lastPathComponent
                let key = RunWrites.key(name)
                if let at = index[key] {
                    if !files[at].assets.contains(item.asset) { files[at].assets.append(item.asset) }
                    if files[at].inputs.last != outcome.input { files[at].inputs.append(outcome.input) }
                } else {
                    index[key] = files.count
                    files.append(Entry(file: name, assets: [item.asset], inputs: [outcome.input]))
                }
            }
        }
        self.files = files
    }

    /// The manifest as the folder holds it, in the package's report style.
    func encoded() -> Data {
        // Plain strings and numbers: encoding cannot fail.
        ((try? ReportJSON.data(self)) ?? Data()) + Data("\n".utf8)
    }
}
