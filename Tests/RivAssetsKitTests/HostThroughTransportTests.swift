import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivHostedAssets
import RivTestSupport

/// `AssetOperations.host(_:uploadingThrough:deletingUnused:)`: hosting through
/// the app's own transport under the content uuids, and deleting what no file
/// uses any more.
@Suite("AssetOperations.host through a transport")
struct HostThroughTransportTests {
    static let baseURL = "https://assets.example.com/rive"

    private static func request(_ inputs: [String], _ sandbox: TemporaryDirectory, output: String, baseURL: String = baseURL,
                                dryRun: Bool = false) -> HostRequest {
        HostRequest(inputs: inputs.map(RequestInput.path), baseURL: baseURL, destination: .path(sandbox.path(output)), uploadFolder: sandbox.path("upload"),
                    overwrite: true, dryRun: dryRun)
    }

    private static func fetcher(_ transport: any HostedAssetTransport, _ sandbox: TemporaryDirectory) throws -> HostedAssetFetcher {
        HostedAssetFetcher(transport: transport, cache: try HostedAssetCache(directory: sandbox.url.appendingPathComponent("cache")),
                           configuration: .init(retry: .none))
    }

    @Test("each distinct upload goes through the transport under the uuid the file stores, before the file; a fetch gets it back")
    func uploadsUnderTheContentUUIDs() async throws {
        let sandbox = try TemporaryDirectory()
        let logo = Payload.png(900, seed: 3)
        let first = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, logo), .font("Inter.ttf", 2, Payload.ttf(300))]))
        let second = try sandbox.write("b.riv", Inputs.file([.image("brand.png", 7, logo)]))
        let transport = MemoryTransport()
        let fetcher = try Self.fetcher(transport, sandbox)
        let result = try await AssetOperations.host(Self.request([first, second], sandbox, output: "out/"), uploadingThrough: fetcher)
        #expect(result.inputFailures.isEmpty && result.hosted.count == 3)
        let uuids = [result.hosted[0].uuid, result.hosted[1].uuid]
        #expect(result.uploaded == uuids && transport.log == uuids.map { "upload " + $0 }, "the shared logo once")
        #expect(transport.contents[uuids[0]] == Data(logo))
        let hosted = try RivFile(path: sandbox.path("out/b.riv"))
        #expect(hosted.assets[0].cdn?.uuid == uuids[0])
        let elsewhere = try TemporaryDirectory()
        let reader = try Self.fetcher(transport, elsewhere)
        #expect(try await reader.data(for: hosted.assets[0]) == Data(logo))
    }

    @Test("an upload no file uses any more is deleted when asked, from the transport, the folder and the manifest")
    func deletesWhatNoFileUses() async throws {
        let sandbox = try TemporaryDirectory()
        let transport = MemoryTransport()
        let fetcher = try Self.fetcher(transport, sandbox)
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 1))]))
        let first = try await AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv"), uploadingThrough: fetcher,
                                                   deletingUnused: true)
        let old = try #require(first.hosted.first?.uuid)
        #expect(first.deletedUploads.isEmpty, "every upload is used")
        _ = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 2))]))
        let preview = try await AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv", dryRun: true),
                                                     uploadingThrough: fetcher, deletingUnused: true)
        #expect(preview.deletedUploads.isEmpty && preview.uploaded.isEmpty, "a dry run sends nothing, and the old upload is still used")
        let second = try await AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv"), uploadingThrough: fetcher,
                                                    deletingUnused: true)
        let new = try #require(second.hosted.first?.uuid)
        #expect(new != old && second.uploaded == [new] && second.deletedUploads == [old] && second.inputFailures.isEmpty)
        #expect(transport.contents.keys.sorted() == [new] && transport.log.last == "delete " + old)
        #expect(!sandbox.entries("upload").contains(old) && sandbox.entries("upload").contains(new))
        let manifest = try JSONDecoder().decode(UploadManifest.self, from: Data(sandbox.bytes("upload/manifest.json")))
        #expect(manifest.assets.keys.sorted() == [new])
        let again = try await AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv"), uploadingThrough: fetcher,
                                                   deletingUnused: true)
        #expect(again.uploaded == [new] && again.deletedUploads.isEmpty && again.inputFailures.isEmpty, "a rerun uploads again, safely")
    }

    @Test("without a transport, deleting unused uploads works on the folder alone; a refused upload fails the run")
    func folderAloneAndRefusals() async throws {
        let sandbox = try TemporaryDirectory()
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 1))]))
        let first = try await AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv"), uploadingThrough: nil)
        _ = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 2))]))
        let second = try await AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv"), uploadingThrough: nil,
                                                    deletingUnused: true)
        #expect(second.deletedUploads == first.hosted.map(\.uuid) && second.uploaded.isEmpty)
        #expect(!sandbox.entries("upload").contains(first.hosted[0].uuid))
        let refusing = MemoryTransport(failures: [MemoryTransport.Denied()])
        let other = try sandbox.write("b.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 3))]))
        let third = try await AssetOperations.host(Self.request([other], sandbox, output: "b-hosted.riv"),
                                                   uploadingThrough: try Self.fetcher(refusing, sandbox))
        #expect(third.uploaded.isEmpty && third.files.map(\.status) == [.failed] && third.transportFailures.isEmpty)
        #expect(third.failures.first?.message.contains("cannot be uploaded") == true, "\(third.failures)")
        #expect(!sandbox.exists("b-hosted.riv"), "no file is written that names bytes the service lacks")
        #expect(sandbox.entries("upload").filter { $0.count == 36 } == [second.hosted[0].uuid], "its new upload file is removed again")
    }

    @Test("cancelled while uploading, the run throws CancellationError and the transport's call is cancelled")
    func cancellation() async throws {
        let sandbox = try TemporaryDirectory()
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(500, seed: 1))]))
        let transport = MemoryTransport(waits: true)
        let fetcher = try Self.fetcher(transport, sandbox)
        let request = Self.request([input], sandbox, output: "a-hosted.riv")
        let run = Task { try await AssetOperations.host(request, uploadingThrough: fetcher) }
        var order = transport.events.makeAsyncIterator()
        #expect(await order.next() == "sent")
        run.cancel()
        await #expect(throws: CancellationError.self) { try await run.value }
        #expect(await order.next() == "cancelled" && transport.log.count == 1)
        #expect(!sandbox.exists("a-hosted.riv") && sandbox.entries("upload").filter { $0.count == 36 }.isEmpty,
                "the input being uploaded is not written, and its upload file is removed")
    }

    @Test("over HTTP: the uploads are PUT to the server, which then serves the hosted file's assets")
    func overHTTP() async throws {
        let world = try HostedWorld()
        let sandbox = world.sandbox
        let logo = Payload.png(700, seed: 5)
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, logo)]))
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 10),
                                         cache: try HostedAssetCache(directory: sandbox.url.appendingPathComponent("cache")),
                                         configuration: .init(retry: .none))
        let result = try await AssetOperations.host(Self.request([input], sandbox, output: "a-hosted.riv", baseURL: world.server.baseURL),
                                                    uploadingThrough: fetcher)
        let uuid = try #require(result.uploaded.first)
        #expect(result.inputFailures.isEmpty && world.server.received().map(\.line) == ["PUT /\(uuid) HTTP/1.1"])
        #expect(try sandbox.bytes("served/" + uuid) == logo)
        let hosted = try RivFile(path: sandbox.path("a-hosted.riv"))
        #expect(try await fetcher.data(for: hosted.assets[0]) == Data(logo))
    }
}
