import Foundation
import RivFormat

/// One hosted asset to fetch: which asset, from where, and with which headers.
/// An ``HostedAssetHTTPClient`` is sent one of these per HTTP request: the
/// fetch, each redirect it leads to, and the `PUT` and `DELETE` its uploads and
/// deletions become.
public struct HostedAssetRequest: Sendable, Hashable {
    /// The HTTP method a request is sent with.
    public enum Method: String, Sendable, Hashable {
        /// Fetches the bytes.
        case get = "GET"
        /// Stores ``HostedAssetRequest/body`` at the URL.
        case put = "PUT"
        /// Removes what is at the URL.
        case delete = "DELETE"
    }

    /// The asset's unique name (`logo-6`), as the runtime registers it.
    public let uniqueName: String
    /// The asset's kind.
    public let type: AssetType
    /// The CDN uuid, the cache key.
    public let uuid: String
    /// The URL to fetch: base URL (or the override), `/` when missing, uuid.
    public let url: URL
    /// Every header to send: `Accept` for the asset's type, then the extra headers
    /// of the fetcher's configuration (which may override it).
    public let headers: [String: String]
    /// What the cache files the bytes under: the uuid and the normalised URL; nil
    /// when the URL is no http or https URL with a host.
    public var cacheKey: HostedAssetKey? { HostedAssetKey(url: url, uuid: uuid) }
    /// A folder on the cache's volume where a transport that downloads to a file
    /// should create it, so that storing it is a rename, not a copy.
    public let downloadFolder: URL
    /// How it is sent over HTTP: `GET` for a fetch.
    public let method: Method
    /// The bytes sent with it (an upload's), nil for none.
    public let body: Data?

    /// A request for `uniqueName` at `url` (by default a `GET` without a body).
    public init(uniqueName: String, type: AssetType, uuid: String, url: URL, headers: [String: String], downloadFolder: URL,
                method: Method = .get, body: Data? = nil) {
        self.uniqueName = uniqueName
        self.type = type
        self.uuid = uuid
        self.url = url
        self.headers = headers
        self.downloadFolder = downloadFolder
        self.method = method
        self.body = body
    }

    /// The `Accept` header for an asset type: `image/png,image/webp,image/jpeg,*/*`
    /// for images (as Rive's docs suggest for image CDNs), the font and audio
    /// media types for fonts and audio, `*/*` otherwise.
    public static func acceptHeader(for type: AssetType) -> String {
        switch type.kind {
        case .image: "image/png,image/webp,image/jpeg,*/*"
        case .font: "font/ttf,font/otf,*/*"
        case .audio: "audio/wav,audio/mpeg,audio/flac,audio/ogg,*/*"
        case .script, .scriptModule, .shader, .blob, .manifest, nil: "*/*"
        }
    }

    /// The URL Rive's runtimes fetch a hosted asset from: `baseURL`, a `/` only
    /// when it does not already end with one, then the uuid. Nil when that is no URL.
    public static func resolvedURL(baseURL: String, uuid: String) -> URL? {
        guard let url = URL(string: CDNInfo(baseURL: baseURL, uuid: uuid).url), url.scheme != nil, url.host != nil else { return nil }
        return url
    }
}
