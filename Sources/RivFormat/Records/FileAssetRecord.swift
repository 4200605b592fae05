/// The stored fields of a file asset record (`ImageAsset`, `FontAsset`, `AudioAsset`,
/// and the other kinds of ``AssetType``), read and written here and nowhere else:
/// the scan that lists assets reads them through ``Field``, and every writer (the
/// editor's placing, hosting and id rewrites, the fixtures' builder) writes them
/// through ``properties`` or ``Field/key``.
///
/// The values are those of the record as stored: ``storedAssetID`` before the
/// runtime makes ids unique, ``cdnUUID`` as its 16 stored bytes.
///
/// ```swift
/// let record = FileAssetRecord(typeKey: Schema.TypeKey.imageAsset, name: "logo.png", storedAssetID: 7, width: 64, height: 64)
/// var encoder = RivEncoder(fileID: 1, tableOfContents: [])
/// encoder.appendObject(typeKey: record.typeKey, properties: record.properties)
/// ```
public struct FileAssetRecord: Sendable, Hashable {
    /// The record's type key: which kind of asset it is (see ``AssetType``).
    public var typeKey: UInt16
    /// The name the designer gave the asset, usually with an extension (`Asset.name`, 203).
    public var name: String
    /// The id as stored (`FileAsset.assetId`, 204).
    public var storedAssetID: UInt64
    /// The CDN uuid as its stored bytes, 16 when well formed (`FileAsset.cdnUuid`, 359);
    /// nil when the record has none. ``CDNInfo/uuidString(fromStoredBytes:)`` prints it.
    public var cdnUUID: [UInt8]?
    /// The CDN base URL (`FileAsset.cdnBaseUrl`, 362); nil when the record has none
    /// (runtimes then use ``CDNInfo/defaultBaseURL``).
    public var cdnBaseURL: String?
    /// The stored image width (`DrawableAsset.width`, 208); nil when the record has none.
    public var width: Float?
    /// The stored image height (`DrawableAsset.height`, 207); nil when the record has none.
    public var height: Float?

    /// A record with these fields; a field left nil is not written.
    public init(typeKey: UInt16, name: String, storedAssetID: UInt64, cdnUUID: [UInt8]? = nil, cdnBaseURL: String? = nil,
                width: Float? = nil, height: Float? = nil) {
        self.typeKey = typeKey
        self.name = name
        self.storedAssetID = storedAssetID
        self.cdnUUID = cdnUUID
        self.cdnBaseURL = cdnBaseURL
        self.width = width
        self.height = height
    }

    /// The fields `object` of `file` stores (the last value of a repeated property);
    /// a property of another field type than the format's is passed over.
    public init(reading object: RivObject, in file: RivFile) {
        self.init(typeKey: object.typeKey, name: "", storedAssetID: 0)
        for property in object.properties {
            guard let field = Field(property) else { continue }
            read(field, from: file.valueBytes(of: property))
        }
    }

    /// One stored field, by the property that holds it.
    public enum Field: Sendable, CaseIterable {
        /// ``FileAssetRecord/name``.
        case name
        /// ``FileAssetRecord/storedAssetID``.
        case assetID
        /// ``FileAssetRecord/cdnUUID``.
        case cdnUUID
        /// ``FileAssetRecord/cdnBaseURL``.
        case cdnBaseURL
        /// ``FileAssetRecord/width``.
        case width
        /// ``FileAssetRecord/height``.
        case height

        /// The property key that stores the field.
        public var key: UInt16 {
            switch self {
            case .name: Schema.PropertyKey.assetName
            case .assetID: Schema.PropertyKey.fileAssetAssetId
            case .cdnUUID: Schema.PropertyKey.fileAssetCdnUuid
            case .cdnBaseURL: Schema.PropertyKey.fileAssetCdnBaseUrl
            case .width: Schema.PropertyKey.drawableAssetWidth
            case .height: Schema.PropertyKey.drawableAssetHeight
            }
        }

        /// The field type its value is written with.
        public var fieldType: FieldType {
            switch self {
            case .name, .cdnUUID, .cdnBaseURL: .bytes
            case .assetID: .varUInt
            case .width, .height: .float32
            }
        }

        /// The field `property` stores; nil when it stores none (another key, or the
        /// right key with another field type).
        public init?(_ property: RivProperty) {
            switch (property.key, property.fieldType) {
            case (Schema.PropertyKey.assetName, .bytes): self = .name
            case (Schema.PropertyKey.fileAssetAssetId, .varUInt): self = .assetID
            case (Schema.PropertyKey.fileAssetCdnUuid, .bytes): self = .cdnUUID
            case (Schema.PropertyKey.fileAssetCdnBaseUrl, .bytes): self = .cdnBaseURL
            case (Schema.PropertyKey.drawableAssetWidth, .float32): self = .width
            case (Schema.PropertyKey.drawableAssetHeight, .float32): self = .height
            default: return nil
            }
        }
    }

    /// Sets `field` from the bytes of its value (the value only, without a length prefix).
    mutating func read(_ field: Field, from value: UnsafeRawBufferPointer) {
        let all = 0..<value.count
        switch field {
        case .name: name = value.stringValue(in: all)
        case .assetID: storedAssetID = value.varUIntValue(in: all)
        case .cdnUUID: cdnUUID = Array(value)
        case .cdnBaseURL: cdnBaseURL = value.stringValue(in: all)
        case .width: width = value.float32Value(in: all)
        case .height: height = value.float32Value(in: all)
        }
    }

    /// The properties to write, in the order Rive's editor writes them: name, id,
    /// CDN uuid and base URL, width and height; a nil field is left out.
    public var properties: [(key: UInt16, value: PropertyValue)] {
        properties(of: Set(Field.allCases))
    }

    /// The properties of `fields` only, in the order of ``properties``: what an
    /// edit that changes some fields of a record in place writes.
    public func properties(of fields: Set<Field>) -> [(key: UInt16, value: PropertyValue)] {
        let values: [(Field, PropertyValue?)] = [
            (.name, .string(name)), (.assetID, .uint(storedAssetID)), (.cdnUUID, cdnUUID.map { .bytes($0) }),
            (.cdnBaseURL, cdnBaseURL.map { .string($0) }), (.width, width.map { .float32($0) }), (.height, height.map { .float32($0) }),
        ]
        return values.compactMap { field, value in
            guard fields.contains(field), let value else { return nil }
            return (field.key, value)
        }
    }
}
