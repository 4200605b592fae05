/// What to host: see ``AssetOperations/host(_:)``.
public struct HostRequest: Sendable, Hashable {
    /// How each hosted asset's uuid is chosen.
    public enum UUIDChoice: String, Sendable, Hashable, CaseIterable {
        /// Derived from the bytes (``ContentUUID``): the same bytes always get the same
        /// uuid, in every file and every run, and changed bytes a new one, so a URL
        /// never changes what it serves and can be cached as immutable.
        case content
        /// A new random uuid (version 4) per distinct content in a run: a URL whose
        /// bytes can later be replaced on the CDN without touching the files.
        case random
    }

    /// The files to rewrite, where the rewritten files go, and how they are
    /// written (one input after another, whatever its `parallelism`).
    public var rewrite: RewriteOptions
    /// The base URL stored on every hosted asset (`https://cdn.example.com/rive`);
    /// runtimes fetch base URL + `/` (when it does not end with one) + uuid.
    public var baseURL: String
    /// The folder the asset bytes are written to, one file named by each uuid (the
    /// path the runtimes request under the base URL), with `manifest.json`. Created when needed.
    public var uploadFolder: String
    /// Which kinds of asset; by default those runtimes fetch for an app (images, fonts, audio).
    public var types: AssetTypeFilter
    /// Only the assets with these unique names; empty hosts every asset of the chosen types.
    public var uniqueNames: [String]
    /// How uuids are chosen.
    public var uuids: UUIDChoice
    /// A folder holding referenced assets by unique name (`logo-12.png`), read as
    /// `embed --assets` reads it: their bytes are hosted too. Nil hosts embedded assets only.
    public var assetsFolder: String?
    /// Host signed contents (a signature covers them).
    public var skipChecks: Bool

    /// A request to host the chosen assets of the inputs of `rewrite` at
    /// `baseURL`, writing their bytes into `uploadFolder`.
    public init(_ rewrite: RewriteOptions, baseURL: String, uploadFolder: String, types: AssetTypeFilter = .appSupplied,
                uniqueNames: [String] = [], uuids: UUIDChoice = .content, assetsFolder: String? = nil, skipChecks: Bool = false) {
        self.rewrite = rewrite
        self.baseURL = baseURL
        self.uploadFolder = uploadFolder
        self.types = types
        self.uniqueNames = uniqueNames
        self.uuids = uuids
        self.assetsFolder = assetsFolder
        self.skipChecks = skipChecks
    }

    /// A request to host the chosen assets of `inputs` at `baseURL`, writing their bytes into `uploadFolder`.
    public init(inputs: [RequestInput], baseURL: String, destination: OutputDestination, uploadFolder: String,
                types: AssetTypeFilter = .appSupplied, uniqueNames: [String] = [], uuids: UUIDChoice = .content,
                assetsFolder: String? = nil, skipChecks: Bool = false, overwrite: Bool = false, dryRun: Bool = false) {
        self.init(RewriteOptions(inputs: inputs, destination: destination, overwrite: overwrite, dryRun: dryRun), baseURL: baseURL,
                  uploadFolder: uploadFolder, types: types, uniqueNames: uniqueNames, uuids: uuids, assetsFolder: assetsFolder,
                  skipChecks: skipChecks)
    }
}
