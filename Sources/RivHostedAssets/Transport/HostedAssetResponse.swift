import Foundation

/// What a transport got back for one request.
public struct HostedAssetResponse: Sendable {
    /// Where the body is. Whichever a transport hands back, the fetcher holds it
    /// to its ``HostedAssetFetcher/Configuration/maximumAssetSize`` and never
    /// reads the body of a status it does not store.
    public enum Body: Sendable {
        /// The body in memory: fine for small assets.
        case data(Data)
        /// The body in a file the transport wrote (best in
        /// ``HostedAssetRequest/downloadFolder``); the fetcher takes it over
        /// (the cache keeps it, or it is removed).
        case file(URL)
        /// The body in pieces as they arrive. The fetcher writes them to a file
        /// in the download folder and stops reading as soon as they pass its
        /// size limit, or at once for an answer it does not store (an error
        /// page, a redirect). Stopping ends the stream, which runs its
        /// `onTermination` with `.cancelled`: the place to stop the transfer.
        case stream(AsyncThrowingStream<Data, any Error>)
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
