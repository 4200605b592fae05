import RivFormat

/// Files whose assets keep their bytes outside the file: referenced by the app or hosted on the CDN.
enum OutOfBandFixtures {
    /// An image and a font with no contents record: the app supplies `background-7.png` and `Brand-8.ttf`.
    static func referenced() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 201) { file in
            file.appendImage(name: "background.png", id: 7, width: 1920, height: 1080)
            file.appendAsset(Schema.TypeKey.fontAsset, name: "Brand.otf", id: 8)
        }
    }

    /// A hosted image with its own base URL; the uuid bytes print as `3c2d1e0f-5a4b-7869-9687-00e1d2c3b4a5`.
    static func hostedWithBaseURL() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 202) { file in
            file.appendImage(name: "hero.webp", id: 50, width: 1200, height: 630, extras: [
                (Schema.PropertyKey.fileAssetCdnUuid, .bytes([0x0F, 0x1E, 0x2D, 0x3C, 0x4B, 0x5A, 0x69, 0x78,
                                              0x87, 0x96, 0xA5, 0xB4, 0xC3, 0xD2, 0xE1, 0x00])),
                (Schema.PropertyKey.fileAssetCdnBaseUrl, .string("https://assets.example.com/rive")),
            ])
        }
    }

    /// A hosted font without a base URL, so the default applies; the uuid prints as
    /// `03020100-0504-0706-0908-0f0e0d0c0b0a`.
    static func hostedWithDefaultBaseURL() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 203) {
            $0.appendAsset(Schema.TypeKey.fontAsset, name: "Display.ttf", id: 51, extras: [
                (Schema.PropertyKey.fileAssetCdnUuid, .bytes(Array(0...15))),
            ])
        }
    }
}
