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

        /// A file asset record of kind `typeKey`: its name and stored id, the CDN
        /// uuid and base URL when given, then `extras`.
        public static func asset(_ typeKey: UInt16, name: String, id: UInt64, cdnUUID: [UInt8]? = nil,
                                 baseURL: String? = nil, extras: [Property] = []) -> Record {
            var properties: [Property] = [(Schema.PropertyKey.assetName, .string(name)), (Schema.PropertyKey.fileAssetAssetId, .uint(id))]
            if let cdnUUID { properties.append((Schema.PropertyKey.fileAssetCdnUuid, .bytes(cdnUUID))) }
            if let baseURL { properties.append((Schema.PropertyKey.fileAssetCdnBaseUrl, .string(baseURL))) }
            return Record(typeKey: typeKey, properties: properties + extras)
        }

        /// A FileAssetContents record: the embedded bytes and, when given, a signature.
        public static func contents(_ bytes: [UInt8], signature: [UInt8]? = nil) -> Record {
            var properties: [Property] = [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(bytes))]
            if let signature { properties.append((Schema.PropertyKey.fileAssetContentsSignature, .bytes(signature))) }
            return Record(typeKey: Schema.TypeKey.fileAssetContents, properties: properties)
        }
    }
}
