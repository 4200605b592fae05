/// Why the hosted asset cache cannot be made or written.
public enum HostedAssetCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No folder was given and the platform's caches folder cannot be found
    /// (no `XDG_CACHE_HOME` and no home folder on Linux).
    case noDefaultLocation(reason: String)
    /// The folder does not exist and cannot be created, or is not a folder.
    case cannotCreate(path: String, reason: String)
    /// An entry cannot be written.
    case unwritable(path: String, reason: String)

    /// One sentence.
    public var description: String {
        switch self {
        case .noDefaultLocation(let reason): "no cache folder: \(reason); give one"
        case .cannotCreate(let path, let reason): "cannot use \(path) as the cache folder: \(reason)"
        case .unwritable(let path, let reason): "cannot write \(path) in the cache: \(reason)"
        }
    }
}
