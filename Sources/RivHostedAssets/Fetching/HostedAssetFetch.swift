import Foundation
import RivFormat

/// A hosted asset that is in the cache: where it came from this time and where it is.
public struct HostedAssetFetch: Sendable, Hashable {
    /// Where the bytes came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The cache already had them.
        case cached
        /// They were downloaded now.
        case downloaded
    }

    /// The asset's unique name.
    public let uniqueName: String
    /// The CDN uuid.
    public var uuid: String { key.uuid }
    /// What the cache holds the bytes under.
    public let key: HostedAssetKey
    /// The URL they are (or would be) fetched from.
    public let url: String
    /// Cached or downloaded.
    public let source: Source
    /// The cache's file of the bytes, for streaming them.
    public let file: URL
    /// The number of bytes.
    public let byteCount: Int
    /// Their detected format.
    public let format: ContentFormat
    /// Requests made (0 when cached).
    public let attempts: Int

    /// The cache entry the bytes are in, checked when they were had.
    public var entry: HostedAssetCache.Entry { HostedAssetCache.Entry(file: file, byteCount: byteCount, format: format) }
}

extension HostedAssetFetch.Source: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}
