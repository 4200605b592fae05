import RivFormat

/// The listing of one asset in the shape of `riv-assets list --json` (schema version 3).
///
/// The field names are fixed; SPEC.md documents each one. Build it with
/// ``init(_:contentHash:usedBy:)`` from a `FileAsset`.
public struct AssetListing: Codable, Sendable, Equatable {
    /// The asset's name as stored.
    public var name: String
    /// `FileAsset/uniqueName`.
    public var uniqueName: String
    /// `FileAsset/uniqueFilename`.
    public var uniqueFilename: String
    /// The id as the runtime sees it.
    public var assetID: UInt64
    /// The id as stored.
    public var storedAssetID: UInt64
    /// `image`, `font`, `audio` or `unknown` (the kind is in ``typeKey``; the
    /// typed value is ``assetType``).
    public var type: String
    /// The object's type key.
    public var typeKey: UInt16
    /// ``type`` as a value: the type ``typeKey`` stands for.
    public var assetType: AssetType { AssetType(typeKey: typeKey) }
    /// The schema name of the kind, e.g. `ScriptAsset`.
    public var kind: String
    /// The extension Rive runtimes use for the kind.
    public var fileExtension: String
    /// `embedded`, `referenced` or `hosted`.
    public var location: String
    /// The CDN base URL and uuid, or null.
    @NullEncoded public var cdn: CDNListing?
    /// The number of embedded bytes.
    public var embeddedByteCount: Int
    /// `XXH64` of the embedded bytes, 16 hex digits; null when the listing was
    /// made without hashing (``init(_:contentHash:usedBy:)``).
    @NullEncoded public var contentHash: String?
    /// The sniffed format of the embedded bytes (`ContentFormat` raw value), or null.
    @NullEncoded public var detectedFormat: String?
    /// True when the contents carry a signature.
    public var signed: Bool
    /// The image's size in pixels from its own header (`FileAsset/pixelSize`), or null.
    @NullEncoded public var pixelSize: PixelSize?
    /// The font's family and style from its `name` table (`FileAsset/fontNames`), or null.
    @NullEncoded public var font: FontNames?
    /// The objects that use the asset (`RivFile/referencersByAsset`), in artboard
    /// order, then object order, file-level objects last.
    public var usedBy: [UsedBy]

    /// One object that uses an asset, as the listing shows it.
    public struct UsedBy: Codable, Sendable, Equatable {
        /// The artboard's position in ``FileListing/artboards`` (its name is there,
        /// once for the whole file), or null for a file-level object.
        @NullEncoded public var artboardIndex: Int?
        /// The object's type key.
        public var typeKey: UInt16
        /// The object's name.
        public var name: String

        /// The listing of `referencer`.
        public init(_ referencer: AssetReferencer) {
            artboardIndex = referencer.artboardIndex
            typeKey = referencer.typeKey
            name = referencer.name
        }
    }
    /// The stored image width, or null.
    @NullEncoded public var width: Double?
    /// The stored image height, or null.
    @NullEncoded public var height: Double?
    /// The offset of the asset record.
    public var recordOffset: Int
    /// The offset of its contents record, or null.
    @NullEncoded public var contentsOffset: Int?
    /// Problems with this asset, as sentences.
    public var problems: [String]

    /// The CDN part of a listing.
    public struct CDNListing: Codable, Sendable, Equatable {
        /// The base URL (the default applied when absent).
        public var baseURL: String
        /// The uuid in Rive's string form.
        public var uuid: String
        /// The URL a Rive runtime fetches the asset from (`CDNInfo/url`).
        public var url: String
    }

    /// The listing of `asset`. With `contentHash` (the default), every embedded byte
    /// is read to hash it; without, ``contentHash`` is nil and no byte is read.
    public init(_ asset: FileAsset, contentHash hashing: Bool = true, usedBy referencers: [AssetReferencer] = []) {
        usedBy = referencers.map(UsedBy.init)
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
        cdn = asset.cdn.map { CDNListing(baseURL: $0.baseURL, uuid: $0.uuid, url: $0.url) }
        embeddedByteCount = asset.embeddedByteCount
        contentHash = hashing ? XXH64.hexString(asset.contentHash) : nil
        detectedFormat = asset.detectedFormat?.rawValue
        signed = asset.isSigned
        pixelSize = asset.pixelSize
        font = asset.fontNames
        width = asset.width
        height = asset.height
        recordOffset = asset.recordRange.lowerBound
        contentsOffset = asset.contentsRecordRange?.lowerBound
        problems = asset.problems.map(\.description)
    }
}

extension AssetListing: PropertiesDescribed {}

extension AssetListing.UsedBy: PropertiesDescribed {}

extension AssetListing.CDNListing: PropertiesDescribed {}
