import RivHostedAssets

/// What to fetch: see ``AssetOperations/fetch(_:)``.
public struct FetchRequest: Sendable {
    /// The `.riv` files whose hosted assets are fetched.
    public var inputs: [RequestInput]
    /// How assets are fetched and where they are kept: transport, cache, retries, concurrency, offline.
    public var fetcher: HostedAssetFetcher
    /// Called as each asset is done (from any thread), for a progress display.
    public var progress: (@Sendable (FetchProgress) -> Void)?

    /// A request to fetch every hosted asset of `inputs` with `fetcher`.
    public init(inputs: [RequestInput], fetcher: HostedAssetFetcher, progress: (@Sendable (FetchProgress) -> Void)? = nil) {
        self.inputs = inputs
        self.fetcher = fetcher
        self.progress = progress
    }
}

/// How far a fetch has got.
public struct FetchProgress: Sendable, Hashable {
    /// Assets done (cached, downloaded or failed).
    public var completed: Int
    /// Assets to do.
    public var total: Int
    /// Bytes of the assets done so far that were downloaded (not cached).
    public var downloadedBytes: Int
}
