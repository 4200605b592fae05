/// What to strip: see ``AssetOperations/strip(_:)``.
public struct StripRequest: Sendable, Hashable {
    /// The `.riv` files to strip.
    public var inputs: [String]
    /// Where the asset files go (created when needed), under the names Rive runtimes
    /// look referenced assets up by (`FileAsset.uniqueFilename`).
    public var assetsFolder: String
    /// Where the stripped files go.
    public var destination: OutputDestination
    /// Which kinds of asset; by default those an app can supply (images, fonts, audio).
    public var types: AssetTypeFilter
    /// Strip signed contents (a signature covers them).
    public var skipChecks: Bool
    /// Overwrite asset files and output files that exist (a file already holding an
    /// asset's exact bytes is never in the way).
    public var overwrite: Bool
    /// Report what would be written and stripped without writing anything.
    public var dryRun: Bool

    /// A request to strip `inputs`, writing their assets into `assetsFolder`.
    public init(inputs: [String], assetsFolder: String, destination: OutputDestination,
                types: AssetTypeFilter = .appSupplied, skipChecks: Bool = false, overwrite: Bool = false, dryRun: Bool = false) {
        self.dryRun = dryRun
        self.inputs = inputs
        self.assetsFolder = assetsFolder
        self.destination = destination
        self.types = types
        self.skipChecks = skipChecks
        self.overwrite = overwrite
    }
}
