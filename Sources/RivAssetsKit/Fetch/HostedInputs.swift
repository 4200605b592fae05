import RivFormat
import RivHostedAssets

/// The hosted assets of some inputs, as requests (which hold no part of the
/// files), read the way every operation reads its inputs.
struct HostedInputs: Sendable {
    /// One hosted asset of one input.
    struct Asset: Sendable {
        var input: String
        var uniqueName: String
        var type: AssetType
        var uuid: String
        var request: Result<HostedAssetRequest, HostedAssetError>
    }

    /// Every hosted asset, in input order, then file order.
    var assets: [Asset] = []
    /// Inputs that could not be read.
    var failures: [InputFailure] = []
    /// Inputs without a hosted asset.
    var skipped: [SkippedInput] = []

    /// Reads `inputs` and makes the fetcher's request for each hosted asset.
    init(_ inputs: [String], fetcher: HostedAssetFetcher) {
        let perInput = InputEngine.map(inputs, width: ParallelWork.coreCount) { _, path -> (failure: InputFailure?, assets: [Asset]) in
            switch InputEngine.read(path) {
            case .failure(let error):
                return (InputFailure(path: path, message: error.message), [])
            case .success(let file):
                return (nil, Self.assets(of: file.assets, input: path, fetcher: fetcher))
            }
        }
        for (path, result) in zip(inputs, perInput) {
            if let failure = result.failure {
                failures.append(failure)
            } else if result.assets.isEmpty {
                skipped.append(SkippedInput(path: path, reason: "no hosted asset"))
            } else {
                assets += result.assets
            }
        }
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
