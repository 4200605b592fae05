/// What to prune: see ``AssetOperations/prune(_:)``.
public struct PruneRequest: Sendable, Hashable {
    /// The files to prune, where the pruned files go, and how they are written.
    public var rewrite: RewriteOptions
    /// Remove unused assets even from files whose scripts or data binding could
    /// reach an asset at run time.
    public var skipChecks: Bool

    /// A request to prune as `rewrite` says.
    public init(_ rewrite: RewriteOptions, skipChecks: Bool = false) {
        self.rewrite = rewrite
        self.skipChecks = skipChecks
    }

    /// A request to prune `inputs` into `destination`.
    public init(inputs: [RequestInput], destination: OutputDestination, skipChecks: Bool = false, overwrite: Bool = false,
                dryRun: Bool = false, parallelism: Parallelism = .automatic) {
        self.init(RewriteOptions(inputs: inputs, destination: destination, overwrite: overwrite, dryRun: dryRun, parallelism: parallelism),
                  skipChecks: skipChecks)
    }
}
