import RivHostedAssets

/// What to make self-contained: see ``AssetOperations/embed(_:)``.
public struct EmbedRequest: Sendable {
    /// The files to rewrite, where the rewritten files go, and how they are
    /// written (a dry run still fetches what the fetcher's cache lacks).
    public var rewrite: RewriteOptions
    /// A folder holding referenced assets by unique name (`logo-12.png` for the
    /// image `logo-12`), read as `replace --assets` reads it.
    public var assetsFolder: String?
    /// How hosted assets are fetched (from its cache first).
    public var fetcher: HostedAssetFetcher
    /// Write an input even when some of its assets cannot be embedded (they stay
    /// as they were and are reported); without it such an input fails and is not written.
    public var allowMissing: Bool
    /// Called as each hosted asset is done, for a progress display.
    public var progress: (@Sendable (FetchProgress) -> Void)?

    /// A request to embed every hosted and referenced asset of the inputs of `rewrite`.
    public init(_ rewrite: RewriteOptions, assetsFolder: String? = nil, fetcher: HostedAssetFetcher, allowMissing: Bool = false,
                progress: (@Sendable (FetchProgress) -> Void)? = nil) {
        self.rewrite = rewrite
        self.assetsFolder = assetsFolder
        self.fetcher = fetcher
        self.allowMissing = allowMissing
        self.progress = progress
    }

    /// A request to embed every hosted and referenced asset of `inputs`.
    public init(inputs: [RequestInput], destination: OutputDestination, assetsFolder: String? = nil, fetcher: HostedAssetFetcher,
                allowMissing: Bool = false, overwrite: Bool = false, progress: (@Sendable (FetchProgress) -> Void)? = nil) {
        self.init(RewriteOptions(inputs: inputs, destination: destination, overwrite: overwrite), assetsFolder: assetsFolder,
                  fetcher: fetcher, allowMissing: allowMissing, progress: progress)
    }
}
