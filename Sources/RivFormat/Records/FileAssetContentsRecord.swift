import Foundation

/// The stored fields of a `FileAssetContents` record (106), the record after a file
/// asset that embeds its bytes, read and written here and nowhere else: the scan
/// that lists assets finds its fields through ``Field`` (keeping their byte ranges,
/// never copying the bytes), and every writer (the editor's embedding and placing,
/// the fixtures' builder) writes them through ``properties`` or the splice pieces
/// that keep a large payload out of memory.
public struct FileAssetContentsRecord: Sendable, Hashable {
    /// The embedded bytes (`FileAssetContents.bytes`, 212); nil when the record has none.
    public var bytes: [UInt8]?
    /// The signature stored beside them, 64 bytes on signed scripts
    /// (`FileAssetContents.signature`, 911); nil when the record has none.
    public var signature: [UInt8]?

    /// A record with these fields; a field left nil is not written.
    public init(bytes: [UInt8]?, signature: [UInt8]? = nil) {
        self.bytes = bytes
        self.signature = signature
    }

    /// The fields `object` of `file` stores (the last value of a repeated property),
    /// copied out of the file; a property of another field type than `.bytes` is passed over.
    public init(reading object: RivObject, in file: RivFile) {
        self.init(bytes: nil)
        for property in object.properties {
            switch Field(property) {
            case .bytes?: bytes = Array(file.valueBytes(of: property))
            case .signature?: signature = Array(file.valueBytes(of: property))
            case nil: break
            }
        }
    }

    /// One stored field, by the property that holds it.
    public enum Field: Sendable, CaseIterable {
        /// ``FileAssetContentsRecord/bytes``.
        case bytes
        /// ``FileAssetContentsRecord/signature``.
        case signature

        /// The property key that stores the field.
        public var key: UInt16 {
            switch self {
            case .bytes: Schema.PropertyKey.fileAssetContentsBytes
            case .signature: Schema.PropertyKey.fileAssetContentsSignature
            }
        }

        /// The field `property` stores; nil when it stores none (another key, or
        /// the right key with another field type than `.bytes`).
        public init?(_ property: RivProperty) {
            guard property.fieldType == .bytes else { return nil }
            switch property.key {
            case Schema.PropertyKey.fileAssetContentsBytes: self = .bytes
            case Schema.PropertyKey.fileAssetContentsSignature: self = .signature
            default: return nil
            }
        }
    }

    /// The properties to write: the bytes, then the signature; a nil field is left out.
    public var properties: [(key: UInt16, value: PropertyValue)] {
        var properties: [(key: UInt16, value: PropertyValue)] = []
        if let bytes { properties.append((Field.bytes.key, .bytes(bytes))) }
        if let signature { properties.append((Field.signature.key, .bytes(signature))) }
        return properties
    }

    /// `field` as pieces to splice: its key and length prefix, then `payload` as a
    /// piece of its own (never copied).
    static func pieces(of field: Field, _ payload: SpliceList.Piece) -> [SpliceList.Piece] {
        var prefix = ByteWriter()
        prefix.appendVarUInt(UInt64(field.key))
        prefix.appendVarUInt(UInt64(payload.count))
        return [.inserted(Data(prefix.bytes)), payload]
    }

    /// A whole record as pieces to splice, in the order of ``properties``: type key,
    /// the bytes, the signature when there is one, the terminating 0.
    static func pieces(bytes: SpliceList.Piece, signature: Data?) -> [SpliceList.Piece] {
        var typeKey = ByteWriter()
        typeKey.appendVarUInt(UInt64(Schema.TypeKey.fileAssetContents))
        var pieces = [SpliceList.Piece.inserted(Data(typeKey.bytes))] + Self.pieces(of: .bytes, bytes)
        if let signature { pieces += Self.pieces(of: .signature, .inserted(signature)) }
        return pieces + [.inserted(Data([0]))]
    }
}
