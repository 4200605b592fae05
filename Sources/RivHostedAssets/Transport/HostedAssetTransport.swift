/// The way hosted asset bytes are fetched: your app's (or the tool's) HTTP client.
///
/// The package owns caching, retries, the format check, the bounds and
/// reporting; a transport only sends one request and hands back what the
/// server answered: the status, the headers and the body. Anything with an
/// `async` HTTP call can be one:
///
/// ```swift
/// struct MyClientTransport: HostedAssetTransport {
///     let client: MyHTTPClient
///     func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
///         let reply = try await client.get(request.url, headers: request.headers)
///         return HostedAssetResponse(body: .data(reply.body), status: reply.statusCode, headers: reply.headers)
///     }
/// }
/// ```
///
/// Every transport is bounded the same way, by the fetcher: it follows a
/// redirect the transport hands back (a 3xx with its `Location`) itself, hop by
/// hop, sending the headers you configured to the same origin only; it stops a
/// body past ``HostedAssetFetcher/Configuration/maximumAssetSize`` (hand back a
/// ``HostedAssetResponse/Body/stream(_:)`` for it to stop a body while it
/// arrives); and it cuts off an attempt not finished after
/// ``HostedAssetFetcher/Configuration/deadline``, whether or not the transport
/// answers. A client that follows redirects on its own applies its own rule to
/// them, so hand them back instead.
///
/// ``URLSessionTransport`` is the one that ships with the package. Throw
/// ``HostedAssetTransportError`` for failures worth retrying (a refused or lost
/// connection, a timeout); any other error fails the asset at once.
public protocol HostedAssetTransport: Sendable {
    /// Sends `request` once and returns the answer, whatever its status, a
    /// redirect included.
    func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse
}
