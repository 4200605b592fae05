/// How your app stores and serves hosted asset bytes: fetch an asset's bytes,
/// upload bytes under a CDN uuid, delete a uuid.
///
/// The package owns caching, retries, the format check, the bounds and
/// reporting (``HostedAssetFetcher``); a transport only does the one call it is
/// asked for, once per attempt. An app behind its own API writes the three
/// calls against it; an HTTP server is reached through ``HostedAssetHTTPClient``
/// (``URLSessionTransport`` ships with the package), which implements all three
/// as `GET`, `PUT` and `DELETE` of the asset's URL.
///
/// ```swift
/// struct AssetAPITransport: HostedAssetTransport {
///     let api: MyAssetAPI
///     func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
///         HostedAssetResponse(body: .data(try await api.download(id: request.uuid)))
///     }
///     func upload(_ upload: HostedAssetUpload) async throws {
///         try await api.store(upload.bytes, id: upload.uuid, contentType: upload.contentType)
///     }
///     func delete(_ deletion: HostedAssetDeletion) async throws {
///         try await api.remove(id: deletion.uuid)
///     }
///     func failureKind(of error: any Error) -> TransportFailureKind {
///         (error as? MyAssetAPI.Failure) == .busy ? .transient(retryAfter: .seconds(2)) : .permanent
///     }
/// }
/// ```
///
/// A file can hold only a 16-byte uuid and a base URL for a hosted asset, so the
/// uuid is the asset's id everywhere: ``upload(_:)`` stores the bytes under the
/// uuid it is given (the content uuid `host` derives), never under an id of its
/// own. Both ``upload(_:)`` and ``delete(_:)`` must be safe to repeat: uploading
/// the same uuid again, or deleting one that is gone, is no error.
///
/// Every transport is bounded the same way, by the fetcher: the size limit, the
/// total deadline of each attempt and the retry policy hold for yours as for the
/// one that ships. Throw anything when a call fails: ``HostedAssetTransportError``
/// for a lost connection or a timeout (retried), or an error of your own, kept
/// with its type and retried only when ``failureKind(of:)`` says it is
/// transient. When the task that awaits a call is cancelled, so is the task
/// your call runs in: stop, and throw `CancellationError`.
public protocol HostedAssetTransport: Sendable {
    /// The bytes of the asset `request` names (its ``HostedAssetRequest/uuid``, at
    /// its ``HostedAssetRequest/url``): a response with the body, and, when the
    /// transport speaks HTTP, the status and headers for the fetcher to judge
    /// (`status: nil` is taken as success).
    func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse
    /// Stores `upload.bytes` under `upload.uuid`, so that a later ``fetch(_:)``
    /// of that uuid gets them back; storing bytes already there is no error.
    func upload(_ upload: HostedAssetUpload) async throws
    /// Removes what is stored under `deletion.uuid`; a uuid with nothing stored
    /// is no error.
    func delete(_ deletion: HostedAssetDeletion) async throws
    /// Whether a failure this transport threw is worth another attempt, and
    /// after how long. Asked only of errors that are no
    /// ``HostedAssetTransportError`` (whose cases say it themselves) and no
    /// `CancellationError`. By default none is.
    func failureKind(of error: any Error) -> TransportFailureKind
}

extension HostedAssetTransport {
    /// No error of the transport's own is worth another attempt.
    public func failureKind(of error: any Error) -> TransportFailureKind { .permanent }
}
