import Foundation
import RivFormat
import RivSupport

/// The manifest `strip` and `extract` write beside the asset files with
/// `--dedupe`, `--prefer per-file` or `--layout android`: which unique names
/// each written file serves, so an app ships each content once and registers
/// the file under every name it serves, and so every folder reader
/// (``AssetFolder``, ``FolderAssetSource``, `verify --assets`) finds an asset
/// whatever name its file was written under.
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
    /// The manifest's name in a folder written with `--layout android`: a valid
    /// Android resource name (`R.raw.riv_assets_manifest`), so the folder can be `res/raw`.
    public static let androidFileName = "riv_assets_manifest.json"
    /// Every name a manifest is read under, in the order they are read.
    public static let fileNames = [fileName, androidFileName]
    /// The largest manifest a reader accepts: 16 MiB, far above the manifest of
    /// any real folder (about 100 bytes per file), far below what would exhaust memory.
    public static let maximumByteCount = 16 << 20

    /// The version of this manifest's shape.
    public var schemaVersion = 1
    /// Every file written (or already holding its bytes), in the order the run met them.
    public var files: [Entry]

    /// A manifest of `files`.
    public init(files: [Entry]) {
        self.files = files
    }

    /// The manifests of the folder at `folder`, in the order of ``fileNames``;
    /// empty when it has none. Every entry names a file of the folder itself:
    /// a name no file of a folder can have (`AssetFileName.problem(ofFileName:)`:
    /// empty, `.`, `..`, a `/` or NUL, over 255 bytes), a file that is not there,
    /// a manifest that is no JSON of this shape, of a later schema version or
    /// over ``maximumByteCount`` bytes is ``AssetFolder/Problem/badManifest(path:reason:)``.
    public static func read(in folder: URL) throws(AssetFolder.Problem) -> [(url: URL, manifest: AssetManifest)] {
        var found: [(URL, AssetManifest)] = []
        for name in fileNames {
            let url = folder.appendingPathComponent(name)
            guard let manifest = try decoded(at: url) else { continue }
            for (index, entry) in manifest.files.enumerated() {
                if let why = AssetFileName.problem(ofFileName: entry.file) {
                    throw .badManifest(path: url.path, reason: "files[\(index)].file \(TerminalText.quoted(entry.file, limit: shownNameLimit)) \(why): a manifest names files of its own folder only")
                }
                guard POSIX.FileStatus(following: folder.appendingPathComponent(entry.file).path)?.kind == .regularFile else {
                    throw .badManifest(path: url.path, reason: "files[\(index)].file \(TerminalText.quoted(entry.file, limit: shownNameLimit)) is no file of the folder")
                }
            }
            found.append((url, manifest))
        }
        return found
    }

    /// The most characters of a file name a message about the manifest shows.
    private static let shownNameLimit = 80

    /// The manifest in the file at `url` (a link is followed), its entries not yet
    /// checked against a folder; nil when nothing is there. The file is opened
    /// without blocking and read no further than the limit, so a pipe, a device or a
    /// file that grows is refused at once: it is ``AssetFolder/Problem/badManifest(path:reason:)``
    /// when it is no regular file, over ``maximumByteCount`` bytes, no JSON of this
    /// shape or of a later schema version.
    public static func decoded(at url: URL) throws(AssetFolder.Problem) -> AssetManifest? {
        guard let status = POSIX.FileStatus(following: url.path) else { return nil }
        guard status.kind == .regularFile else { throw .badManifest(path: url.path, reason: "it is no regular file") }
        guard status.size <= maximumByteCount else {
            throw .badManifest(path: url.path, reason: "it holds \(status.size) bytes, over the limit of \(maximumByteCount) bytes for a manifest")
        }
        let bytes: [UInt8]
        switch POSIX.head(ofFileAt: url.path, count: maximumByteCount + 1) {
        case .success(let read): bytes = read
        case .failure(.missing): return nil
        case .failure(.directory), .failure(.notRegular): throw .badManifest(path: url.path, reason: "it is no regular file")
        case .failure(let problem): throw .unreadableFile(path: url.path, reason: problem.description)
        }
        // The file may have grown since it was looked at: the limit holds for what was read.
        guard bytes.count <= maximumByteCount else {
            throw .badManifest(path: url.path, reason: "it holds more than \(maximumByteCount) bytes, the limit for a manifest")
        }
        let manifest: AssetManifest
        do {
            manifest = try JSONDecoder().decode(AssetManifest.self, from: Data(bytes))
        } catch {
            throw .badManifest(path: url.path, reason: "it is no manifest of riv-assets (\(Self.decodingProblem(error)))")
        }
        guard manifest.schemaVersion <= 1 else {
            throw .badManifest(path: url.path, reason: "its schemaVersion is \(manifest.schemaVersion); this reader knows version 1")
        }
        return manifest
    }

    /// What the decoder met, in a few words: the field and what was wrong there.
    private static func decodingProblem(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
        }
        switch error {
        case .typeMismatch(_, let context): return "wrong type at \(path(context))"
        case .valueNotFound(_, let context): return "no value at \(path(context))"
        case .keyNotFound(let key, let context): return "no \(key.stringValue) at \(path(context))"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "bad value at \(path(context))"
        @unknown default: return "not readable"
        }
    }
}
