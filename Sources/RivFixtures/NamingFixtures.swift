import RivFormat

/// Files that exercise how runtimes name assets: the uniqueName rule and id renumbering.
enum NamingFixtures {
    /// Names with several dots, none, and a trailing one: only the final `.extension` goes.
    static func dottedNames() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 301) { file in
            file.appendImage(name: "logo.final.v2.png", id: 60, width: 64, height: 64)
            file.appendAsset(Schema.TypeKey.fontAsset, name: "Roboto", id: 61)
            file.appendAsset(Schema.TypeKey.audioAsset, name: "jingle.", id: 62)
        }
    }

    /// Stored ids 5, 5, 5, 2, 6 across images, a font and audio: the runtime sees 5, 6, 7, 2, 8.
    static func repeatedIDs() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 302) { file in
            file.appendImage(name: "first.png", id: 5, width: 16, height: 16)
            file.appendImage(name: "second.png", id: 5, width: 16, height: 16)
            file.appendAsset(Schema.TypeKey.fontAsset, name: "third.ttf", id: 5)
            file.appendAsset(Schema.TypeKey.audioAsset, name: "fourth.wav", id: 2)
            file.appendImage(name: "fifth.png", id: 6, width: 16, height: 16)
        }
    }
}
