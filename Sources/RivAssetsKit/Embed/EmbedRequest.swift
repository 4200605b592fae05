import RivHostedAssets

/// What to make self-contained: see ``AssetOperations/embed(_:)``.
public struct EmbedRequest: Sendable {
    /// The `.riv` files to rewrite.
    public var inputs: [String]
    /// Where the rewritten files go.
    public var destination: OutputDestination
    /// A folder holding referenced assets by unique name (`logo-12.png` for the
    /// image `logo-12`), read as `replace --assets` reads it.
    public var assetsFolder: String?
    /// How hosted assets are fetched (from its cache first).
    public var fetcher: HostedAssetFetcher
    /// Write an input even when some of its assets cannot be embedded (they stay
    /// as they were and are reported); without it such an input fails and is not written.
    public var allowMissing: Bool
    /// Replace output files that exist (never needed in place).
    public var overwrite: Bool
    /// Called as each hosted asset is done, for a progress display.
    public var progress: (@Sendable (FetchProgress) -> Void)?

    /// A request to embed every hosted and referenced asset of `inputs`.
    public init(inputs: [String], destination: OutputDestination, assetsFolder: String? = nil, fetcher: HostedAssetFetcher,
                allowMissing: Bool = false, overwrite: Bool = false, progress: (@Sendable (FetchProgress) -> Void)? = nil) {
        self.inputs = inputs
        self.destination = destination
        self.assetsFolder = assetsFolder
        self.fetcher = fetcher
        self.allowMissing = allowMissing
        self.overwrite = overwrite
        self.progress = progress
    }
}
