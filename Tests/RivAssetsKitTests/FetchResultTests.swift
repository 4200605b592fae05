import Foundation
import RivAssetsKit
import RivFormat
import RivHostedAssets
import RivTestSupport
import Testing

/// `fetch`'s result: one outcome per input, in the shape of every other result.
@Suite("fetch's result: one outcome per input")
struct FetchResultTests {
    @Test("each input gets one outcome: unchanged when all its hosted assets are cached, failed naming each asset it lacks, skipped without hosted assets, failed when unreadable")
    func oneOutcomePerInput() async throws {
        let world = try HostedWorld()
        try world.serve(1, Payload.png(200))
        try world.serve(2, Payload.png(300, seed: 2))
        let complete = try world.rivFile("complete.riv", images: [1, 2]).path
        let lacking = try world.rivFile("lacking.riv", images: [1, 9]).path
        let plain = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv").path
        let broken = try world.sandbox.write("broken.riv", Array("RIVE".utf8))
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 5),
                                         cache: try HostedAssetCache(directory: URL(fileURLWithPath: world.sandbox.path("cache"))),
                                         configuration: .init(retry: .none))
        let result = try await AssetOperations.fetch(FetchRequest(inputs: [.path(complete), .path(lacking), .path(plain), .path(broken)], fetcher: fetcher))

        #expect(result.files.map(\.input) == [complete, lacking, plain, broken])
        #expect(result.files.map(\.status) == [.unchanged, .failed, .skipped, .failed])
        #expect(result.files.allSatisfy { $0.output == nil })
        // Inputs are fetched at once, so which of them downloads image-1 and which finds it cached varies; it is asked for once.
        #expect(result.files[0].reason?.hasPrefix("every hosted asset is in the cache (") == true, "\(result.files[0])")
        #expect(world.server.requestCount() == 3)
        let missing = world.server.baseURL + "/" + HostedWorld.uuid(9).text
        #expect(result.files[1].reason == "image-9-109: \(missing): HTTP 404")
        #expect(result.files[1].detail?.assets.map(\.status).last == .failed)
        #expect(result.files[1].detail?.assets.first?.status != .failed)
        #expect(result.files[2].reason == "no hosted asset")
        #expect(result.files[3].detail == nil)
        #expect(result.assets.map(\.asset) == ["image-1-101", "image-2-102", "image-1-101", "image-9-109"])
        #expect(result.hasFailures)
        // The failure lines: the unreadable input, then one per asset that could not be had.
        #expect(result.inputFailures.map(\.path) == [broken, lacking])
        #expect(result.inputsSkipped.map(\.path) == [plain])

        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 3)
        #expect(json["failures"] == nil && json["skipped"] == nil)
        #expect((json["assets"] as? [[String: Any]])?.count == 4)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["status"] as? String } == ["unchanged", "failed", "skipped", "failed"])
        #expect((files[1]["assets"] as? [[String: Any]])?.count == 2)
        #expect(try JSONDecoder().decode(FetchResult.self, from: JSONEncoder().encode(result)) == result)
    }
}
