import Foundation
import Testing
import RivAssetRegistry
import RivAssetsKit
import RivFormat
import RivTestSupport

/// Folder readers finding the files of a folder laid out for Android
/// (`kenia_37286.ttf` for `Kenia-37286`) without the folder's manifest.
@Suite("Android spelling in folder readers")
struct AndroidSpellingTests {
    /// Strips `input`'s fonts into `res/raw` with the Android layout and removes the manifest, as an app ships the folder.
    static func androidFolder(_ directory: TemporaryDirectory, _ input: String) throws {
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("res/raw"), destination: .path(directory.path("out") + "/"),
                                                            types: AssetTypeFilter(categories: [.font]), layout: .android))
        #expect(result.failures.isEmpty, "\(result.failures)")
        try FileManager.default.removeItem(atPath: directory.path("res/raw/\(AssetManifest.androidFileName)"))
    }

    @Test("without the manifest, verify, embed and replace --assets find kenia_37286.ttf for Kenia-37286")
    func foundWithoutManifest() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.file([.font("Kenia", 37286, Payload.ttf(40))]))
        try Self.androidFolder(directory, input)
        #expect(directory.entries("res/raw") == ["kenia_37286.ttf"])
        let stripped = directory.path("out/hero.riv")
        let verified = try AssetOperations.verify(VerifyRequest(inputs: [.path(stripped)], assetsFolder: directory.path("res/raw")))
        #expect(verified.files.allSatisfy { $0.findings.isEmpty }, "\(verified.files.map(\.findings))")
        let embedded = try await AssetOperations.embed(EmbedRequest(inputs: [.path(stripped)], destination: .path(directory.path("back.riv")),
                                                                    assetsFolder: directory.path("res/raw"), fetcher: try PlatformLayoutTests.offlineFetcher(directory)))
        #expect(embedded.failures.isEmpty, "\(embedded.failures)")
        #expect(try directory.bytes("back.riv") == directory.bytes("hero.riv"))
        let replaced = try AssetOperations.replace(ReplaceRequest(inputs: [.path(stripped)], destination: .path(directory.path("replaced.riv")),
                                                                  replacementFolder: directory.path("res/raw")))
        #expect(replaced.failures.isEmpty && replaced.files.first?.status == .written, "\(replaced.files)")
        let folder = try AssetFolder(contentsOf: URL(fileURLWithPath: directory.path("res/raw")))
        let asked = try RivFile(contentsOf: URL(fileURLWithPath: stripped)).assets
        #expect(folder.entry(for: "Kenia-37286", type: .font, input: stripped, spelling: AndroidSpelling(asking: asked))?.url.lastPathComponent == "kenia_37286.ttf")
        #expect(folder.entry(for: "Kenia-37286", type: .font) == nil)
    }

    @Test("two names spelled as one are served by neither, and verify and embed say so")
    func twoNamesOneSpelling() async throws {
        let directory = try TemporaryDirectory()
        // Both unique names are cut to the same 200 bytes of resource name.
        let long = String(repeating: "a", count: 230)
        let input = try directory.write("menu.riv", Inputs.file([.font(long, 1, Payload.ttf(40, seed: 1)), .font(long, 2, Payload.ttf(48, seed: 2))]))
        try Self.androidFolder(directory, input)
        let stem = String(repeating: "a", count: 200)
        #expect(directory.entries("res/raw") == [stem + ".ttf", stem + "_ttf.ttf"])
        let stripped = directory.path("out/menu.riv")
        let verified = try AssetOperations.verify(VerifyRequest(inputs: [.path(stripped)], assetsFolder: directory.path("res/raw")))
        let findings = verified.files.flatMap(\.findings)
        #expect(findings.count == 2 && findings.allSatisfy { $0.code == "asset-missing" && $0.message.contains("is the Android spelling of it and of") },
                "\(findings)")
        let embedded = try await AssetOperations.embed(EmbedRequest(inputs: [.path(stripped)], destination: .path(directory.path("back.riv")),
                                                                    assetsFolder: directory.path("res/raw"), fetcher: try PlatformLayoutTests.offlineFetcher(directory)))
        #expect(embedded.failures.first?.message.contains("serves neither") == true, "\(embedded.failures)")
        #expect(!directory.exists("back.riv"))
    }
}
