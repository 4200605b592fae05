import Dispatch
import Foundation
import RivFormat

/// A transport over `URLSession` (FoundationNetworking on Linux) that streams each
/// body into a new file in the request's download folder (the cache folder, so
/// that storing it is a rename), readable by its owner only. Memory stays bounded
/// whatever the size, and every download is bounded too:
///
/// - a body larger than ``HostedAssetRequest/maximumByteCount`` is stopped as soon
///   as its `Content-Length` or the bytes received say so;
/// - a server silent for `timeout` seconds is a timeout (retried), a download not
///   finished after ``deadline`` seconds is cut off however steadily it trickles;
/// - a redirect to another origin (scheme, host and port) carries no header but
///   `Accept`, so a token given for one host never follows a redirect elsewhere,
///   and a redirect to anything but http or https is refused;
/// - the partial file is removed on every failure, and by ``TemporaryFiles`` if
///   the process is interrupted.
///
/// ```swift
/// let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 30),
///                                  cache: try HostedAssetCache())
/// ```
///
/// A refused or lost connection and a timeout are thrown as
/// ``HostedAssetTransportError`` (the fetcher retries them); HTTP statuses are
/// returned as they are, for the fetcher to judge.
public final class URLSessionTransport: HostedAssetTransport {
    /// How long a download may take in all, in seconds.
    public let deadline: TimeInterval
    private let session: NetworkSession
    private let downloads: SessionDownloads

    /// A transport whose requests give up after `timeout` seconds without data,
    /// whose downloads are cut off after `deadline` seconds in all (by default ten
    /// times `timeout`), and that opens up to `maximumConnectionsPerHost`
    /// connections to one server. Nothing is cached by the session itself:
    /// ``HostedAssetCache`` does that.
    public init(timeout: TimeInterval = 60, deadline: TimeInterval? = nil,
                maximumConnectionsPerHost: Int = HostedAssetFetcher.Configuration.defaultConcurrency) {
        let configuration = NetworkSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        self.deadline = deadline ?? timeout * 10
        downloads = SessionDownloads()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = NetworkSession(configuration: configuration, delegate: downloads, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and streams the body into a new file in its download folder.
    public func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        let file: (descriptor: Int32, path: String)
        do throws(RivEditError) {
            file = try TemporaryFiles.shared.createFile(beside: request.downloadFolder.appendingPathComponent("download").path)
        } catch {
            throw HostedAssetCacheError.unwritable(path: request.downloadFolder.path, reason: error.description)
        }
        var urlRequest = NetworkRequest(url: request.url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        let seconds = deadline
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                downloads.begin(task, SessionDownloads.Download(request: request, file: file, continuation: continuation))
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [downloads] in
                    downloads.stop(task, because: HostedAssetTransportError.deadlineExceeded(seconds: seconds))
                }
            }
        } onCancel: { [downloads] in
            downloads.stop(task, because: CancellationError())
        }
    }
}
