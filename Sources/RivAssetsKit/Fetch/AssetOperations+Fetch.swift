import RivFormat
import RivHostedAssets

extension AssetOperations {
    /// Puts every hosted asset of the inputs in the fetcher's cache: those it has
    /// are reported as cached (no request), the others downloaded, checked and
    /// stored, or reported as failed with the reason (status, URL, attempts). Offline,
    /// an asset the cache lacks fails as not cached. One asset's failure does not
    /// stop the others.
    public static func fetch(_ request: FetchRequest) async throws(RequestError) -> FetchReport {
        try InputEngine.requireInputs(request.inputs)
        let hosted = HostedInputs(request.inputs, fetcher: request.fetcher)
        let counter = Protected(FetchProgress(completed: 0, total: hosted.assets.count, downloadedBytes: 0))
        let outcomes = await HostedInputs.fetch(hosted.assets, with: request.fetcher, counter: counter, progress: request.progress)
        let assets = zip(hosted.assets, outcomes).map { FetchedAsset($0, outcome: $1) }
        return FetchReport(assets: assets, failures: hosted.failures, skipped: hosted.skipped)
    }
}
