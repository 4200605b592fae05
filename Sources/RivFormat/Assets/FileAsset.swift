import Foundation
import RivSupport

/// One file asset of a `.riv` file (an image, font, audio clip, script, ...) as
/// Rive's runtime sees it, with where its record and bytes lie in the file.
///
/// Embedded bytes are not copied when the file is read: ``embeddedBytes`` copies
/// them on demand and ``withEmbeddedBytes(_:)`` lends them without a copy.
public struct FileAsset: Sendable {
    /// The name the designer gave the asset, usually with an extension (`walle.jpg`).
    public let name: String
    /// The id the runtime uses: the stored id, renumbered when an earlier asset already has it.
    public let assetID: UInt64
    /// The id as written in the file.
    public let storedAssetID: UInt64
    /// The asset's kind.
    public let type: AssetType
    /// The bytes of the asset's record (from its type key to its terminating 0).
    public let recordRange: Range<Int>
    /// Everything else, nil for a bare asset (no CDN, size, contents or problems).
    private let details: AssetDetails?
    let storage: ByteStorage

    init(name: String, assetID: UInt64, storedAssetID: UInt64, type: AssetType, recordRange: Range<Int>,
         details: AssetDetails?, storage: ByteStorage) {
        self.name = name
        self.assetID = assetID
        self.storedAssetID = storedAssetID
        self.type = type
        self.recordRange = recordRange
        self.details = details
        self.storage = storage
    }

    /// The details beyond name, ids, type and record; none for a bare asset.
    private var fields: AssetDetails.Fields { details?.fields ?? .empty }

    /// The real format of the embedded bytes; nil when nothing is embedded.
    public var detectedFormat: ContentFormat? { fields.detectedFormat }

    /// The CDN location, when the file stores a uuid for the asset.
    public var cdn: CDNInfo? { fields.cdn }
    /// The image width stored with an image asset, if any.
    public var width: Double? { fields.width }
    /// The image height stored with an image asset, if any.
    public var height: Double? { fields.height }
    /// The bytes of the contents record bound to the asset, when it has one.
    public var contentsRecordRange: Range<Int>? { fields.contentsRecordRange }
    /// The embedded bytes inside the file, when the asset has a contents record with bytes.
    public var embeddedRange: Range<Int>? { fields.embeddedRange }
    /// The signature stored beside the embedded bytes (signed scripts), if any.
    public var signatureRange: Range<Int>? { fields.signatureRange }
    /// How many contents records follow the asset (normally 0 or 1).
    public var contentsRecordCount: Int { fields.contentsRecordCount }
    /// What is odd about this asset.
    public var problems: [RivProblem] { fields.problems }
    /// Where the asset's record and contents lie, for the rewriter.
    package var byteRanges: AssetByteRanges { fields.byteRanges }

    /// The name without its final `.extension`, then `-` and ``assetID``: `walle-370`.
    /// Global assets are registered, and referenced files looked up, under this name.
    public var uniqueName: String {
        let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return "\(base)-\(assetID)"
    }

    /// The extension Rive runtimes use for this kind (`png`, `ttf`, `wav`, `lua`, ...).
    public var fileExtension: String { type.runtimeFileExtension }

    /// ``uniqueName`` + `.` + ``fileExtension``: the file name a Rive runtime looks up.
    public var uniqueFilename: String {
        fileExtension.isEmpty ? uniqueName : uniqueName + "." + fileExtension
    }

    /// The schema's name for the asset's kind, e.g. `ImageAsset`.
    public var kind: String { type.kindName }

    /// Whether Rive's runtime puts the asset in the file's asset list, the one
    /// objects point into by index (every kind but a manifest; ``AssetType/isListed``).
    public var isListed: Bool { type.isListed }

    /// Where a runtime gets the bytes: embedded in the file, hosted on the CDN, or referenced.
    public var location: AssetLocation {
        if embeddedRange != nil { return .embedded }
        if cdn != nil { return .hosted }
        return .referenced
    }

    /// The number of embedded bytes (0 when nothing is embedded).
    public var embeddedByteCount: Int { embeddedRange?.count ?? 0 }

    /// The number of signature bytes stored with the contents (0 when unsigned).
    public var signatureByteCount: Int { signatureRange?.count ?? 0 }

    /// True when the contents carry a signature (signed scripts).
    public var isSigned: Bool { signatureByteCount > 0 }

    /// A copy of the embedded bytes; nil when nothing is embedded.
    public var embeddedBytes: Data? {
        embeddedRange.map { storage.data(in: $0) }
    }

    /// Lends the embedded bytes (empty when nothing is embedded) without copying them.
    public func withEmbeddedBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        guard let range = embeddedRange else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(rebasing: storage.bytes[range]))
    }

    /// The size in pixels of an embedded PNG, JPEG or WebP image, read from its
    /// header (a few bytes, without mapping the file); nil for anything else.
    public var pixelSize: PixelSize? {
        guard type == .image, let reader = embeddedReader, let format = detectedFormat else { return nil }
        return PixelSize.read(reader, format: format)
    }

    /// The family and style of an embedded TTF, OTF or TTC font, from its `name`
    /// table; nil for anything else.
    public var fontNames: FontNames? {
        guard type == .font, let reader = embeddedReader, let format = detectedFormat else { return nil }
        return FontNames.read(reader, format: format)
    }

    /// How long an embedded WAV or FLAC clip plays, in seconds, from its header; nil
    /// for anything else or when the header does not tell it.
    public var audioDuration: Double? {
        guard type == .audio, let reader = embeddedReader, let format = detectedFormat else { return nil }
        return AudioDuration.read(reader, format: format)
    }

    /// Reads parts of the embedded bytes, when there are some.
    private var embeddedReader: EmbeddedBytesReader? {
        embeddedRange.map { EmbeddedBytesReader(storage: storage, range: $0) }
    }

    /// The ``XXH64`` hash of the embedded bytes (the empty-input hash when none).
    /// Reads every embedded byte, in chunks, without keeping them resident.
    public var contentHash: UInt64 {
        guard let range = embeddedRange else { return XXH64.emptyHash }
        var hasher = XXH64()
        storage.forEachChunk(in: range) { (chunk: UnsafeRawBufferPointer) in hasher.update(chunk) }
        return hasher.digest
    }
}

extension FileAsset {
    /// Writes the embedded bytes straight from the file's memory to `url` through a
    /// temporary file and a rename; nothing is written when nothing is embedded.
    ///
    /// - Parameters:
    ///   - url: Where the bytes go.
    ///   - replacing: Replace what `url` names (the default); without it an existing
    ///     destination fails the write with ``RivEditError/destinationExists(path:)``.
    public func writeEmbeddedBytes(to url: URL, replacing: Bool = true) throws(RivEditError) {
        guard let range = embeddedRange else { throw .notEmbedded(uniqueName: uniqueName) }
        try AtomicFileWriter.write([.stored(storage, range)], to: url.path, replacing: replacing)
    }
}

extension FileAsset: Hashable, Identifiable, CustomStringConvertible {
    /// What identifies an asset: the file it was read from (its path, or the
    /// in-memory bytes it was read from) and where its record starts.
    public struct ID: Hashable, Sendable {
        /// The path of the file, nil for a file read from memory.
        public let path: String?
        /// The offset of the asset's record.
        public let recordOffset: Int
        /// Tells apart files read from memory, which have no path.
        let storage: ObjectIdentifier?
    }

    /// The asset's identity: its file and record offset. Two reads of one file on
    /// disk give assets with equal ids.
    public var id: ID {
        ID(path: storage.path, recordOffset: recordRange.lowerBound, storage: storage.path == nil ? ObjectIdentifier(storage) : nil)
    }

    /// Assets are equal when they are the same record of the same file, as read.
    public static func == (lhs: FileAsset, rhs: FileAsset) -> Bool {
        lhs.id == rhs.id && lhs.recordRange == rhs.recordRange && lhs.assetID == rhs.assetID
            && lhs.name == rhs.name && lhs.embeddedRange == rhs.embeddedRange
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// `logo-12 (image, embedded png, 268 B)`.
    public var description: String {
        var parts = ["\(type)", location.rawValue]
        if location == .embedded {
            parts[1] += " " + (detectedFormat ?? .unknown).rawValue
            parts.append("\(embeddedByteCount) B")
        }
        return "\(uniqueName) (" + parts.joined(separator: ", ") + ")"
    }
}

