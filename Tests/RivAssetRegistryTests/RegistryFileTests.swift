import Foundation
import Testing
import RivTestSupport
import RivFormat
import RivAssetRegistry

/// Registering replacement files and folders, and the errors a folder gives.
@Suite("Registering files and folders")
struct RegistryFileTests {
    @Test("addGlobal…Asset(contentsOf:) checks the format at once; a refused file is never counted as a replacement")
    func registerFiles() throws {
        try EditFixture.withFolder { folder in
            let png = folder.appendingPathComponent("logo.png")
            let wav = folder.appendingPathComponent("sound.wav")
            try Data(Payload.Minimal.png).write(to: png)
            try Data(Payload.Minimal.wav).write(to: wav)
            let registry = AssetRegistry()
            try registry.addGlobalImageAsset(contentsOf: png, name: "logo-1")
            #expect(throws: RivEditError.unsupportedFormat(uniqueName: "logo-2", type: .image, detected: .wav, accepted: [.png, .jpeg, .webp])) {
                try registry.addGlobalImageAsset(contentsOf: wav, name: "logo-2")
            }
            try registry.addGlobalAudioAsset(contentsOf: wav, name: "click-3")
            #expect(throws: RivEditError.self) { try registry.addGlobalFontAsset(contentsOf: folder.appendingPathComponent("absent.ttf"), name: "f-1") }
            #expect(registry.registeredNames.map(\.name).sorted() == ["click-3", "logo-1"])
        }
    }

    @Test("addGlobalAssets(inFolder:) loads a folder as --assets does and names what it skipped")
    func registerFolder() throws {
        try EditFixture.withFolder { folder in
            try Data(Payload.Minimal.png).write(to: folder.appendingPathComponent("logo-1.png"))
            try Data(Payload.Minimal.ttf).write(to: folder.appendingPathComponent("Inter-2.ttf"))
            try Data("licence".utf8).write(to: folder.appendingPathComponent("OFL.txt"))
            let registry = AssetRegistry()
            #expect(try registry.addGlobalAssets(inFolder: folder) == ["OFL.txt"])
            #expect(registry.replacement(named: "logo-1", type: .image) == Data(Payload.Minimal.png))
            #expect(registry.replacement(named: "Inter-2", type: .font) == Data(Payload.Minimal.ttf))
            try Data(Payload.Minimal.jpeg).write(to: folder.appendingPathComponent("logo-1.jpg"))
            #expect(throws: AssetFolder.Problem.self) { try AssetRegistry().addGlobalAssets(inFolder: folder) }
        }
    }

    @Test("a folder that is missing or a file gets the system's own words, not Foundation's wrapper")
    func folderErrors() throws {
        try EditFixture.withFolder { folder in
            let file = folder.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            for (url, reason) in [(folder.appendingPathComponent("absent"), "No such file or directory"), (file, "Not a directory")] {
                #expect(throws: AssetFolder.Problem.unreadable(path: url.path, reason: reason)) { try AssetFolder(contentsOf: url) }
            }
        }
    }
}
