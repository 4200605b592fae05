import RivFormat
import RivHostedAssets
import RivSupport

extension AssetOperations {
    /// Puts every hosted asset of the inputs in the fetcher's cache: those it has
    /// are reported as cached (no request), the others downloaded, checked and
    /// stored, or reported as failed with the reason (status, URL, attempts). Offline,
    /// an asset the cache lacks fails as not cached. One asset's failure does not
    /// stop the others.
    public static func fetch(_ request: FetchRequest) async throws(RequestError) -> FetchResult {
        try InputEngine.requireInputs(request.inputs.names)
        let counter = Protected(FetchProgress(completed: 0, total: 0, downloadedBytes: 0))
        // Each input is read once and its hosted assets fetched in the one task group
        // of `embed` and `extract`; as many inputs at once as downloads may run.
        let width = max(ParallelWork.coreCount, request.fetcher.configuration.maximumConcurrentDownloads)
        let files = await InputEngine.mapAsync(request.inputs.names, width: width) { _, path -> InputOutcome<FetchedAssets> in
            let file: RivFile
            switch InputEngine.read(path) {
            case .success(let read): file = read
            case .failure(let error): return InputOutcome(InputFailure(path: path, message: error.message))
            }
            let fetched = await HostedInputs.fetch(hostedAmong: file.assets, of: path, with: request.fetcher,
                                                   counter: counter, progress: request.progress)
            return InputOutcome(input: path, bytes: file.byteCount, fetched: fetched.map(\.line))
        }
        let result = FetchResult(files: files)
        return result
    }
}
