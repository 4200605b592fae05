import Dispatch
import Foundation
import RivFormat
import RivSupport

/// A transport over `URLSession` (FoundationNetworking on Linux) that hands back
/// each answer at its head, the body as a stream the fetcher reads as it comes
/// (see ``HostedAssetResponse/Body/stream(_:)``). It keeps no policy of its own:
/// it follows no redirect (a 3xx is handed back with its `Location`), and the
/// size limit and total deadline are the fetcher's. Memory stays bounded
/// whatever the size: each piece of the body is written, where the session
/// delivers it, to a spool file in the request's download folder (private,
/// removed when the body has been read or the reader stops), and read back
/// from there. A server silent for `timeout` seconds is a timeout (retried).
/// The session is only ever called on a queue of the transport's own, so a
/// fetch holds no thread of the pool that runs Swift tasks while the URL
/// loading system is busy.
///
/// ```swift
/// let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 30),
///                                  cache: try HostedAssetCache())
/// ```
///
/// A refused or lost connection and a timeout are thrown as
/// ``HostedAssetTransportError`` (the fetcher retries them); HTTP statuses are
/// returned as they are, for the fetcher to judge. Uploads and deletions are a
/// `PUT` and a `DELETE` of the asset's URL (``HostedAssetHTTPClient``); on
/// Linux, not to a host given as an IPv6 address, which only `GET`s reach.
public final class URLSessionTransport: HostedAssetHTTPClient {
    /// How long a request may stay silent, in seconds.
    public let timeout: TimeInterval
    private let maximumConnectionsPerHost: Int
    /// The session, made by the first request: a run served from the cache
    /// never starts the URL loading system.
    private let session = Protected<NetworkSession?>(nil)
    private let downloads: SessionDownloads

    /// A transport whose requests give up after `timeout` seconds without data,
    /// and that opens up to `maximumConnectionsPerHost` connections to one
    /// server. Nothing is cached by the session itself: ``HostedAssetCache``
    /// does that.
    public init(timeout: TimeInterval = 60, maximumConnectionsPerHost: Int = HostedAssetFetcher.Configuration.defaultConcurrency) {
        self.timeout = timeout
        self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        downloads = SessionDownloads()
    }

    deinit {
        session.withLock { $0?.finishTasksAndInvalidate() }
    }

    /// The session, made the first time it is needed (on the downloads' queue of calls).
    private var networkSession: NetworkSession {
        session.withLock { session in
            if let session { return session }
            let configuration = NetworkSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            let made = NetworkSession(configuration: configuration, delegate: downloads, delegateQueue: DirectDelegateQueue())
            session = made
            return made
        }
    }

    /// Sends `request` and returns the answer at its head, the body streamed.
    /// The calling task only waits: the session is called on a queue of the
    /// transport's own.
    public func send(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        #if canImport(FoundationNetworking)
        if IPv6LiteralHTTP.isNeeded(for: request.url) {
            guard request.method == .get else {
                throw HostedAssetTransportError.unsupported("\(request.method.rawValue) to an IPv6 address on Linux; use a host name")
            }
            return try await IPv6LiteralHTTP(url: request.url, headers: request.headers, timeout: timeout).response(spoolingIn: request.downloadFolder)
        }
        #endif
        var urlRequest = NetworkRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let fetch = downloads.register(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                downloads.start(fetch, answer: continuation) { [self, urlRequest] in networkSession.dataTask(with: urlRequest) }
            }
        } onCancel: { [downloads] in
            downloads.stop(fetch, because: CancellationError())
        }
    }
}
