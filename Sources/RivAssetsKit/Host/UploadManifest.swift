import Foundation
import RivFormat
import RivSupport

/// `manifest.json` of an upload folder: what each uuid file holds and which
/// files use it. Every run of ``AssetOperations/host(_:)`` merges into it, holding
/// the folder's lock; the JSON has sorted keys and sorted lists, so equal content
/// gives equal bytes.
///
/// What it promises: every key is a uuid in lower-case text form naming a regular
/// file of the folder, and every content type is one of ``contentTypes``. A
/// manifest already in a folder is not trusted to keep that promise: entries that
/// break it are dropped by `host` and reported by `verify --upload-dir`.
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

        /// The entry of an upload holding `content` for an asset of `type`, used by nothing yet.
        init(content: HostedContent, type: AssetType) {
            bytes = content.byteCount
            contentHash = XXH64.hexString(content.contentHash)
            contentType = UploadManifest.contentType(of: content.format, for: type)
            format = content.format.rawValue
            uses = []
        }
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

    /// The most bytes a manifest read from a folder may hold (64 MiB, some
    /// hundred thousand uploads); a larger one refuses the request.
    static let byteLimit = 64 << 20

    /// The content types ``AssetOperations/host(_:)`` writes: the MIME type of each
    /// format Rive decodes for images, fonts and audio, and `application/octet-stream`.
    public static let contentTypes: Set<String> = Set(AssetKind.allCases.flatMap { kind in
        ContentFormat.allCases.compactMap { InlineMedia.mimeType($0, for: AssetType(kind)) }
    } + [octetStream])

    private static let octetStream = "application/octet-stream"

    /// The content type an upload of `format` for an asset of `type` is served
    /// with: the format's MIME type when Rive decodes it for the type, else
    /// `application/octet-stream`.
    static func contentType(of format: ContentFormat?, for type: AssetType) -> String {
        InlineMedia.mimeType(format, for: type) ?? octetStream
    }

    /// An entry of a manifest found in an upload folder that the folder does not
    /// vouch for, and why: ``AssetOperations/host(_:)`` drops it, `verify
    /// --upload-dir` reports it.
    public struct RefusedEntry: Codable, Sendable, Equatable {
        /// Its key, as found (not necessarily a uuid).
        public var uuid: String
        /// Why it was refused, in a sentence.
        public var reason: String
    }

    /// The manifest of the upload folder `folder` with only the entries it can
    /// vouch for, and the others apart; an empty manifest when there is none.
    ///
    /// An entry is kept only when its key is a uuid in lower-case text form (no
    /// path separator, no `..`, nothing else) naming a regular file in the folder
    /// (not a link), its content type is one of ``contentTypes``, its format one
    /// the package detects, its hash 16 lower-case hex digits and its size not
    /// negative. A manifest that is not a regular file, holds more than 64 MiB, is
    /// not JSON of this layout or has another schema version refuses the request.
    static func read(inFolder folder: URL) throws(RequestError) -> (manifest: UploadManifest, refused: [RefusedEntry]) {
        let url = folder.appendingPathComponent(fileName)
        guard let found = POSIX.entry(atPath: url.path) else { return (UploadManifest(), []) }
        guard found.isRegularFile else {
            throw RequestError(.uploadFolderUnusable, "\(url.path): not a regular file (a link, folder, pipe or device); move it away")
        }
        guard found.byteCount <= byteLimit else {
            throw RequestError(.uploadFolderUnusable, "\(url.path): \(found.byteCount) bytes, more than the \(byteLimit >> 20) MiB a manifest may hold; move it away or fix it")
        }
        // One byte more than lstat saw is asked for, to tell a manifest that grew meanwhile.
        let bytes: [UInt8]
        switch POSIX.head(ofFileAt: url.path, count: found.byteCount + 1) {
        case .success(let read) where read.count <= byteLimit: bytes = read
        case .success: throw RequestError(.uploadFolderUnusable, "\(url.path): grew past \(byteLimit >> 20) MiB while it was read; move it away or fix it")
        case .failure(let problem): throw RequestError(.uploadFolderUnusable, "\(url.path): cannot be read: \(problem)")
        }
        var manifest: UploadManifest
        do {
            manifest = try JSONDecoder().decode(UploadManifest.self, from: Data(bytes))
        } catch {
            throw RequestError(.uploadFolderUnusable, "\(url.path): not a manifest riv-assets can read (\(FileSystemErrorText.reason(error))); move it away or fix it", underlying: error)
        }
        guard manifest.schemaVersion == Self.currentSchemaVersion else {
            throw RequestError(.uploadFolderUnusable, "\(url.path): manifest schema version \(manifest.schemaVersion); this riv-assets writes version \(Self.currentSchemaVersion)")
        }
        var refused: [RefusedEntry] = []
        for (key, entry) in manifest.assets.sorted(by: { $0.key < $1.key }) {
            guard let reason = problem(with: key, entry, in: folder) else { continue }
            refused.append(RefusedEntry(uuid: key, reason: reason))
            manifest.assets[key] = nil
        }
        return (manifest, refused)
    }

    /// Why the entry `key` of the manifest in `folder` cannot be trusted; nil when it can.
    private static func problem(with key: String, _ entry: Entry, in folder: URL) -> String? {
        guard UUID(uuidString: key)?.uuidString.lowercased() == key else {
            return "its key \(key.debugDescription) is not a uuid in lower-case text form, the only name host gives an upload"
        }
        guard POSIX.isRegularFile(atPath: folder.appendingPathComponent(key).path) == true else {
            return "\(key) names no regular file in the folder"
        }
        guard contentTypes.contains(entry.contentType) else {
            return "its content type \(entry.contentType.debugDescription) is not one host writes"
        }
        guard ContentFormat(rawValue: entry.format) != nil else {
            return "its format \(entry.format.debugDescription) is not one riv-assets detects"
        }
        guard entry.contentHash.count == 16, entry.contentHash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return "its content hash \(entry.contentHash.debugDescription) is not 16 lower-case hex digits"
        }
        guard entry.bytes >= 0 else { return "its size \(entry.bytes) is negative" }
        return nil
    }

    /// Records that `use` now takes its bytes from `uuid`, whose file holds what
    /// `entry` says (its uses aside): any earlier uuid of the same file and asset
    /// loses it (an entry left without uses stays, since its file is still in the
    /// folder and older copies of the file may ask for it).
    mutating func record(_ use: Use, uuid: String, holding entry: Entry) {
        for key in assets.keys where key != uuid { assets[key]?.uses.removeAll { $0 == use } }
        var updated = assets[uuid] ?? entry
        if !updated.uses.contains(use) {
            updated.uses.append(use)
            updated.uses.sort()
        }
        assets[uuid] = updated
    }

    /// The JSON written to the folder.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
