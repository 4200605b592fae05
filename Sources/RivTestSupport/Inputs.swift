import Foundation
import RivFormat

public enum Inputs {
    /// The keys of each entry of `files` in `list --json` (see `FileListing`).
    public static let fileKeys: Set<String> = ["path", "error", "header", "byteCount", "problems", "assets"]

    /// The keys of each asset in `list --json` (see `AssetListing`).
    public static let assetKeys: Set<String> = [
        "name", "uniqueName", "uniqueFilename", "assetID", "storedAssetID", "type", "typeKey", "kind",
        "fileExtension", "location", "cdn", "embeddedByteCount", "contentHash", "detectedFormat", "signed",
        "width", "height", "recordOffset", "contentsOffset", "problems",
    ]

    /// An embedded JPEG `walle-370`, a referenced font `Inter-5` and a hosted image `logo-6`.
    public static func threeAssets() -> [UInt8] {
        var encoder = RivEncoder(fileID: 42, tableOfContents: [])
        encoder.appendObject(typeKey: 23, properties: [])
        encoder.appendObject(typeKey: 105, properties: [(203, .string("walle.jpg")), (204, .uint(370)),
                                                        (208, .float32(64)), (207, .float32(32))])
        encoder.appendObject(typeKey: 106, properties: [(212, .bytes([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 200)))])
        encoder.appendObject(typeKey: 141, properties: [(203, .string("Inter.ttf")), (204, .uint(5))])
        encoder.appendObject(typeKey: 105, properties: [(203, .string("logo.webp")), (204, .uint(6)),
                                                        (359, .bytes(Array(0..<16))),
                                                        (362, .string("https://cdn.example.com"))])
        return encoder.bytes
    }

    /// A file with one referenced image.
    public static func oneImage(name: String, id: UInt64) -> [UInt8] {
        var encoder = RivEncoder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: 105, properties: [(203, .string(name)), (204, .uint(id))])
        return encoder.bytes
    }
}

extension Inputs {
    /// A Backboard, an Artboard, then each asset record followed by a contents record
    /// `106, 212 bytes, 0` when it has bytes. The ToC lists 212, as editor exports with
    /// embedded assets do, so that strip then embed gives back the file byte for byte.
    public static func file(_ assets: [TestAsset], fileID: UInt64 = 7) -> [UInt8] {
        var encoder = RivEncoder(fileID: fileID, tableOfContents: [.init(key: 212, fieldType: .bytes)])
        encoder.appendObject(typeKey: 23, properties: [])
        encoder.appendObject(typeKey: 1, properties: [])
        for asset in assets {
            var properties: [(key: UInt16, value: PropertyValue)] = [(203, .string(asset.name)), (204, .uint(asset.id))]
            if let uuid = asset.cdnUUID {
                properties += [(359, .bytes(uuid)), (362, .string("https://cdn.example.com"))]
            }
            encoder.appendObject(typeKey: asset.typeKey, properties: properties)
            if let bytes = asset.bytes { encoder.appendObject(typeKey: 106, properties: [(212, .bytes(bytes))]) }
        }
        return encoder.bytes
    }

    /// The payloads of the mixed input's embedded assets, by unique name.
    public static let mixedPayloads: [String: [UInt8]] = [
        "walle-370": Payload.jpeg(300), "logo-12": Payload.png(200), "Inter-5": Payload.ttf(500),
        "beep-7": Payload.wav(400), "main-0": Payload.luaBytecode(50),
    ]

    /// One embedded asset of each kind (a JPEG in an ImageAsset, a PNG, a TTF font, a WAV
    /// and a Lua script), then a referenced image `ref-20` and a CDN-hosted image `cloud-21`.
    public static func mixed() -> [UInt8] {
        file([
            .image("walle.jpg", 370, mixedPayloads["walle-370"]),
            .image("logo.png", 12, mixedPayloads["logo-12"]),
            .font("Inter.ttf", 5, mixedPayloads["Inter-5"]),
            .audio("beep.wav", 7, mixedPayloads["beep-7"]),
            .script("main.lua", 0, mixedPayloads["main-0"]),
            .image("ref.png", 20),
            .image("cloud.png", 21, cdnUUID: Array(0..<16)),
        ])
    }
}
