import Foundation

/// What a transport got back for one request.
public struct HostedAssetResponse: Sendable {
    /// Where the body is.
    public enum Body: Sendable {
        /// The body in memory: fine for small assets.
        case data(Data)
        /// The body in a file the transport wrote (best in
        /// ``HostedAssetRequest/downloadFolder``); the cache takes it over.
        case file(URL)
    }

    /// The body as received.
    public let body: Body
    /// The HTTP status, nil for a transport without one (the body is then taken as a success).
    public let status: Int?
    /// The response headers (names in any case).
    public let headers: [String: String]

    /// A response with `body`, `status` and `headers`.
    public init(body: Body, status: Int? = 200, headers: [String: String] = [:]) {
        self.body = body
        self.status = status
        self.headers = headers
    }

    /// The value of the header `name`, whatever the case of its name.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
