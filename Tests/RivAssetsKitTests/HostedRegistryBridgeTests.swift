import Foundation
import Testing
import RivFormat
import RivAssetRegistry
import RivHostedAssets
import RivAssetsKit
import RivTestSupport

/// Hosted assets fed into an `AssetRegistry` (the bridge RivAssetsKit holds, so
/// that RivHostedAssets needs no registry), over a real HTTP server on the
/// loopback interface.
@Suite struct HostedRegistryBridgeTests {
    /// A fetcher over URLSession with a fresh cache in `world`'s sandbox, no retries.
    private func fetcher(_ world: HostedWorld) throws -> HostedAssetFetcher {
        HostedAssetFetcher(transport: URLSessionTransport(timeout: 10),
                           cache: try HostedAssetCache(directory: world.sandbox.url.appendingPathComponent("cache")),
                           configuration: .init(retry: .none))
    }

    @Test func fillsTheRegistryUnderUniqueNames() async throws {
        let world = try HostedWorld()
        let bytes = Payload.png(900)
        try world.serve(13, bytes)
        let (_, file) = try world.rivFile(images: [13, 14])
        let registry = AssetRegistry()
        let failures = try await fetcher(world).registerHostedAssets(of: [file], in: registry)
        #expect(failures.map(\.uniqueName) == ["image-14-114"] && failures.first?.status == 404, "\(failures)")
        #expect(registry.replacement(named: "image-13-113", type: .image).map(Array.init) == bytes)
        #expect(registry.replacement(named: "image-14-114", type: .image) == nil)
    }

    @Test func servesHostedAssetsUnderTheirUniqueNamesAndFollowsTheCache() async throws {
        let world = try HostedWorld()
        let first = Payload.png(800, seed: 1)
        _ = try world.serve(1, first)
        let (_, file) = try world.rivFile(images: [1, 2])
        let registry = AssetRegistry()
        let loaded = registry.register(file)
        let source = HostedAssetSource(id: "cdn", files: [file], fetcher: try fetcher(world))
        #expect(source.assets.map(\.uniqueName) == ["image-1-101", "image-2-102"])

        // image-2 is not served yet: the query fails naming it, and nothing is registered.
        let failed = await registry.addSource(source)
        let failure = try #require(failed.failure)
        #expect(failure.sourceID == "cdn" && failure.message.contains("image-2-102") && failure.message.contains("HTTP 404"))
        #expect(loaded.replacedAssets.isEmpty)

        // Once the CDN has it, asking again registers both; image-1 comes from the cache.
        let second = Payload.png(900, seed: 2)
        _ = try world.serve(2, second)
        let update = await registry.sourceContentsChanged(id: "cdn")
        #expect(update.failure == nil)
        #expect(update.changes.map { "\($0.name) \($0.action) \($0.source ?? "")" } == ["image-1-101 added cdn", "image-2-102 added cdn"])
        #expect(loaded.replacement(for: file.assets[0]).map(Array.init) == first)
        #expect(loaded.replacement(for: file.assets[1]).map(Array.init) == second)
        #expect(world.server.requestCount() == 3, "image-1 once, image-2 twice (404, then 200)")
        let editor = try loaded.editor()
        #expect(editor.outcomes.map(\.action) == [.embeddedFromCDN, .embeddedFromCDN])
    }
}
