import RivFormat
import RivHostedAssets

/// The hosted assets of an input as requests (which hold no part of the file),
/// and the one way `fetch`, `embed` and `extract` fetch them.
enum HostedInputs {
    /// One hosted asset of one input.
    struct Asset: Sendable {
        var input: String
        var uniqueName: String
        var type: AssetType
        var uuid: String
        var request: Result<HostedAssetRequest, HostedAssetError>
    }

    /// The hosted ones among `assets` of the input `input` (those with a CDN uuid),
    /// each with the fetcher's request for it or why none can be made.
    static func assets(of assets: [FileAsset], input: String, fetcher: HostedAssetFetcher) -> [Asset] {
        assets.compactMap { asset in
            guard let cdn = asset.cdn else { return nil }
            let request: Result<HostedAssetRequest, HostedAssetError>
            do throws(HostedAssetError) {
                request = .success(try fetcher.request(for: asset))
            } catch {
                request = .failure(error)
            }
            return Asset(input: input, uniqueName: asset.uniqueName, type: asset.type, uuid: cdn.uuid, request: request)
        }
    }

    /// Fetches `assets` with `fetcher` (each shared download made once, however
    /// many inputs hold the asset), counting each one done into `counter` and
    /// telling `progress`; the outcomes in the order of `assets`.
    static func fetch(_ assets: [Asset], with fetcher: HostedAssetFetcher, counter: Protected<FetchProgress>,
                      progress: (@Sendable (FetchProgress) -> Void)?) async -> [Result<HostedAssetFetch, HostedAssetError>] {
        await fetcher.fetchAll(assets.map(\.request)) { outcome in
            let now = counter.withLock { now in
                now.completed += 1
                if case .success(let fetched) = outcome, fetched.source == .downloaded { now.downloadedBytes += fetched.byteCount }
                return now
            }
            progress?(now)
        }
    }
}
