import Foundation
import RivFormat

/// What the hosted cache files an asset's bytes under: the CDN uuid and the
/// normalised URL they are fetched from, so that bytes one server sent are never
/// served for a file that names another (a file naming `https://evil.example/`
/// with the uuid of a real asset fills only its own entry).
///
/// The URL is the base URL (the file's, or a mirror given for the fetch, which
/// every file then shares), `/`, and the uuid, normalised: scheme and host in
/// lower case, a default port (80, 443) dropped, user name, password and fragment
/// dropped; path and query as written.
public struct HostedAssetKey: Sendable, Hashable, CustomStringConvertible {
    /// The CDN uuid.
    public let uuid: String
    /// The normalised URL.
    public let url: String

    /// The key of `uuid` fetched from `url`; nil when `url` has no http or https
    /// scheme and host, or `uuid` cannot name a cache file.
    public init?(url: URL, uuid: String) {
        guard HostedAssetCache.isValid(uuid), let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.percentEncodedHost?.lowercased(), !host.isEmpty else { return nil }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        let port = components.port.flatMap { ($0 == 80 && scheme == "http") || ($0 == 443 && scheme == "https") ? nil : ":\($0)" } ?? ""
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        self.uuid = uuid
        self.url = scheme + "://" + bracketed + port + components.percentEncodedPath + query
    }

    /// The key of `uuid` under `baseURL`, joined as Rive's runtimes join them.
    public init?(baseURL: String, uuid: String) {
        guard let url = HostedAssetRequest.resolvedURL(baseURL: baseURL, uuid: uuid) else { return nil }
        self.init(url: url, uuid: uuid)
    }

    /// The key the cache keeps the hosted `asset` under when it is fetched from
    /// `mirror` (a `--cdn-base-url`), or else from the base URL its file names;
    /// nil when the asset is not hosted or no URL can be made. The one way every
    /// fetch, extraction and verification finds an asset in the cache.
    public init?(hostedAsset asset: FileAsset, mirror: String? = nil) {
        guard let cdn = asset.cdn else { return nil }
        self.init(baseURL: mirror ?? cdn.baseURL, uuid: cdn.uuid)
    }

    /// The name of the entry's file in the cache folder: the uuid, `.`, and the
    /// XXH64 of the URL in 16 hex digits. Two URLs that share a name only
    /// take turns in it: the record beside the bytes holds the whole URL.
    package var fileName: String {
        let hash = url.utf8.withContiguousStorageIfAvailable { XXH64.hash(UnsafeRawBufferPointer($0)) }
            ?? Array(url.utf8).withUnsafeBytes { XXH64.hash($0) }
        return uuid + "." + XXH64.hexString(hash)
    }

    /// `uuid at url`.
    public var description: String { "\(uuid) at \(url)" }
}
