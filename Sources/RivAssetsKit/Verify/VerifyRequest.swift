import RivFormat
import RivHostedAssets

/// What to check: see ``AssetOperations/verify(_:)``.
public struct VerifyRequest: Sendable {
    /// The `.riv` files to check (`-` is standard input).
    public var inputs: [RequestInput]
    /// A folder that must hold a file for every referenced asset, named by its
    /// unique name with any extension its type accepts; nil skips the check.
    public var assetsFolder: String?
    /// The types of referenced asset ``assetsFolder`` supplies (`--assets DIR --type font`):
    /// a referenced asset of another type, which the app supplies from elsewhere,
    /// is left unchecked rather than missing. By default every type.
    public var assetsFolderTypes: AssetTypeFilter
    /// Check that this fetcher's cache holds every hosted asset, whole, under the
    /// URL the fetcher fetches it from (`HostedAssetFetcher.cachedEntry(for:)`);
    /// nil skips the check. `--offline` passes an offline fetcher over the cache
    /// opened only to read (`HostedAssetCache(readingFrom:)`), so verifying
    /// creates nothing.
    public var hostedAssets: HostedAssetFetcher?
    /// A folder that must hold every hosted asset as ``AssetOperations/host(_:)``
    /// writes it: a file named by the asset's CDN uuid, whose bytes are still the
    /// ones hosted (as the folder's manifest records them, and as a content uuid
    /// says) and of a format the asset's type decodes; nil skips the check.
    public var uploadFolder: String?
    /// The largest acceptable `.riv` file, in bytes.
    public var maxFileSize: Int?
    /// The largest acceptable embedded asset, in bytes.
    public var maxAssetSize: Int?
    /// Where assets may live; by default anywhere.
    public var allowedLocations: Set<AssetLocation>
    /// For a location of ``allowedLocations``, the only types that may live there
    /// (`--allow embedded:script`: nothing embedded except scripts); a location
    /// without an entry takes every type.
    public var allowedTypes: [AssetLocation: AssetTypeFilter]
    /// Gate only on Rive's runtime: a file passes when the runtime is predicted to
    /// load it without crashing (`--runtime-only`); every other finding is reported
    /// as a note, which does not fail the file.
    public var runtimeOnly: Bool
    /// How many inputs are checked at once.
    public var parallelism: Parallelism

    /// A request to check `inputs` with the given optional checks.
    public init(inputs: [RequestInput], assetsFolder: String? = nil, assetsFolderTypes: AssetTypeFilter = .all,
                hostedAssets: HostedAssetFetcher? = nil, uploadFolder: String? = nil,
                maxFileSize: Int? = nil, maxAssetSize: Int? = nil,
                allowedLocations: Set<AssetLocation> = [.embedded, .referenced, .hosted],
                allowedTypes: [AssetLocation: AssetTypeFilter] = [:], runtimeOnly: Bool = false,
                parallelism: Parallelism = .automatic) {
        self.allowedTypes = allowedTypes
        self.runtimeOnly = runtimeOnly
        self.inputs = inputs
        self.assetsFolder = assetsFolder
        self.assetsFolderTypes = assetsFolderTypes
        self.hostedAssets = hostedAssets
        self.uploadFolder = uploadFolder
        self.maxFileSize = maxFileSize
        self.maxAssetSize = maxAssetSize
        self.allowedLocations = allowedLocations
        self.parallelism = parallelism
    }
}
