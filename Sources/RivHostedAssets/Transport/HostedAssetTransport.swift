/// The way hosted asset bytes are fetched: your app's (or the tool's) HTTP client.
///
/// The package owns caching, retries, the format check and reporting; a transport
/// only performs one request and hands back what the server answered. Anything
/// with an `async` HTTP call can be one:
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
/// ``URLSessionTransport`` is the one that ships with the package. Throw
/// ``HostedAssetTransportError`` for failures worth retrying (a refused or lost
/// connection, a timeout); any other error fails the asset at once.
public protocol HostedAssetTransport: Sendable {
    /// Performs `request` once and returns the answer, whatever its status.
    func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse
}
