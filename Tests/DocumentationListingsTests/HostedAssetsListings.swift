import Foundation
import RivFormat
import RivAssetRegistry
import RivHostedAssets
import RivAssetsKit
import RivTestSupport
import Testing

/// The app's own asset service as the article assumes it: a client of the
/// app's API, here keeping the bytes in memory and busy for its first
/// `busyCalls` calls.
actor AssetService {
    /// Why a call failed.
    enum Failure: Error {
        /// Busy: try again after this many seconds.
        case busy(Int)
    }

    private(set) var stored: [String: Data]
    private var busyCalls: Int
    private(set) var calls = 0

    init(_ stored: [String: Data], busyCalls: Int = 0) {
        self.stored = stored
        self.busyCalls = busyCalls
    }

    private func call() throws {
        calls += 1
        if busyCalls > 0 {
            busyCalls -= 1
            throw Failure.busy(1)
        }
    }

    func download(id: String) throws -> Data {
        try call()
        guard let bytes = stored[id] else { throw CocoaError(.fileNoSuchFile) }
        return bytes
    }

    func store(_ bytes: Data, id: String, contentType: String) throws {
        try call()
        stored[id] = bytes
    }

    func remove(id: String) throws {
        try call()
        stored[id] = nil
    }
}

// listing: own-transport
/// Hosted assets through the app's own asset service, by CDN uuid.
struct AssetServiceTransport: HostedAssetTransport {
    let service: AssetService

    func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        HostedAssetResponse(body: .data(try await service.download(id: request.uuid)), status: nil)
    }

    func upload(_ upload: HostedAssetUpload) async throws {
        try await service.store(upload.bytes, id: upload.uuid, contentType: upload.contentType)
    }

    func delete(_ deletion: HostedAssetDeletion) async throws {
        try await service.remove(id: deletion.uuid)
    }

    func failureKind(of error: any Error) -> TransportFailureKind {
        if case AssetService.Failure.busy(let seconds) = error { return .transient(retryAfter: .seconds(seconds)) }
        return .permanent
    }
}
// end listing

/// The app's own error of the article's listing: its sign-in has expired.
enum AuthError: Error {
    /// Sign in again.
    case tokenExpired
}

/// A transport whose every call fails with the app's own `AuthError`.
struct ExpiredTokenTransport: HostedAssetTransport {
    func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse { throw AuthError.tokenExpired }
    func upload(_ upload: HostedAssetUpload) async throws { throw AuthError.tokenExpired }
    func delete(_ deletion: HostedAssetDeletion) async throws { throw AuthError.tokenExpired }
    func failureKind(of error: any Error) -> TransportFailureKind { .permanent }
}

/// A retry clock that does not wait.
private struct NoWait: RetryClock {
    func sleep(for duration: Duration) async throws {}
}

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
        func registerHostedAssets(of animation: URL, service: AssetService, cache: URL) async throws -> AssetRegistry {
            let fetcher = HostedAssetFetcher(
                transport: AssetServiceTransport(service: service),
                cache: try HostedAssetCache(directory: cache),
                configuration: .init(retry: .exponential(retries: 3)))
            let file = try RivFile(contentsOf: animation)
            let registry = AssetRegistry()
            for failure in await fetcher.registerHostedAssets(of: [file], in: registry) {
                print(failure)
            }
            // The cache only, never the network: where the fetcher keeps the asset.
            print(fetcher.cacheLocation.cachedData(for: file.assets[0])?.count ?? 0, "bytes in the cache")
            return registry
        }
        // end listing
        let registry = try await registerHostedAssets(of: fixture, service: AssetService([uuid: font]), cache: cacheFolder)
        let file = try RivFile(contentsOf: fixture)
        let asset = try #require(file.assets.first)
        #expect(registry.replacement(named: asset.uniqueName, type: asset.type) == font)
        let key = try #require(HostedAssetKey(hostedAsset: asset))
        #expect(try HostedAssetCache(directory: cacheFolder).data(for: key) == font)
    }

    @Test("uploading through the app's service retries it while busy; deleting the old asset removes it and its cache entry")
    func replaceTheLogo() async throws {
        let sandbox = try TemporaryDirectory()
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/hosted-default-base-url.riv")
        let file = try RivFile(contentsOf: fixture)
        let old = try #require(file.assets.first?.cdn?.uuid)
        let newUUID = "0b9f3c1e-4d2a-8b6c-9e1f-2a3b4c5d6e7f"
        let service = AssetService([old: Data(Payload.ttf(200))], busyCalls: 1)
        let fetcher = HostedAssetFetcher(transport: AssetServiceTransport(service: service),
                                         cache: try HostedAssetCache(directory: sandbox.url), clock: NoWait())
        try await fetcher.fetch(file.assets[0])
        #expect(await service.calls == 2, "busy once, then fetched")
        let logo = Data(Payload.png(300))
        // listing: upload-delete
        func replaceLogo(of file: RivFile, with logo: Data, uuid: String, through fetcher: HostedAssetFetcher) async throws {
            let old = file.assets[0]
            try await fetcher.upload(logo, contentType: "image/png", uuid: uuid,
                                     baseURL: "https://assets.example.com/rive", type: .image)
            if let cdn = old.cdn {
                try await fetcher.delete(uuid: cdn.uuid, baseURL: cdn.baseURL)   // and its cache entry
            }
            fetcher.removeCachedEntry(for: old)                                 // nothing left: no error
        }
        // end listing
        try await replaceLogo(of: file, with: logo, uuid: newUUID, through: fetcher)
        #expect(await service.stored == [newUUID: logo])
        #expect(fetcher.cachedEntry(for: file.assets[0]) == nil)
    }

    @Test("the app shares its fetcher's cache location; the widget decodes it and reads the asset synchronously")
    func widgetRead() async throws {
        let sandbox = try TemporaryDirectory()
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/hosted-custom-base-url.riv")
        let file = try RivFile(contentsOf: fixture)
        let asset = try #require(file.assets.first)
        let logo = Data(Payload.png(300))
        let fetcher = HostedAssetFetcher(transport: AssetServiceTransport(service: AssetService([asset.cdn!.uuid: logo])),
                                         cache: try HostedAssetCache(directory: sandbox.url.appendingPathComponent("cache")),
                                         configuration: .init(baseURLOverride: "https://mirror.example.com/rive"))
        _ = try await fetcher.data(for: asset)
        // listing: widget-read
        /// The app, after fetching: tells the widget where and how assets are cached.
        func shareCache(of fetcher: HostedAssetFetcher, in sharedContainer: URL) throws {
            try JSONEncoder().encode(fetcher.cacheLocation).write(to: sharedContainer.appendingPathComponent("rive-cache.json"))
        }

        /// The widget: a synchronous read of the cache, never the network.
        func cachedBytes(of asset: FileAsset, in sharedContainer: URL) -> Data? {
            guard let json = try? Data(contentsOf: sharedContainer.appendingPathComponent("rive-cache.json")),
                  let location = try? JSONDecoder().decode(HostedAssetCacheLocation.self, from: json) else { return nil }
            return location.cachedData(for: asset)
        }
        // end listing
        #expect(cachedBytes(of: asset, in: sandbox.url) == nil, "nothing shared yet")
        try shareCache(of: fetcher, in: sandbox.url)
        #expect(cachedBytes(of: asset, in: sandbox.url) == logo, "the mirror's URL travels with the location")
        #expect(HostedAssetCacheLocation(directory: sandbox.url.appendingPathComponent("cache")).cachedData(for: asset) == nil,
                "the file's own base URL is another key")
    }

    @Test("the app's own error thrown by its transport is caught as its own type")
    func typedTransportError() async throws {
        let sandbox = try TemporaryDirectory()
        let file = try RivFile(contentsOf: SharedData.packageRoot.appendingPathComponent("Fixtures/hosted-custom-base-url.riv"))
        let fetcher = HostedAssetFetcher(transport: ExpiredTokenTransport(), cache: try HostedAssetCache(directory: sandbox.url))
        // listing: transport-error
        func logo(of file: RivFile, through fetcher: HostedAssetFetcher) async throws -> Data? {
            do {
                return try await fetcher.data(for: file.assets[0])
            } catch let error as HostedAssetError {
                if case AuthError.tokenExpired? = error.underlyingError {
                    return nil                         // the app's own error, as it was thrown: sign in again
                }
                throw error                            // the error names the asset, the URL and the attempts
            }                                          // a cancelled task: CancellationError, thrown as it is
        }
        // end listing
        #expect(try await logo(of: file, through: fetcher) == nil)
    }
}
