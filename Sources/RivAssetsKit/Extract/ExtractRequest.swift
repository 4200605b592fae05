import RivHostedAssets

/// What to extract: see ``AssetOperations/extract(_:)``.
public struct ExtractRequest: Sendable {
    /// How extracted files are named.
    public enum Naming: Sendable, Hashable {
        /// `uniqueName.<extension of the bytes' real format>` (`logo-12.jpg` for a JPEG).
        case realFormat
        /// `uniqueName.<the kind's runtime extension>` (`FileAsset.uniqueFilename`),
        /// the name Rive runtimes look a referenced asset up by.
        case runtime
    }

    /// The `.riv` files to extract from.
    public var inputs: [RequestInput]
    /// Where the files go: this folder for one input, `folder/<input name>` for several.
    public var outputFolder: String
    /// Which kinds of asset.
    public var types: AssetTypeFilter
    /// Only assets whose unique name matches this shell wildcard (`Inter-*`), when set.
    public var namePattern: String?
    /// How the files are named.
    public var naming: Naming
    /// Replace files that already exist (otherwise they are failures and stay as they are).
    public var overwrite: Bool
    /// Hash each written asset for the result (``ExtractedFile/contentHash``).
    public var contentHashes: Bool
    /// Report what would be written, and what would fail, without writing or creating anything.
    public var dryRun: Bool
    /// How many inputs are worked on at once.
    public var parallelism: Parallelism
    /// Write hosted assets too, through this fetcher: those its cache lacks are
    /// fetched first, unless it is offline (then one the cache lacks is a
    /// failure); nil writes embedded assets only.
    public var hostedAssets: HostedAssetFetcher?
    /// Write one file per content in each input's folder: an asset whose bytes
    /// an earlier asset of the input has shares that one's file, and
    /// `AssetManifest/fileName` in the folder says which unique names each file serves.
    public var dedupe: Bool
    /// Called as each hosted asset is had (from any thread), for a progress display.
    public var progress: (@Sendable (FetchProgress) -> Void)?
    /// Which app each folder is for (``PlatformLayout``): ``PlatformLayout/ios`` and
    /// ``PlatformLayout/web`` name files with the runtime's extension whatever
    /// ``naming`` says; with ``PlatformLayout/android`` every file gets a valid
    /// resource name and each folder's manifest is written, as `AssetManifest/androidFileName`.
    public var layout: PlatformLayout
    /// With ``PlatformLayout/android``: where the Kotlin map of unique names to
    /// resource names goes (object `RiveAssetNames`), one nested object per folder
    /// when there are several; nil writes none.
    public var kotlinMap: String?
    /// The Kotlin package of the map, nil for none.
    public var kotlinPackage: String?

    /// A request to extract the embedded assets of `inputs` into `outputFolder`.
    public init(inputs: [RequestInput], outputFolder: String = ".", types: AssetTypeFilter = .all, namePattern: String? = nil,
                naming: Naming = .realFormat, overwrite: Bool = false, contentHashes: Bool = false, dryRun: Bool = false,
                parallelism: Parallelism = .automatic, hostedAssets: HostedAssetFetcher? = nil,
                progress: (@Sendable (FetchProgress) -> Void)? = nil, dedupe: Bool = false,
                layout: PlatformLayout = .flat, kotlinMap: String? = nil, kotlinPackage: String? = nil) {
        self.layout = layout
        self.kotlinMap = kotlinMap
        self.kotlinPackage = kotlinPackage
        self.dryRun = dryRun
        self.dedupe = dedupe
        self.hostedAssets = hostedAssets
        self.progress = progress
        self.inputs = inputs
        self.outputFolder = outputFolder
        self.types = types
        self.namePattern = namePattern
        self.naming = naming
        self.overwrite = overwrite
        self.contentHashes = contentHashes
        self.parallelism = parallelism
    }
}
