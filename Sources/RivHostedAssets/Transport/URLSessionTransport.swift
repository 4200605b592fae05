import Dispatch
import Foundation
import RivFormat
import RivSupport

/// A transport over `URLSession` (FoundationNetworking on Linux) that streams each
/// body into a new file in the request's download folder (the cache folder, so
/// that storing it is a rename), readable by its owner only. Memory stays bounded
/// whatever the size (each piece is handled where the session hands it over,
/// before the next is read), and every download is bounded too:
///
/// - a body larger than ``HostedAssetRequest/maximumByteCount`` is stopped as soon
///   as its `Content-Length` or the bytes received say so;
/// - a server silent for `timeout` seconds is a timeout (retried), a download not
///   finished after ``deadline`` seconds is cut off however steadily it trickles;
/// - a redirect to another origin (scheme, host and port) carries no header but
///   `Accept`, so a token given for one host never follows a redirect elsewhere,
///   and a redirect to anything but http or https is refused;
/// - the partial file is removed on every failure, and by `TemporaryFiles` if
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
    /// How long a request may stay silent, in seconds.
    public let timeout: TimeInterval
    private let maximumConnectionsPerHost: Int
    /// The session, made by the first request: a run served from the cache
    /// never starts the URL loading system.
    private let session = Protected<NetworkSession?>(nil)
    private let downloads: SessionDownloads

    /// A transport whose requests give up after `timeout` seconds without data,
    /// whose downloads are cut off after `deadline` seconds in all (by default ten
    /// times `timeout`), and that opens up to `maximumConnectionsPerHost`
    /// connections to one server. Nothing is cached by the session itself:
    /// ``HostedAssetCache`` does that.
    public init(timeout: TimeInterval = 60, deadline: TimeInterval? = nil,
                maximumConnectionsPerHost: Int = HostedAssetFetcher.Configuration.defaultConcurrency) {
        self.timeout = timeout
        self.maximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        self.deadline = deadline ?? timeout * 10
        downloads = SessionDownloads(deadline: self.deadline)
    }

    deinit {
        session.withLock { $0?.finishTasksAndInvalidate() }
    }

    /// The session, made the first time it is needed.
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

    /// Sends `request` and streams the body into a new file in its download folder.
    public func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        #if canImport(FoundationNetworking)
        if IPv6LiteralHTTP.isNeeded(for: request.url) { return try await fetchFromIPv6Literal(request, redirects: 0) }
        #endif
        let file = try Self.downloadFile(for: request)
        var urlRequest = NetworkRequest(url: request.url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = networkSession.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                downloads.begin(task, SessionDownloads.Download(request: request, file: file, continuation: continuation))
            }
        } onCancel: { [downloads] in
            downloads.stop(task, because: CancellationError())
        }
    }

    /// A new private file for the body of `request`, in its download folder.
    private static func downloadFile(for request: HostedAssetRequest) throws -> (descriptor: Int32, path: String) {
        do throws(FileWriteError) {
            return try TemporaryFiles.shared.createFile(beside: request.downloadFolder.appendingPathComponent("download").path)
        } catch {
            throw HostedAssetCacheError.unwritable(path: request.downloadFolder.path, reason: error.description)
        }
    }

    #if canImport(FoundationNetworking)
    /// `request` to an IPv6 address, over a connection of the transport's own
    /// (see ``IPv6LiteralHTTP``), following up to 10 redirects with the same
    /// header rule as the session path.
    private func fetchFromIPv6Literal(_ request: HostedAssetRequest, redirects: Int) async throws -> HostedAssetResponse {
        let file = try Self.downloadFile(for: request)
        let cancelled = Protected(false)
        let exchange = IPv6LiteralHTTP(url: request.url, headers: request.headers, limit: request.maximumByteCount, timeout: timeout,
                                       deadline: deadline, cancelled: { cancelled.withLock { $0 } })
        let outcome: Result<(status: Int, headers: [String: String]), any Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: Result { try exchange.perform(writingTo: file.descriptor) })
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        close(file.descriptor)
        let keep: Bool
        if case .success(let answer) = outcome, !(300...399).contains(answer.status) || answer.headers.first(where: { $0.key.lowercased() == "location" }) == nil {
            keep = true
        } else {
            keep = false
        }
        if !keep {
            unlink(file.path)
            TemporaryFiles.shared.forget(file.path)
        }
        let answer = try outcome.get()
        guard !keep, let location = answer.headers.first(where: { $0.key.lowercased() == "location" })?.value else {
            return HostedAssetResponse(body: .file(URL(fileURLWithPath: file.path)), status: answer.status, headers: answer.headers)
        }
        guard redirects < 10 else { throw HostedAssetTransportError.connectionFailed("more than 10 redirects") }
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
              ["http", "https"].contains(target.scheme?.lowercased() ?? ""), target.host != nil else {
            throw HostedAssetTransportError.redirectRefused(location)
        }
        let sameOrigin = SessionDownloads.origin(of: target) == SessionDownloads.origin(of: request.url)
        let next = HostedAssetRequest(uniqueName: request.uniqueName, type: request.type, uuid: request.uuid, url: target,
                                      headers: request.headers.filter { sameOrigin || $0.key.caseInsensitiveCompare("Accept") == .orderedSame },
                                      downloadFolder: request.downloadFolder, maximumByteCount: request.maximumByteCount)
        return IPv6LiteralHTTP.isNeeded(for: target) ? try await fetchFromIPv6Literal(next, redirects: redirects + 1) : try await fetch(next)
    }
    #endif
}
