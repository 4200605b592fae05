import Foundation
import RivFormat

/// Bytes to store under a CDN uuid: what ``HostedAssetTransport/upload(_:)`` is
/// asked to do, made by ``HostedAssetFetcher/upload(_:contentType:uuid:baseURL:type:)``.
public struct HostedAssetUpload: Sendable, Hashable {
    /// The uuid to store the bytes under (the id a file holds), in lower-case text form.
    public let uuid: String
    /// The URL runtimes will fetch the bytes from: the base URL, `/` when missing, the uuid.
    public let url: URL
    /// The kind of asset the bytes are.
    public let type: AssetType
    /// The MIME type to serve them with (`image/png`, `application/octet-stream`).
    public let contentType: String
    /// The bytes.
    public let bytes: Data
    /// The headers to send with them when the transport speaks HTTP: `Content-Type`,
    /// then the configured extra headers for the URL's host.
    public let headers: [String: String]

    /// An upload of `bytes` under `uuid`, to be served from `url` as `contentType`.
    public init(uuid: String, url: URL, type: AssetType, contentType: String, bytes: Data, headers: [String: String]) {
        self.uuid = uuid
        self.url = url
        self.type = type
        self.contentType = contentType
        self.bytes = bytes
        self.headers = headers
    }
}
