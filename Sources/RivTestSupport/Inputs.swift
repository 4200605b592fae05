import Foundation
import RivFormat

public enum Inputs {
    /// The keys of each entry of `files` in `list --json` (see `FileListing`).
    public static let fileKeys: Set<String> = ["input", "error", "header", "byteCount", "problems", "artboards", "assets"]

    /// The keys of each asset in `list --json` (see `AssetListing`).
    public static let assetKeys: Set<String> = [
        "name", "uniqueName", "uniqueFilename", "assetID", "storedAssetID", "type", "typeKey", "kind",
        "fileExtension", "location", "cdn", "embeddedByteCount", "contentHash", "detectedFormat", "signed", "pixelSize", "font", "usedBy",
        "width", "height", "recordOffset", "contentsOffset", "problems",
    ]

    /// An embedded JPEG `walle-370`, a referenced font `Inter-5` and a hosted image `logo-6`.
    public static func threeAssets() -> [UInt8] {
        var encoder = RivEncoder(fileID: 42, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("walle.jpg")), (Schema.PropertyKey.fileAssetAssetId, .uint(370)),
                                                        (Schema.PropertyKey.drawableAssetWidth, .float32(64)), (Schema.PropertyKey.drawableAssetHeight, .float32(32))])
        encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 200)))])
        encoder.appendObject(typeKey: Schema.TypeKey.fontAsset, properties: [(Schema.PropertyKey.assetName, .string("Inter.ttf")), (Schema.PropertyKey.fileAssetAssetId, .uint(5))])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("logo.webp")), (Schema.PropertyKey.fileAssetAssetId, .uint(6)),
                                                        (Schema.PropertyKey.fileAssetCdnUuid, .bytes(Array(0..<16))),
                                                        (Schema.PropertyKey.fileAssetCdnBaseUrl, .string("https://cdn.example.com"))])
        return encoder.bytes
    }

    /// A file with one referenced image.
    public static func oneImage(name: String, id: UInt64) -> [UInt8] {
        var encoder = RivEncoder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string(name)), (Schema.PropertyKey.fileAssetAssetId, .uint(id))])
        return encoder.bytes
    }
}

extension Inputs {
    /// A Backboard, an Artboard, then each asset record followed by a contents record
    /// `106, 212 bytes, 0` when it has bytes. The ToC lists 212, as editor exports with
    /// embedded assets do, so that strip then embed gives back the file byte for byte.
    public static func file(_ assets: [TestAsset], fileID: UInt64 = 7) -> [UInt8] {
        var encoder = RivEncoder(fileID: fileID, tableOfContents: [.init(key: Schema.PropertyKey.fileAssetContentsBytes, fieldType: .bytes)])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
        for asset in assets {
            var properties: [(key: UInt16, value: PropertyValue)] = [(Schema.PropertyKey.assetName, .string(asset.name)), (Schema.PropertyKey.fileAssetAssetId, .uint(asset.id))]
            if let uuid = asset.cdnUUID {
                properties += [(Schema.PropertyKey.fileAssetCdnUuid, .bytes(uuid)), (Schema.PropertyKey.fileAssetCdnBaseUrl, .string(asset.cdnBaseURL))]
            }
            encoder.appendObject(typeKey: asset.typeKey, properties: properties)
            if let bytes = asset.bytes { encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(bytes))]) }
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
