import RivFormat

extension RivFileBuilder {
    /// One object of a file to write: its type key and its properties in order.
    public struct Record: Sendable {
        /// The type key (see ``Schema/TypeKey``).
        public var typeKey: UInt16
        /// The properties, written in this order.
        public var properties: [Property]

        /// An object of type `typeKey` with `properties`, in order.
        public init(typeKey: UInt16, properties: [Property]) {
            self.typeKey = typeKey
            self.properties = properties
        }

        /// A file asset record of kind `typeKey` as ``FileAssetRecord`` writes it (its
        /// name and stored id, the CDN uuid and base URL when given), then `extras`.
        public static func asset(_ typeKey: UInt16, name: String, id: UInt64, cdnUUID: [UInt8]? = nil,
                                 baseURL: String? = nil, extras: [Property] = []) -> Record {
            .asset(FileAssetRecord(typeKey: typeKey, name: name, storedAssetID: id, cdnUUID: cdnUUID, cdnBaseURL: baseURL), extras: extras)
        }

        /// The file asset record `fields` as it writes itself, then `extras`.
        public static func asset(_ fields: FileAssetRecord, extras: [Property] = []) -> Record {
            Record(typeKey: fields.typeKey, properties: fields.properties + extras)
        }

        /// A FileAssetContents record as ``FileAssetContentsRecord`` writes it: the
        /// embedded bytes and, when given, a signature.
        public static func contents(_ bytes: [UInt8], signature: [UInt8]? = nil) -> Record {
            Record(typeKey: Schema.TypeKey.fileAssetContents, properties: FileAssetContentsRecord(bytes: bytes, signature: signature).properties)
        }
    }
}
