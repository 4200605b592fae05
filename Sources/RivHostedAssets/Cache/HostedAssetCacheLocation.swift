import Foundation
import RivFormat

/// Where and how hosted assets are cached: the cache folder, and the mirror
/// assets are fetched from when one is used instead of each file's base URL.
/// The one value an app's fetcher and a reader elsewhere (a widget, an app
/// extension, a build step) share, so that both find an asset under the same
/// key: an entry is kept under the asset's CDN uuid *and* the URL it was
/// fetched from (``HostedAssetKey``), so a reader that used the file's base URL
/// while the fetcher used a mirror would find nothing.
///
/// ```swift
/// // The app: fetch, then hand the location to the widget (it is Codable).
/// let location = fetcher.cacheLocation
/// try JSONEncoder().encode(location).write(to: sharedContainer.appendingPathComponent("rive-cache.json"))
/// // The widget: a synchronous read, never the network.
/// let bytes = location.cachedData(for: asset)
/// ```
public struct HostedAssetCacheLocation: Sendable, Hashable, Codable {
    /// The cache folder.
    public var directory: URL
    /// The base URL every hosted asset is fetched from instead of its file's (a
    /// mirror holding the same uuids), nil to use each file's own.
    public var mirror: String?

    /// The cache in `directory`, with assets fetched from `mirror` when one is given.
    public init(directory: URL, mirror: String? = nil) {
        self.directory = directory.standardizedFileURL
        self.mirror = mirror
    }

    /// The key the hosted `asset` is kept under here; nil when it is not hosted
    /// or no URL can be made from its base URL (or the mirror) and uuid.
    public func key(for asset: FileAsset) -> HostedAssetKey? {
        HostedAssetKey(hostedAsset: asset, mirror: mirror)
    }

    /// The cached bytes of the hosted `asset`, checked against their record; nil
    /// when the cache has no good entry for it. Reads the folder without changing
    /// it, and never uses the network.
    public func cachedData(for asset: FileAsset) -> Data? {
        key(for: asset).flatMap(HostedAssetCache(readingFrom: directory).data(for:))
    }

    /// Removes the cache's entry of the hosted `asset` (under the key a fetcher
    /// with this location keeps it), so that the next fetch downloads it again;
    /// nothing happens when there is none. For a process other than the
    /// fetcher's (whose own ``HostedAssetFetcher/removeCachedEntry(for:)`` also
    /// forgets its copy in memory). Never uses the network.
    public func removeEntry(for asset: FileAsset) {
        if let key = key(for: asset) { HostedAssetCache(readingFrom: directory).removeEntry(for: key) }
    }
}
