import Foundation
import RivFormat

/// `manifest.json` of an upload folder: what each uuid file holds and which
/// files use it. Every run of ``AssetOperations/host(_:)`` merges into it; the
/// JSON has sorted keys and sorted lists, so equal content gives equal bytes.
public struct UploadManifest: Codable, Sendable, Equatable {
    /// The manifest's file name in the upload folder.
    public static let fileName = "manifest.json"
    /// The version of this layout.
    public static let currentSchemaVersion = 1

    /// One upload file.
    public struct Entry: Codable, Sendable, Equatable {
        /// Its size in bytes.
        public var bytes: Int
        /// The package's content hash of its bytes (16 hex digits).
        public var contentHash: String
        /// The MIME type to serve it with (`application/octet-stream` when the format is not one Rive decodes for its type).
        public var contentType: String
        /// The format detected from its bytes (`png`, `ttf`, ...).
        public var format: String
        /// The hosted files and assets that use it, sorted.
        public var uses: [Use]
    }

    /// One asset of one hosted file.
    public struct Use: Codable, Sendable, Hashable, Comparable {
        /// The hosted `.riv` file.
        public var file: String
        /// The asset's unique name in it.
        public var uniqueName: String

        /// By file, then unique name.
        public static func < (lhs: Use, rhs: Use) -> Bool {
            (lhs.file, lhs.uniqueName) < (rhs.file, rhs.uniqueName)
        }
    }

    /// The layout version (``currentSchemaVersion``).
    public var schemaVersion: Int
    /// The upload files by uuid.
    public var assets: [String: Entry]

    /// An empty manifest.
    public init() {
        schemaVersion = Self.currentSchemaVersion
        assets = [:]
    }

    /// The manifest at `url`; an empty one when there is no file.
    static func read(at url: URL) throws(RequestError) -> UploadManifest {
        guard POSIX.entryExists(atPath: url.path) else { return UploadManifest() }
        let manifest: UploadManifest
        do {
            manifest = try JSONDecoder().decode(UploadManifest.self, from: Data(contentsOf: url))
        } catch {
            throw RequestError("\(url.path): not a manifest riv-assets can read (\(FileSystemErrorText.reason(error))); move it away or fix it")
        }
        guard manifest.schemaVersion == Self.currentSchemaVersion else {
            throw RequestError("\(url.path): manifest schema version \(manifest.schemaVersion); this riv-assets writes version \(Self.currentSchemaVersion)")
        }
        return manifest
    }

    /// Records that `use` now takes its bytes from `uuid`: any earlier uuid of the
    /// same file and asset loses it (an entry left without uses stays, since its
    /// file is still in the folder and older copies of the file may ask for it).
    mutating func record(_ use: Use, uuid: String, content: HostedContent, type: AssetType) {
        for key in assets.keys where key != uuid { assets[key]?.uses.removeAll { $0 == use } }
        var entry = assets[uuid] ?? Entry(bytes: content.byteCount, contentHash: XXH64.hexString(content.contentHash),
                                          contentType: InlineMedia.mimeType(content.format, for: type) ?? "application/octet-stream",
                                          format: content.format.rawValue, uses: [])
        if !entry.uses.contains(use) {
            entry.uses.append(use)
            entry.uses.sort()
        }
        assets[uuid] = entry
    }

    /// The JSON written to the folder.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
