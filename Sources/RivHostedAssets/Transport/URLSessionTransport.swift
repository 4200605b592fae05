import Foundation
import RivFormat

/// A transport over `URLSession` (FoundationNetworking on Linux): each body is
/// streamed to a file in the request's download folder as it arrives, so memory
/// stays bounded whatever the asset's size.
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
    private let downloads: StreamingDownloads

    /// A transport whose requests give up after `timeout` seconds without data and
    /// that opens up to `maximumConnectionsPerHost` connections to one server.
    /// Nothing is cached by the session itself: ``HostedAssetCache`` does that.
    public init(timeout: TimeInterval = 60, maximumConnectionsPerHost: Int = HostedAssetFetcher.Configuration.defaultConcurrency) {
        let configuration = NetworkSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        downloads = StreamingDownloads()
        session = NetworkSession(configuration: configuration, delegate: downloads, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and streams the body into a new file in its download folder.
    public func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        var urlRequest = NetworkRequest(url: request.url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = SendableTask(task: session.dataTask(with: urlRequest))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                downloads.start(task.task, into: request.downloadFolder, continuation)
            }
        } onCancel: {
            task.task.cancel()
        }
    }
}

/// A task handed to the cancellation handler, which may run on any thread;
/// `URLSessionTask` is itself safe to cancel from any thread.
private struct SendableTask: @unchecked Sendable {
    let task: NetworkDataTask
}

/// The session's delegate: writes each task's body to its own file and resumes
/// the task's caller when it ends.
private final class StreamingDownloads: NSObject, NetworkDataDelegate, @unchecked Sendable {
    private struct Download {
        let folder: URL
        let continuation: CheckedContinuation<HostedAssetResponse, any Error>
        var file: URL?
        var handle: FileHandle?
        var writeError: (any Error)?
    }

    private let active = Protected([Int: Download]())

    func start(_ task: NetworkDataTask, into folder: URL, _ continuation: CheckedContinuation<HostedAssetResponse, any Error>) {
        active.withLock { $0[task.taskIdentifier] = Download(folder: folder, continuation: continuation) }
        task.resume()
    }

    func urlSession(_ session: NetworkSession, dataTask: NetworkDataTask, didReceive response: NetworkResponse,
                    completionHandler: @escaping (NetworkResponseDisposition) -> Void) {
        let opened = active.withLock { downloads -> Bool in
            guard var download = downloads[dataTask.taskIdentifier] else { return false }
            let file = download.folder.appendingPathComponent(".download-\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: file.path, contents: nil), let handle = FileHandle(forWritingAtPath: file.path) else {
                download.writeError = HostedAssetCacheError.unwritable(path: file.path, reason: "cannot create the download file")
                downloads[dataTask.taskIdentifier] = download
                return false
            }
            download.file = file
            download.handle = handle
            downloads[dataTask.taskIdentifier] = download
            return true
        }
        completionHandler(opened ? .allow : .cancel)
    }

    func urlSession(_ session: NetworkSession, dataTask: NetworkDataTask, didReceive data: Data) {
        let failed = active.withLock { downloads -> Bool in
            guard var download = downloads[dataTask.taskIdentifier], let handle = download.handle else { return false }
            do {
                try handle.write(contentsOf: data)
                return false
            } catch {
                download.writeError = HostedAssetCacheError.unwritable(path: download.file?.path ?? "", reason: FileSystemErrorText.reason(error))
                downloads[dataTask.taskIdentifier] = download
                return true
            }
        }
        if failed { dataTask.cancel() }
    }

    func urlSession(_ session: NetworkSession, task: NetworkTask, didCompleteWithError error: (any Error)?) {
        guard let download = active.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        try? download.handle?.close()
        let failure = download.writeError ?? error.map(Self.transportError)
        if let failure {
            if let file = download.file { try? FileManager.default.removeItem(at: file) }
            download.continuation.resume(throwing: failure)
            return
        }
        let http = task.response as? NetworkHTTPResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String { headers[name] = "\(value)" }
        }
        guard let file = download.file else {
            download.continuation.resume(throwing: HostedAssetTransportError.connectionFailed("the server sent no response"))
            return
        }
        download.continuation.resume(returning: HostedAssetResponse(body: .file(file), status: http?.statusCode, headers: headers))
    }

    /// The error a failed task is reported with: timeouts, connection failures and
    /// transfers cut short
    /// as ``HostedAssetTransportError`` (transient), a cancellation as
    /// `CancellationError`, anything else as it is.
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
