import RivFormat

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
    /// What to do when inputs hold copies of one unique name with other bytes
    /// (Rive's editor stores a cut-down font per file under one name): fail
    /// those inputs (the default), keep the copy that covers the others, or
    /// write each copy under a name that carries its input.
    public var conflicts: AssetConflictPolicy
    /// Write one asset file per content: unique names whose bytes are the same
    /// share the file of the first, and ``AssetManifest/fileName`` in the asset
    /// folder says which unique names each file serves.
    public var dedupe: Bool

    /// A request to strip `inputs`, writing their assets into `assetsFolder`.
    public init(inputs: [String], assetsFolder: String, destination: OutputDestination,
                types: AssetTypeFilter = .appSupplied, skipChecks: Bool = false, overwrite: Bool = false, dryRun: Bool = false,
                conflicts: AssetConflictPolicy = .refuse, dedupe: Bool = false) {
        self.dryRun = dryRun
        self.conflicts = conflicts
        self.dedupe = dedupe
        self.inputs = inputs
        self.assetsFolder = assetsFolder
        self.destination = destination
        self.types = types
        self.skipChecks = skipChecks
        self.overwrite = overwrite
    }

    /// Whether the request strips `asset`: embedded, and of a chosen type.
    func chooses(_ asset: FileAsset) -> Bool {
        asset.location == .embedded && types.includes(asset)
    }
}
