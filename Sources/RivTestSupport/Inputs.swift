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
        var file = RivFileBuilder(fileID: 42, tableOfContents: [])
        file.appendBackboard()
        file.appendImage(name: "walle.jpg", id: 370, width: 64, height: 32)
        file.appendContents([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 200))
        file.appendAsset(Schema.TypeKey.fontAsset, name: "Inter.ttf", id: 5)
        file.appendAsset(Schema.TypeKey.imageAsset, name: "logo.webp", id: 6, cdnUUID: Array(0..<16), baseURL: "https://cdn.example.com")
        return file.bytes
    }

    /// A file with one referenced image.
    public static func oneImage(name: String, id: UInt64) -> [UInt8] {
        var file = RivFileBuilder(fileID: 1, tableOfContents: [])
        file.appendAsset(Schema.TypeKey.imageAsset, name: name, id: id)
        return file.bytes
    }
}

extension Inputs {
    /// A Backboard, an Artboard, then each asset record followed by a contents record
    /// `106, 212 bytes, 0` when it has bytes. The ToC lists 212, as editor exports with
    /// embedded assets do, so that strip then embed gives back the file byte for byte.
    public static func file(_ assets: [TestAsset], fileID: UInt64 = 7) -> [UInt8] {
        var file = RivFileBuilder(fileID: fileID, tableOfContents: [.init(key: Schema.PropertyKey.fileAssetContentsBytes, fieldType: .bytes)])
        file.appendBackboard()
        file.appendArtboard()
        for record in assets.flatMap(\.records) { file.append(record) }
        return file.bytes
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
