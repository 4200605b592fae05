import Foundation
import RivFormat

/// A transport over `URLSession` (FoundationNetworking on Linux): each body is
/// downloaded to a file as it arrives (the session writes it on its own thread,
/// so a slow disk slows the connection instead of filling memory), then moved
/// into the request's download folder. Memory stays bounded whatever the size.
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
    private let session: NetworkSession

    /// A transport whose requests give up after `timeout` seconds without data and
    /// that opens up to `maximumConnectionsPerHost` connections to one server.
    /// Nothing is cached by the session itself: ``HostedAssetCache`` does that.
    public init(timeout: TimeInterval = 60, maximumConnectionsPerHost: Int = HostedAssetFetcher.Configuration.defaultConcurrency) {
        let configuration = NetworkSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = NetworkSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and downloads the body into a new file in its download folder.
    public func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        var urlRequest = NetworkRequest(url: request.url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let started = StartedTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.downloadTask(with: urlRequest) { location, response, error in
                    continuation.resume(with: Self.outcome(location, response, error, folder: request.downloadFolder))
                }
                started.start(task)
            }
        } onCancel: {
            started.cancel()
        }
    }

    /// The response for a finished download: its file moved into `folder` (the
    /// session removes it once the handler returns), or the error it ended with.
    private static func outcome(_ location: URL?, _ response: NetworkResponse?, _ error: (any Error)?,
                                folder: URL) -> Result<HostedAssetResponse, any Error> {
        if let error { return .failure(transportError(error)) }
        guard let location, let http = response as? NetworkHTTPResponse else {
            return .failure(HostedAssetTransportError.connectionFailed("the server sent no HTTP response"))
        }
        let file = folder.appendingPathComponent(".download-\(UUID().uuidString)")
        do {
            try FileManager.default.moveItem(at: location, to: file)
        } catch {
            return .failure(HostedAssetCacheError.unwritable(path: file.path, reason: FileSystemErrorText.reason(error)))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String { headers[name] = "\(value)" }
        }
        return .success(HostedAssetResponse(body: .file(file), status: http.statusCode, headers: headers))
    }

    /// The error a failed task is reported with: timeouts, connection failures and
    /// transfers cut short as ``HostedAssetTransportError`` (transient), a
    /// cancellation as `CancellationError`, anything else as it is.
    private static func transportError(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return error }
        switch urlError.code {
        case .timedOut:
            return HostedAssetTransportError.timedOut
        case .cancelled:
            return CancellationError()
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed,
             .secureConnectionFailed, .cannotLoadFromNetwork, .resourceUnavailable, .internationalRoamingOff, .callIsActive,
             .dataNotAllowed, .badServerResponse, .zeroByteResource, .cannotParseResponse,
             .unknown:  // what FoundationNetworking reports for a body cut short ("transfer closed with N bytes remaining")
            return HostedAssetTransportError.connectionFailed(urlError.localizedDescription)
        default:
            return error
        }
    }
}

/// The task of one fetch, for its cancellation handler, which may run on any
/// thread, before or after the task exists.
private final class StartedTask: Sendable {
    private let state = Protected<(task: NetworkTask?, cancelled: Bool)>((nil, false))

    /// Starts `task`, or cancels it at once when the fetch was cancelled first.
    func start(_ task: NetworkTask) {
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        state.withLock { $0.cancelled = true; return $0.task }?.cancel()
    }
}
