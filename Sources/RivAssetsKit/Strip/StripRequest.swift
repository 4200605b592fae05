import RivFormat

/// What to strip: see ``AssetOperations/strip(_:)``.
public struct StripRequest: Sendable, Hashable {
    /// The files to strip, where the stripped files go, and how they are
    /// written; its `overwrite` also replaces asset files that exist (a file
    /// already holding an asset's exact bytes is never in the way).
    public var rewrite: RewriteOptions
    /// Where the asset files go (created when needed), under the names Rive runtimes
    /// look referenced assets up by (`FileAsset.uniqueFilename`).
    public var assetsFolder: String
    /// Which kinds of asset; by default those an app can supply (images, fonts, audio).
    public var types: AssetTypeFilter
    /// Strip signed contents (a signature covers them).
    public var skipChecks: Bool
    /// What to do when inputs hold copies of one unique name with other bytes
    /// (Rive's editor stores a cut-down font per file under one name): fail
    /// those inputs (the default), keep the copy that covers the others, merge
    /// the font copies into one, or write each copy under a name that carries its input.
    public var conflicts: AssetConflictPolicy
    /// Write one asset file per content: unique names whose bytes are the same
    /// share the file of the first, and `AssetManifest/fileName` in the asset
    /// folder says which unique names each file serves.
    public var dedupe: Bool
    /// Which app the asset folder is for (``PlatformLayout``): with
    /// ``PlatformLayout/android`` every file gets a valid resource name and the
    /// manifest is always written, as `AssetManifest/androidFileName`.
    public var layout: PlatformLayout
    /// With ``PlatformLayout/android``: where the Kotlin map of unique names to
    /// resource names goes (object `RiveAssetNames`); nil writes none.
    public var kotlinMap: String?
    /// The Kotlin package of the map, nil for none.
    public var kotlinPackage: String?
    /// Subset every TrueType font written to the characters of every input
    /// whose asset it serves (their text runs, as `shrink` subsets), plus
    /// ``keptCharacters``: a font several inputs share (one name, or
    /// one content with ``dedupe``) keeps the union of their characters.
    public var subsetsFonts: Bool
    /// With ``subsetsFonts``, characters every font keeps besides its inputs'
    /// text: what an app may set at run time (`--keep`, `--keep-characters`,
    /// `--keep-file`). Given, a font a data-bound run or a text input uses is
    /// subset too (to its text and these); without, it is written whole.
    public var keptCharacters: Set<Unicode.Scalar>
    /// Original font files (``FontSourceFile``): each is written, for every
    /// embedded font it stands for (by unique name, or by family and style),
    /// instead of the embedded copies, subset with ``subsetsFonts``.
    public var fontSources: [FontSourceFile]

    /// A request to strip as `rewrite` says, writing the assets into `assetsFolder`.
    public init(_ rewrite: RewriteOptions, assetsFolder: String, types: AssetTypeFilter = .appSupplied, skipChecks: Bool = false,
                conflicts: AssetConflictPolicy = .refuse, dedupe: Bool = false, layout: PlatformLayout = .flat,
                kotlinMap: String? = nil, kotlinPackage: String? = nil, subsetsFonts: Bool = false, keptCharacters: Set<Unicode.Scalar> = [],
                fontSources: [FontSourceFile] = []) {
        self.rewrite = rewrite
        self.fontSources = fontSources
        self.subsetsFonts = subsetsFonts
        self.keptCharacters = keptCharacters
        self.layout = layout
        self.kotlinMap = kotlinMap
        self.kotlinPackage = kotlinPackage
        self.conflicts = conflicts
        self.dedupe = dedupe
        self.assetsFolder = assetsFolder
        self.types = types
        self.skipChecks = skipChecks
    }

    /// A request to strip `inputs`, writing their assets into `assetsFolder`.
    public init(inputs: [RequestInput], assetsFolder: String, destination: OutputDestination,
                types: AssetTypeFilter = .appSupplied, skipChecks: Bool = false, overwrite: Bool = false, dryRun: Bool = false,
                conflicts: AssetConflictPolicy = .refuse, dedupe: Bool = false, layout: PlatformLayout = .flat,
                kotlinMap: String? = nil, kotlinPackage: String? = nil, subsetsFonts: Bool = false, keptCharacters: Set<Unicode.Scalar> = [],
                fontSources: [FontSourceFile] = []) {
        self.init(RewriteOptions(inputs: inputs, destination: destination, overwrite: overwrite, dryRun: dryRun),
                  assetsFolder: assetsFolder, types: types, skipChecks: skipChecks, conflicts: conflicts, dedupe: dedupe, layout: layout,
                  kotlinMap: kotlinMap, kotlinPackage: kotlinPackage, subsetsFonts: subsetsFonts, keptCharacters: keptCharacters,
                  fontSources: fontSources)
    }

    /// Whether the run writes the folder's manifest: with `dedupe`, with
    /// per-file copies (their readers find each input's copy through it), and
    /// with the Android layout (its readers find the resource names through it).
    var writesManifest: Bool { dedupe || conflicts == .perFile || conflicts == .merge || layout == .android }

    /// Whether the request strips `asset`: embedded, and of a chosen type.
    func chooses(_ asset: FileAsset) -> Bool {
        asset.location == .embedded && types.includes(asset)
    }
}
