import RivFormat
import RivHostedAssets
import RivSupport

/// The one way `fetch`, `embed` and `extract` fetch the hosted assets of an
/// input: as requests, which hold no part of the file.
enum HostedInputs {
    /// One hosted asset of one input.
    struct Asset: Sendable {
        var input: String
        var uniqueName: String
        var type: AssetType
        var uuid: String
        var request: Result<HostedAssetRequest, HostedAssetError>
    }

    /// One hosted asset fetched: its line in the result, and the cache's file or why there is none.
    typealias Fetched = (line: FetchedAsset, outcome: Result<HostedAssetFetch, HostedAssetError>)

    /// Fetches the hosted ones among `assets` of the input `input` (those with a
    /// CDN uuid) with `fetcher`, each shared download made once however many
    /// inputs hold the asset; adds them to the total of `counter`, counts each one
    /// done into it and tells `progress`. The outcomes in the order of the hosted assets.
    static func fetch(hostedAmong assets: [FileAsset], of input: String, with fetcher: HostedAssetFetcher,
                      counter: Protected<FetchProgress>, progress: (@Sendable (FetchProgress) -> Void)?) async -> [Fetched] {
        let hosted = assets.compactMap { asset -> Asset? in
            guard let cdn = asset.cdn else { return nil }
            let request: Result<HostedAssetRequest, HostedAssetError>
            do throws(HostedAssetError) {
                request = .success(try fetcher.request(for: asset))
            } catch {
                request = .failure(error)
            }
            return Asset(input: input, uniqueName: asset.uniqueName, type: asset.type, uuid: cdn.uuid, request: request)
        }
        counter.withLock { $0.total += hosted.count }
        let outcomes = await fetcher.fetchAll(hosted.map(\.request)) { outcome in
            let now = counter.withLock { now in
                now.completed += 1
                if case .success(let fetched) = outcome, fetched.source == .downloaded { now.downloadedBytes += fetched.byteCount }
                return now
            }
            progress?(now)
        }
        return zip(hosted, outcomes).map { (FetchedAsset($0, outcome: $1), $1) }
    }
}
