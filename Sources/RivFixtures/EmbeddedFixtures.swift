import RivFormat

/// Files whose assets carry their bytes in a FileAssetContents record.
enum EmbeddedFixtures {
    /// An 8×8 PNG inside an ImageAsset that stores the same width and height.
    static func png() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 101) { $0.appendEmbeddedPNG(name: "logo.png", id: 12, side: 8) }
    }

    /// A JPEG-signature blob inside an ImageAsset named `.jpg`: runtimes still look it up as `.png`.
    static func jpeg() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 102) { file in
            file.appendImage(name: "photo.jpg", id: 21, width: 640, height: 480)
            file.appendContents(JPEGSignature.blob(comment: "riv-assets fixture"))
        }
    }

    /// A TrueType skeleton inside a FontAsset.
    static func font() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 103) { file in
            file.appendAsset(Schema.TypeKey.fontAsset, name: "Inter-Regular.ttf", id: 3)
            file.appendContents(TrueTypeFont.skeleton(unitsPerEm: 1000, glyphCount: 1, family: "Inter", style: "Regular"))
        }
    }

    /// A WAV and a FLAC inside two AudioAssets: both are looked up as `.wav`, the sniffed formats differ.
    static func audio() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 104) { file in
            file.appendAsset(Schema.TypeKey.audioAsset, name: "click.wav", id: 40)
            file.appendContents(WAVAudio.triangle(sampleCount: 32, sampleRate: 8000))
            file.appendAsset(Schema.TypeKey.audioAsset, name: "theme.flac", id: 41)
            file.appendContents(FLACHeader.streamInfoOnly(sampleRate: 44100))
        }
    }
}
