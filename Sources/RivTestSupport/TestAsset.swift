import Foundation
import RivFormat

/// One file asset record (and its contents record when it has bytes) to put in a test input.
public struct TestAsset {
    public var typeKey: UInt16
    public var name: String
    public var id: UInt64
    public var bytes: [UInt8]?
    public var cdnUUID: [UInt8]?
    public var cdnBaseURL: String

    public init(typeKey: UInt16, name: String, id: UInt64, bytes: [UInt8]? = nil, cdnUUID: [UInt8]? = nil,
                cdnBaseURL: String = "https://cdn.example.com") {
        self.typeKey = typeKey
        self.name = name
        self.id = id
        self.bytes = bytes
        self.cdnUUID = cdnUUID
        self.cdnBaseURL = cdnBaseURL
    }

    /// The asset's record (the CDN base URL only with a uuid), then its contents record when it has bytes.
    public var records: [RivFileBuilder.Record] {
        [.asset(typeKey, name: name, id: id, cdnUUID: cdnUUID, baseURL: cdnUUID == nil ? nil : cdnBaseURL)] + (bytes.map { [.contents($0)] } ?? [])
    }

    public static func image(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil, cdnUUID: [UInt8]? = nil,
                             cdnBaseURL: String = "https://cdn.example.com") -> TestAsset {
        TestAsset(typeKey: Schema.TypeKey.imageAsset, name: name, id: id, bytes: bytes, cdnUUID: cdnUUID, cdnBaseURL: cdnBaseURL)
    }

    public static func font(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil, cdnUUID: [UInt8]? = nil,
                            cdnBaseURL: String = "https://cdn.example.com") -> TestAsset {
        TestAsset(typeKey: Schema.TypeKey.fontAsset, name: name, id: id, bytes: bytes, cdnUUID: cdnUUID, cdnBaseURL: cdnBaseURL)
    }

    public static func audio(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil) -> TestAsset {
        TestAsset(typeKey: Schema.TypeKey.audioAsset, name: name, id: id, bytes: bytes)
    }

    public static func script(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil) -> TestAsset {
        TestAsset(typeKey: Schema.TypeKey.scriptAsset, name: name, id: id, bytes: bytes)
    }
}
