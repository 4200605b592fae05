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
        let outcomes = await request.fetcher.fetchAll(hosted.assets.map(\.request)) { outcome in
            let progress = counter.withLock { progress in
                progress.completed += 1
                if case .success(let fetched) = outcome, fetched.source == .downloaded { progress.downloadedBytes += fetched.byteCount }
                return progress
            }
            request.progress?(progress)
        }
        let assets = zip(hosted.assets, outcomes).map { asset, outcome in
            var line = FetchedAsset(input: asset.input, asset: asset.uniqueName, type: asset.type.description, uuid: asset.uuid,
                                    url: try? asset.request.get().url.absoluteString, status: .failed, attempts: 0)
            switch outcome {
            case .success(let fetched):
                line.status = fetched.source == .cached ? .cached : .downloaded
                line.bytes = fetched.byteCount
                line.format = fetched.format.rawValue
                line.attempts = fetched.attempts
            case .failure(let error):
                line.url = error.url ?? line.url
                line.attempts = error.attempts
                line.httpStatus = error.status
                line.error = error.reason + (error.attempts > 1 ? " after \(error.attempts) attempts" : "")
            }
            return line
        }
        return FetchReport(assets: assets, failures: hosted.failures, skipped: hosted.skipped)
    }
}
