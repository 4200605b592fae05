import Foundation
import RivFormat
import RivAssetRegistry
import RivHostedAssets
import RivAssetsKit
import RivTestSupport
import Testing

// listing: own-transport
/// Serves hosted assets from bytes the app already has (bundled, or fetched
/// by a client of its own), keyed by CDN uuid; anything else is a 404.
struct BundledAssetsTransport: HostedAssetTransport {
    let assets: [String: Data]

    func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        guard let bytes = assets[request.uuid] else {
            return HostedAssetResponse(body: .data(Data()), status: 404)
        }
        return HostedAssetResponse(body: .data(bytes))
    }
}
// end listing

/// The code of the article "Fetching hosted assets" (RivHostedAssets).
@Suite("Documentation: fetching hosted assets")
struct HostedAssetsListings {
    @Test("a fetcher on a transport of one's own fills the cache and the registry; the cache answers without the network")
    func fetchIntoTheRegistry() async throws {
        let sandbox = try TemporaryDirectory()
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/hosted-default-base-url.riv")
        let uuid = try #require(try RivFile(contentsOf: fixture).assets.first?.cdn?.uuid)
        let font = Data(Payload.ttf(200))
        let cacheFolder = sandbox.url.appendingPathComponent("cache")
        // listing: fetch-hosted
        func registerHostedAssets(of animation: URL, bundled: [String: Data], cache: URL) async throws -> AssetRegistry {
            let fetcher = HostedAssetFetcher(
                transport: BundledAssetsTransport(assets: bundled),
                cache: try HostedAssetCache(directory: cache),
                configuration: .init(retry: .exponential(retries: 3)))
            let file = try RivFile(contentsOf: animation)
            let registry = AssetRegistry()
            for failure in await fetcher.registerHostedAssets(of: [file], in: registry) {
                print(failure)
            }
            // The cache only, never the network: entries are kept per asset URL.
            let key = try fetcher.request(for: file.assets[0]).cacheKey!
            print(fetcher.cache.data(for: key)?.count ?? 0, "bytes in the cache")
            return registry
        }
        // end listing
        let registry = try await registerHostedAssets(of: fixture, bundled: [uuid: font], cache: cacheFolder)
        let file = try RivFile(contentsOf: fixture)
        let asset = try #require(file.assets.first)
        #expect(registry.replacement(named: asset.uniqueName, type: asset.type) == font)
        let key = try #require(HostedAssetKey(hostedAsset: asset))
        #expect(try HostedAssetCache(directory: cacheFolder).data(for: key) == font)
    }
}
