import Foundation
import RivFormat

extension HostedAssetFetcher {
    /// Stores `bytes` under the CDN `uuid` through the transport
    /// (``HostedAssetTransport/upload(_:)``), so that a fetch of that uuid from
    /// `baseURL` gets them back; the bytes are served as `contentType`.
    ///
    /// The URL is the one a fetch of the uuid uses: `baseURL` (or the configured
    /// ``Configuration/baseURLOverride``), `/` when missing, the uuid; the
    /// configured headers go with it by the same rule, and `Content-Type` is
    /// `contentType`. Bytes over ``Configuration/maximumAssetSize`` are refused
    /// before any call; each attempt is cut off at ``Configuration/deadline``;
    /// a failure is retried as a fetch's is (a transport's own error when its
    /// ``HostedAssetTransport/failureKind(of:)`` says so). Safe to repeat: the
    /// transport stores the same uuid again.
    ///
    /// - Throws: ``HostedAssetError`` when the bytes could not be stored;
    ///   `CancellationError` when the calling task is cancelled first (the
    ///   transport's call is cancelled with it).
    public func upload(_ bytes: Data, contentType: String, uuid: String, baseURL: String, type: AssetType) async throws {
        let url = try callURL(uuid: uuid, baseURL: baseURL)
        if let limit = configuration.maximumAssetSize, bytes.count > limit {
            throw HostedAssetError(uniqueName: uuid, url: url.absoluteString, attempts: 0, cause: .tooLarge(limit: limit))
        }
        var headers = try callHeaders(for: url, uuid: uuid, type: type)
        headers = headers.filter { $0.key.caseInsensitiveCompare("Content-Type") != .orderedSame }
        headers["Content-Type"] = contentType
        try checkSafe(url: url, headers: headers, uuid: uuid)
        let upload = HostedAssetUpload(uuid: uuid, url: url, type: type, contentType: contentType, bytes: bytes, headers: headers)
        try await call(uuid: uuid, url: url) { [transport] in try await transport.upload(upload) }
    }

    /// Removes what is stored under the CDN `uuid` through the transport
    /// (``HostedAssetTransport/delete(_:)``), and the cache's entry of it at that
    /// URL. The URL and headers are a fetch's (`baseURL` or the configured
    /// override); bounds and retries are an upload's. Safe to repeat: a uuid
    /// with nothing stored is no error.
    ///
    /// - Throws: ``HostedAssetError`` when it could not be removed;
    ///   `CancellationError` when the calling task is cancelled first.
    public func delete(uuid: String, baseURL: String) async throws {
        let url = try callURL(uuid: uuid, baseURL: baseURL)
        let headers = try callHeaders(for: url, uuid: uuid, type: HostedAssetDeletion.anyType)
        try checkSafe(url: url, headers: headers, uuid: uuid)
        let deletion = HostedAssetDeletion(uuid: uuid, url: url, headers: headers)
        try await call(uuid: uuid, url: url) { [transport] in try await transport.delete(deletion) }
        if let key = HostedAssetKey(url: url, uuid: uuid) { cache.removeEntry(for: key) }
    }

    /// Removes the cache's entry of the hosted `asset`, kept under the URL this
    /// fetcher fetches it from (as ``cachedEntry(for:)`` finds it), so that the
    /// next fetch downloads it again. Nothing happens when there is none.
    public func removeCachedEntry(for asset: FileAsset) {
        if let key = cacheLocation.key(for: asset) { cache.removeEntry(for: key) }
    }

    /// One upload or deletion: within a download slot, each attempt within the
    /// deadline, retried by the one engine; `CancellationError` once the task is cancelled.
    private func call(uuid: String, url: URL, _ work: @escaping @Sendable () async throws -> Void) async throws {
        try Task.checkCancellation()
        let outcome = await slots.withSlot {
            await self.withRetries(uniqueName: uuid, url: url.absoluteString) { [self] _ in try await withinDeadline(work) }
        }
        guard let outcome else { throw CancellationError() }
        // A call the cancellation cut short says so; one that was made stands.
        if case .failure = outcome, Task.isCancelled { throw CancellationError() }
        try outcome.get()
    }

    /// The URL of `uuid` under `baseURL` (or the override), as a fetch makes it.
    private func callURL(uuid: String, baseURL: String) throws(HostedAssetError) -> URL {
        let base = configuration.baseURLOverride ?? baseURL
        guard let url = HostedAssetRequest.resolvedURL(baseURL: base, uuid: uuid) else {
            throw HostedAssetError(uniqueName: uuid, url: nil, attempts: 0, cause: .invalidURL(CDNInfo(baseURL: base, uuid: uuid).url))
        }
        return url
    }

    /// The configured headers `url` gets, by the rule a fetch's follow.
    private func callHeaders(for url: URL, uuid: String, type: AssetType) throws(HostedAssetError) -> [String: String] {
        do throws(HostPortError) {
            return try headerHosts.headers(for: url, type: type)
        } catch {
            throw HostedAssetError(uniqueName: uuid, url: url.absoluteString, attempts: 0, cause: .invalidHeaderHost(error.description))
        }
    }

    /// Refuses a request line or header that would carry what a request cannot.
    private func checkSafe(url: URL, headers: [String: String], uuid: String) throws(HostedAssetError) {
        if let problem = HTTPRequestHead.problem(url: url, headers: headers) {
            throw HostedAssetError(uniqueName: uuid, url: url.absoluteString, attempts: 0, cause: .unsafeRequest(problem))
        }
    }
}
