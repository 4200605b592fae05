/// What to prune: see ``AssetOperations/prune(_:)``.
public struct PruneRequest: Sendable, Hashable {
    /// The `.riv` files to prune.
    public var inputs: [String]
    /// Where the pruned files go.
    public var destination: OutputDestination
    /// Remove unused assets even from files whose scripts or data binding could
    /// reach an asset at run time.
    public var skipChecks: Bool
    /// Replace output files that exist.
    public var overwrite: Bool
    /// Report what would be removed without writing anything.
    public var dryRun: Bool
    /// How many inputs are pruned at once.
    public var parallelism: Parallelism

    /// A request to prune `inputs` into `destination`.
    public init(inputs: [String], destination: OutputDestination, skipChecks: Bool = false, overwrite: Bool = false,
                dryRun: Bool = false, parallelism: Parallelism = .automatic) {
        self.inputs = inputs
        self.destination = destination
        self.skipChecks = skipChecks
        self.overwrite = overwrite
        self.dryRun = dryRun
        self.parallelism = parallelism
    }
}
