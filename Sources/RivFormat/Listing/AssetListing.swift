/// The listing of one asset in the shape of `riv-assets list --json` (schema version 1).
///
/// The field names are fixed; SPEC.md documents each one. Build it with
/// ``init(_:)`` from a ``FileAsset``.
public struct AssetListing: Codable, Sendable, Equatable {
    /// The asset's name as stored.
    public var name: String
    /// ``FileAsset/uniqueName``.
    public var uniqueName: String
    /// ``FileAsset/uniqueFilename``.
    public var uniqueFilename: String
    /// The id as the runtime sees it.
    public var assetID: UInt64
    /// The id as stored.
    public var storedAssetID: UInt64
    /// `image`, `font`, `audio` or `unknown`.
    public var type: String
    /// The object's type key.
    public var typeKey: UInt16
    /// The schema name of the kind, e.g. `ScriptAsset`.
    public var kind: String
    /// The extension Rive runtimes use for the kind.
    public var fileExtension: String
    /// `embedded`, `referenced` or `hosted`.
    public var location: String
    /// The CDN base URL and uuid, or null.
    public var cdn: CDNListing?
    /// The number of embedded bytes.
    public var embeddedByteCount: Int
    /// FNV-1a 64 of the embedded bytes, 16 hex digits.
    public var contentHash: String
    /// The sniffed format of the embedded bytes (``ContentFormat`` raw value), or null.
    public var detectedFormat: String?
    /// True when the contents carry a signature.
    public var signed: Bool
    /// The stored image width, or null.
    public var width: Double?
    /// The stored image height, or null.
    public var height: Double?
    /// The offset of the asset record.
    public var recordOffset: Int
    /// The offset of its contents record, or null.
    public var contentsOffset: Int?
    /// Problems with this asset, as sentences.
    public var problems: [String]

    /// The CDN part of a listing.
    public struct CDNListing: Codable, Sendable, Equatable {
        /// The base URL (the default applied when absent).
        public var baseURL: String
        /// The uuid in Rive's string form.
        public var uuid: String
    }

    /// The listing of `asset`. Computing ``contentHash`` reads every embedded byte.
    public init(_ asset: FileAsset) {
        name = asset.name
        uniqueName = asset.uniqueName
        uniqueFilename = asset.uniqueFilename
        assetID = asset.assetID
        storedAssetID = asset.storedAssetID
        type = asset.type.description
        typeKey = asset.type.typeKey
        kind = asset.kind
        fileExtension = asset.fileExtension
        location = asset.location.rawValue
        cdn = asset.cdn.map { CDNListing(baseURL: $0.baseURL, uuid: $0.uuid) }
        embeddedByteCount = asset.embeddedByteCount
        contentHash = FNV1a.hexString(asset.contentHash)
        detectedFormat = asset.detectedFormat?.rawValue
        signed = asset.isSigned
        width = asset.width
        height = asset.height
        recordOffset = asset.recordRange.lowerBound
        contentsOffset = asset.contentsRecordRange?.lowerBound
        problems = asset.problems.map(\.description)
    }

    private enum CodingKeys: String, CodingKey {
        case name, uniqueName, uniqueFilename, assetID, storedAssetID, type, typeKey, kind, fileExtension,
             location, cdn, embeddedByteCount, contentHash, detectedFormat, signed, width, height,
             recordOffset, contentsOffset, problems
    }

    /// Encodes every field, writing `null` for absent optional ones.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(uniqueName, forKey: .uniqueName)
        try container.encode(uniqueFilename, forKey: .uniqueFilename)
        try container.encode(assetID, forKey: .assetID)
        try container.encode(storedAssetID, forKey: .storedAssetID)
        try container.encode(type, forKey: .type)
        try container.encode(typeKey, forKey: .typeKey)
        try container.encode(kind, forKey: .kind)
        try container.encode(fileExtension, forKey: .fileExtension)
        try container.encode(location, forKey: .location)
        try container.encode(cdn, forKey: .cdn)
        try container.encode(embeddedByteCount, forKey: .embeddedByteCount)
        try container.encode(contentHash, forKey: .contentHash)
        try container.encode(detectedFormat, forKey: .detectedFormat)
        try container.encode(signed, forKey: .signed)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(recordOffset, forKey: .recordOffset)
        try container.encode(contentsOffset, forKey: .contentsOffset)
        try container.encode(problems, forKey: .problems)
    }
}
