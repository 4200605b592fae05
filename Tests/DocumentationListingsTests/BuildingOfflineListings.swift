import Foundation
import RivFormat
import RivHostedAssets
import RivTestSupport
import Testing

/// The code of the article "Building offline from a warmed cache" (RivHostedAssets).
@Suite("Documentation: building offline from a warmed cache")
struct BuildingOfflineListings {
    @Test("a warmed cache embeds a hosted font offline; a cold one fails naming what it looked for")
    func warmThenBuildOffline() async throws {
        let sandbox = try TemporaryDirectory()
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/hosted-default-base-url.riv")
        let asset = try #require(try RivFile(contentsOf: fixture).assets.first)
        let uuid = try #require(asset.cdn?.uuid)
        let font = Data(Payload.ttf(200))
        let cache = sandbox.url.appendingPathComponent("cache")
        let output = sandbox.url.appendingPathComponent("embedded.riv")

        // listing: warm-cache
        func warmCache(at cache: URL, for animations: [URL], transport: any HostedAssetTransport) async throws -> [HostedAssetError] {
            let fetcher = HostedAssetFetcher(transport: transport, cache: try HostedAssetCache(directory: cache))
            var assets: [FileAsset] = []
            for animation in animations {
                assets += try RivFile(contentsOf: animation).assets
            }
            return await fetcher.prefetch(assets)
        }
        // end listing
        // listing: build-offline
        func embedHostedAssets(of animation: URL, cache: URL, writingTo output: URL) async throws {
            let fetcher = HostedAssetFetcher(transport: URLSessionTransport(),
                                             cache: HostedAssetCache(readingFrom: cache),
                                             configuration: .init(offline: true))
            let file = try RivFile(contentsOf: animation)
            var editor = RivEditor(file)
            for asset in file.assets where asset.cdn != nil {
                do {
                    try editor.embed(try await fetcher.data(for: asset), in: asset)
                } catch let error as HostedAssetError {
                    print(error, error.hint ?? "")
                    throw error
                }
            }
            try editor.write(to: output)
        }
        // end listing

        // Cold: nothing cached, and offline never asks the transport.
        let coldError = await #expect(throws: HostedAssetError.self) {
            try await embedHostedAssets(of: fixture, cache: cache, writingTo: output)
        }
        #expect(coldError?.cause == .notCached)
        #expect(coldError?.hint?.contains("has no entry for \(try #require(asset.cdn).url)") == true)
        #expect(!FileManager.default.fileExists(atPath: output.path))

        #expect(try await warmCache(at: cache, for: [fixture], transport: AssetServiceTransport(service: AssetService([uuid: font]))).isEmpty)
        try await embedHostedAssets(of: fixture, cache: cache, writingTo: output)
        let embedded = try #require(try RivFile(contentsOf: output).asset(named: asset.uniqueName))
        #expect(embedded.location == .embedded)
        #expect(embedded.embeddedBytes == font)
    }
}
