import Foundation
import RivFormat

/// A CDN uuid whose bytes are to be removed: what ``HostedAssetTransport/delete(_:)``
/// is asked to do, made by ``HostedAssetFetcher/delete(uuid:baseURL:)``.
public struct HostedAssetDeletion: Sendable, Hashable {
    /// The uuid to remove, in the text form a file's URL holds.
    public let uuid: String
    /// The URL its bytes were served from: the base URL, `/` when missing, the uuid.
    public let url: URL
    /// The headers to send when the transport speaks HTTP: the configured extra
    /// headers for the URL's host.
    public let headers: [String: String]

    /// A deletion of `uuid`, served from `url`.
    public init(uuid: String, url: URL, headers: [String: String]) {
        self.uuid = uuid
        self.url = url
        self.headers = headers
    }

    /// The type a deletion's HTTP request is sent as: none of the file asset
    /// kinds (its `Accept` is `*/*`), since a deletion is of a uuid, whatever it held.
    static let anyType = AssetType.unknown(0)
}
