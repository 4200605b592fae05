import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport
import RivTestTags

/// `AssetOperations.host` in-process: content uuids, shared uploads, reruns, and
/// the round trip back through the editor's embed.
@Suite("AssetOperations.host")
struct HostTests {
    static let baseURL = "https://cdn.example.com/rive"

    static func request(_ inputs: [String], _ sandbox: TemporaryDirectory, output: String = "out/", overwrite: Bool = false) -> HostRequest {
        HostRequest(inputs: inputs.map(RequestInput.path), baseURL: baseURL, destination: .path(sandbox.path(output)), uploadFolder: sandbox.path("upload"), overwrite: overwrite)
    }

    @Test("two files sharing an asset give one upload, named by the uuid each file now stores")
    func sharedAssetUploadedOnce() throws {
        let sandbox = try TemporaryDirectory()
        let logo = Payload.png(900, seed: 3)
        let first = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, logo), .font("Inter.ttf", 2, Payload.ttf(300))]))
        let second = try sandbox.write("b.riv", Inputs.file([.image("brand.png", 7, logo)]))
        let result = try AssetOperations.host(Self.request([first, second], sandbox))
        #expect(result.failures.isEmpty && result.manifestWritten)
        #expect(result.hosted.map(\.upload) == [.written, .written, .shared])
        #expect(result.hosted[0].uuid == result.hosted[2].uuid)
        #expect(Set(sandbox.entries("upload")) == Set(result.hosted.map(\.uuid) + [UploadManifest.fileName, "manifest.lock"]))
        #expect(try sandbox.bytes("upload/" + result.hosted[0].uuid) == logo)
        let hosted = try RivFile(path: sandbox.path("out/b.riv"))
        #expect(hosted.assets[0].location == .hosted)
        #expect(hosted.assets[0].cdn == CDNInfo(baseURL: Self.baseURL, uuid: result.hosted[2].uuid))
        let manifest = try JSONDecoder().decode(UploadManifest.self, from: Data(sandbox.bytes("upload/manifest.json")))
        let entry = try #require(manifest.assets[result.hosted[0].uuid])
        #expect(entry.bytes == logo.count && entry.contentType == "image/png" && entry.uses.map(\.uniqueName) == ["logo-1", "brand-7"])
    }

    @Test("a rerun gives the same uuids and writes no upload file and no manifest; changed bytes get a new uuid")
    func rerunAndChange() throws {
        let sandbox = try TemporaryDirectory()
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 1))]))
        let first = try AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv"))
        let again = try AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv", overwrite: true))
        #expect(again.hosted.map(\.uuid) == first.hosted.map(\.uuid))
        #expect(again.hosted.map(\.upload) == [.present] && !again.manifestWritten)

        let changed = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 2))]))
        let third = try AssetOperations.host(Self.request([changed], sandbox, output: "a-hosted.riv", overwrite: true))
        #expect(third.hosted[0].uuid != first.hosted[0].uuid && third.hosted[0].upload == .written)
        let manifest = try JSONDecoder().decode(UploadManifest.self, from: Data(sandbox.bytes("upload/manifest.json")))
        #expect(manifest.assets[first.hosted[0].uuid]?.uses.isEmpty == true, "the old upload stays, no longer used")
        #expect(manifest.assets[third.hosted[0].uuid]?.uses.count == 1)
    }

    @Test("embedding the uploaded bytes into the hosted file gives back the input byte for byte")
    func roundTripThroughEmbed() throws {
        let sandbox = try TemporaryDirectory()
        // Every asset of the mixed input but the referenced and the already hosted one,
        // whose CDN keys this ToC does not list (embed keeps the keys while an asset uses them).
        let payloads = Inputs.mixedPayloads
        let original = Inputs.file([.image("walle.jpg", 370, payloads["walle-370"]), .image("logo.png", 12, payloads["logo-12"]),
                                    .font("Inter.ttf", 5, payloads["Inter-5"]), .audio("beep.wav", 7, payloads["beep-7"]),
                                    .script("main.lua", 0, payloads["main-0"])])
        let input = try sandbox.write("mixed.riv", original)
        let result = try AssetOperations.host(Self.request([input], sandbox, output: "hosted.riv"))
        #expect(result.hosted.map(\.asset) == ["walle-370", "logo-12", "Inter-5", "beep-7"])
        let hosted = try RivFile(path: sandbox.path("hosted.riv"))
        var editor = RivEditor(hosted)
        for asset in hosted.assets {
            guard let entry = result.hosted.first(where: { $0.asset == asset.uniqueName }) else { continue }
            #expect(asset.cdn?.uuid == entry.uuid)
            try editor.embed(contentsOf: URL(fileURLWithPath: entry.file), in: asset)
        }
        #expect(Array(editor.makeBytes()) == original)
    }

    @Test("every corpus file with embedded images, fonts or clips: hosted, then embedded back from the upload folder, byte for byte; verify finds the folder whole",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusRoundTrip() throws {
        let sandbox = try TemporaryDirectory()
        let inputs = SharedData.corpusFiles().map(\.path)
        // The corpus repeats file names: one run per group of distinct names, all into one upload folder.
        var groups: [[String]] = []
        for input in inputs {
            let name = URL(fileURLWithPath: input).lastPathComponent
            if let index = groups.firstIndex(where: { !$0.contains { URL(fileURLWithPath: $0).lastPathComponent == name } }) {
                groups[index].append(input)
            } else {
                groups.append([input])
            }
        }
        var files: [InputOutcome<HostedAssets>] = [], failures: [InputFailure] = [], unchanged = 0
        for (index, group) in groups.enumerated() {
            let one = try AssetOperations.host(HostRequest(inputs: group.map(RequestInput.path), baseURL: Self.baseURL, destination: .path(sandbox.path("out/\(index)/")),
                                                           uploadFolder: sandbox.path("upload")))
            files += one.written
            failures += one.failures
            unchanged += one.files.filter { $0.status == .unchanged }.count
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(files.count + unchanged == inputs.count)
        #expect(files.count > 20, "the corpus has many files with embedded assets")
        for file in files {
            let hosted = try RivFile(path: try #require(file.output))
            var editor = RivEditor(hosted)
            for asset in hosted.assets {
                guard let entry = file.detail?.hosted.first(where: { $0.asset == asset.uniqueName }) else { continue }
                #expect(asset.cdn == CDNInfo(baseURL: Self.baseURL, uuid: entry.uuid))
                try editor.embed(contentsOf: URL(fileURLWithPath: entry.file), in: asset)
            }
            #expect(Array(editor.makeBytes()) == Array(try Data(contentsOf: URL(fileURLWithPath: file.input))), "\(file.input)")
        }
        let verified = try AssetOperations.verify(VerifyRequest(inputs: files.compactMap(\.output).map(RequestInput.path), uploadFolder: sandbox.path("upload")))
        let uploadFindings = verified.files.flatMap(\.findings).filter { $0.code.hasPrefix("asset-upload") || $0.code == "asset-not-uploaded" }
        #expect(uploadFindings.isEmpty, "\(uploadFindings)")
    }

    @Test("content uuids are RFC 9562 version 8 and carry the hash and size")
    func contentUUIDLayout() {
        let uuid = ContentUUID.make(contentHash: 0x0123_4567_89AB_CDEF, byteCount: 0x1234).uuidString.lowercased()
        #expect(uuid == "01234567-89ab-8def-8000-000000001234")
        #expect(ContentUUID.isContentUUID(uuid) && !ContentUUID.isContentUUID(UUID().uuidString.lowercased()))
    }
}
