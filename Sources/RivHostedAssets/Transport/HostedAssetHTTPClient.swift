import Foundation

/// A transport that speaks HTTP: your app's (or the package's) HTTP client,
/// sending one request and handing back what the server answered. It is a
/// ``HostedAssetTransport`` with nothing more to write: a fetch is a `GET` of
/// the asset's URL, each redirect followed by the package, an upload a `PUT`
/// of the bytes to it, a deletion a `DELETE` of it.
///
/// ```swift
/// struct MyClientTransport: HostedAssetHTTPClient {
///     let client: MyHTTPClient
///     func send(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
///         let reply = try await client.send(request.method.rawValue, request.url, headers: request.headers, body: request.body)
///         return HostedAssetResponse(body: .data(reply.body), status: reply.statusCode, headers: reply.headers)
///     }
/// }
/// ```
///
/// What the package does around each request: it follows a redirect of a `GET`
/// (a 3xx with its `Location`) itself, hop by hop, at most 10, never to another
/// scheme nor from https to http, sending the headers you configured to the
/// same origin only (a client that follows redirects on its own applies its own
/// rule to them, so hand them back instead); it judges the status (a 2xx
/// stores, 408, 429 and 5xx are retried, a `Retry-After` waited for); it stops
/// a body past ``HostedAssetFetcher/Configuration/maximumAssetSize`` (hand back
/// a ``HostedAssetResponse/Body/stream(_:)`` for it to stop one while it
/// arrives); and it cuts off an attempt not finished after
/// ``HostedAssetFetcher/Configuration/deadline``. An upload succeeds on a 2xx; a
/// deletion on a 2xx, 404 or 410 (nothing left to delete).
///
/// Throw ``HostedAssetTransportError`` for failures worth retrying (a refused
/// or lost connection, a timeout); any other error fails the call at once,
/// unless ``HostedAssetTransport/failureKind(of:)`` says otherwise.
public protocol HostedAssetHTTPClient: HostedAssetTransport {
    /// Sends `request` once (its ``HostedAssetRequest/method``, URL, headers and
    /// ``HostedAssetRequest/body``) and returns the answer, whatever its status,
    /// a redirect included.
    func send(_ request: HostedAssetRequest) async throws -> HostedAssetResponse
}

extension HostedAssetHTTPClient {
    /// A `GET` of the asset's URL, following each redirect by ``RedirectPolicy``'s
    /// rule; the final answer, whatever its status, for the fetcher to judge.
    public func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        var redirects = RedirectPolicy()
        var hop = request
        while true {
            let response = try await send(hop)
            let next: HostedAssetRequest?
            do {
                next = try redirects.next(after: response, to: hop)
            } catch {
                await ByteBudget.discard(response.body)
                throw error
            }
            guard let next else { return response }
            await ByteBudget.discard(response.body)
            hop = next
        }
    }

    /// A `PUT` of the bytes to the upload's URL, with its `Content-Type`; any
    /// answer but a 2xx is a failure of that status.
    public func upload(_ upload: HostedAssetUpload) async throws {
        let request = HostedAssetRequest(uniqueName: upload.uuid, type: upload.type, uuid: upload.uuid, url: upload.url,
                                         headers: upload.headers, downloadFolder: URL(fileURLWithPath: NSTemporaryDirectory()),
                                         method: .put, body: upload.bytes)
        try await Self.require(try await send(request), accepting: 200...299)
    }

    /// A `DELETE` of the uuid's URL; a 2xx, 404 or 410 (already gone) is success,
    /// any other answer a failure of that status.
    public func delete(_ deletion: HostedAssetDeletion) async throws {
        let request = HostedAssetRequest(uniqueName: deletion.uuid, type: HostedAssetDeletion.anyType, uuid: deletion.uuid, url: deletion.url,
                                         headers: deletion.headers, downloadFolder: URL(fileURLWithPath: NSTemporaryDirectory()),
                                         method: .delete)
        let response = try await send(request)
        if let status = response.status, status == 404 || status == 410 {
            await ByteBudget.discard(response.body)
            return
        }
        try await Self.require(response, accepting: 200...299)
    }

    /// Lets go of the body of `response`; throws its status as the failure when it is not in `accepted`.
    private static func require(_ response: HostedAssetResponse, accepting accepted: ClosedRange<Int>) async throws {
        await ByteBudget.discard(response.body)
        guard let status = response.status, !accepted.contains(status) else { return }
        throw AttemptFailure(cause: .status(status), retryAfter: RetryAfter.delay(response.header("Retry-After")))
    }
}
