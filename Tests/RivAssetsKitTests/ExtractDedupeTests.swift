import Foundation
import Testing
import RivAssetsKit
import RivAssetRegistry
import RivFormat
import RivTestSupport

/// `extract --dedupe`: one file per content in each input's folder, and its manifest.
@Suite("Extract dedupe")
struct ExtractDedupeTests {
    @Test("a real file holding Inter-102112 and Inter-102113 (the same 856 KiB): one file, a manifest naming both; a rerun succeeds without overwrite")
    func realFile() async throws {
        guard let path = SharedData.runtimeTestFile("script_dependency_test_using_library.riv"), FileManager.default.fileExists(atPath: path) else {
            print(SharedData.skipMessage)
            return
        }
        let directory = try TemporaryDirectory()
        let request = ExtractRequest(inputs: [.path(path)], outputFolder: directory.path("fonts"), types: AssetTypeFilter(categories: [.font]), dedupe: true)
        let result = try await AssetOperations.extract(request)
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(directory.entries("fonts") == ["Inter-102112.ttf", "riv-assets-manifest.json"])
        #expect(result.extracted.map(\.asset) == ["Inter-102112", "Inter-102113"])
        #expect(result.extracted.map(\.file) == Array(repeating: directory.path("fonts/Inter-102112.ttf"), count: 2))
        let manifestPath = directory.path("fonts/riv-assets-manifest.json")
        #expect(result.files[0].detail?.manifest == manifestPath)
        let manifest = try JSONDecoder().decode(AssetManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        #expect(manifest.files == [AssetManifest.Entry(file: "Inter-102112.ttf", assets: ["Inter-102112", "Inter-102113"], inputs: [path])])
        let again = try await AssetOperations.extract(request)
        #expect(again.failures.isEmpty, "\(again.failures)")
        // Without dedupe both names get their file.
        let plain = try await AssetOperations.extract(ExtractRequest(inputs: [.path(path)], outputFolder: directory.path("plain"), types: AssetTypeFilter(categories: [.font])))
        #expect(plain.failures.isEmpty && directory.entries("plain") == ["Inter-102112.ttf", "Inter-102113.ttf"])
    }

    @Test("names with a backslash are written verbatim, listed in the manifest and read back by every folder reader")
    func backslashNamesReadBack() async throws {
        let directory = try TemporaryDirectory()
        let logo = Payload.wholePNG(64, seed: 3)
        let input = try directory.write("a.riv", Inputs.file([.image("a\\b", 1, logo), .image("copy\\of", 2, logo)]))
        let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out"), dedupe: true))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(directory.entries("out") == ["a\\b-1.png", AssetManifest.fileName])
        let url = URL(fileURLWithPath: directory.path("out"))
        let folder = try AssetFolder(contentsOf: url)
        #expect(folder.entry(for: "copy\\of-2", type: .image)?.url.lastPathComponent == "a\\b-1.png")
        let served = try FolderAssetSource(url: url, settleInterval: 0).currentAssetsImmediately()
        #expect(served.map(\.name).sorted() == ["a\\b-1", "copy\\of-2"], "\(served.map(\.name))")
        let registry = AssetRegistry()
        #expect(try registry.addGlobalAssets(inFolder: url).isEmpty)
        #expect(registry.replacement(named: "copy\\of-2", type: .image).map(Array.init) == logo)
        // verify reads the folder too: a manifest it refused would be a request error.
        #expect(throws: Never.self) { try AssetOperations.verify(VerifyRequest(inputs: [.path(input)], assetsFolder: directory.path("out"))) }
    }

    @Test("a pipe, or a link to an endless device, at the manifest path fails the input without --force at once",
          .timeLimit(.minutes(1)), arguments: ["pipe", "link to /dev/zero"])
    func pipeOrDeviceAtTheManifestPath(kind: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.riv", Inputs.file([.image("logo", 1, Payload.png(64, seed: 1)), .image("copy", 2, Payload.png(64, seed: 1))]))
        try FileManager.default.createDirectory(atPath: directory.path("out"), withIntermediateDirectories: true)
        let manifest = directory.path("out/riv-assets-manifest.json")
        if kind == "pipe" {
            #expect(mkfifo(manifest, 0o600) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: manifest, withDestinationPath: "/dev/zero")
        }
        let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out"), dedupe: true))
        #expect(result.failures.count == 1 && result.failures[0].remedy == .overwrite, "\(result.failures)")
        #expect(throws: AssetFolder.Problem.badManifest(path: manifest, reason: "it is no regular file")) {
            try AssetManifest.decoded(at: URL(fileURLWithPath: manifest))
        }
    }

    @Test("a manifest path holding another file fails the input without --force")
    func foreignManifest() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.riv", Inputs.file([.image("logo", 1, Payload.png(64, seed: 1)), .image("copy", 2, Payload.png(64, seed: 1))]))
        _ = try directory.write("out/riv-assets-manifest.json", Array("notes".utf8))
        let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out"), dedupe: true))
        #expect(result.failures.count == 1 && result.failures[0].remedy == .overwrite, "\(result.failures)")
        #expect(try directory.bytes("out/riv-assets-manifest.json") == Array("notes".utf8))
        #expect(directory.entries("out") == ["logo-1.png", "riv-assets-manifest.json"])
    }
}
