import Dispatch
import Foundation
import RivFormat
import RivSupport

/// The downloads of one ``URLSessionTransport`` in flight, and the session's
/// delegate: it writes each 2xx body to its file as it arrives (the body of any
/// other status is counted, never written, and stopped past ``drainLimit``), stops one that grows
/// past its limit, strips the headers from redirects to another origin, and
/// finishes each fetch exactly once.
final class SessionDownloads: NSObject, NetworkDataDelegate, @unchecked Sendable {
    /// One download: what was asked, where the body goes, who waits for it.
    struct Download {
        let request: HostedAssetRequest
        let file: (descriptor: Int32, path: String)
        let continuation: CheckedContinuation<HostedAssetResponse, any Error>
        var response: NetworkHTTPResponse?
        var received = 0
        /// Pieces received and not yet written: the session delivers at most 16 KiB
        /// at a time, and a file system spends far less per byte on larger writes.
        var unwritten = Data()
        /// Why the download was stopped, when it was (the error it ends with).
        var stopReason: (any Error)?
        /// Whether the body of an answer outside 2xx passed ``SessionDownloads/drainLimit``
        /// and the download was stopped there: it ends with the status and no body.
        var isDrained = false
        /// The task, once begun, and when it is cut off.
        var task: NetworkTask?
        var deadline = DispatchTime.distantFuture

        init(request: HostedAssetRequest, file: (descriptor: Int32, path: String),
             continuation: CheckedContinuation<HostedAssetResponse, any Error>) {
            self.request = request
            self.file = file
            self.continuation = continuation
        }
    }

    private let table = Protected<(downloads: [Int: Download], stopped: [Int: any Error])>(([:], [:]))
    /// How long a download may take in all, in seconds.
    private let deadlineSeconds: Double
    /// One timer for every download's deadline, running while there are downloads.
    private let watchdog = Protected<(timer: DispatchSourceTimer?, isRunning: Bool)>((nil, false))

    /// Downloads cut off after `deadline` seconds in all.
    init(deadline: Double) {
        deadlineSeconds = deadline
    }

    deinit {
        watchdog.withLock { watchdog in
            // A suspended source must be resumed before it is cancelled.
            if let timer = watchdog.timer {
                if !watchdog.isRunning { timer.resume() }
                timer.cancel()
            }
        }
    }

    /// Starts `task` for `download`, or ends it at once when it was stopped before it began.
    func begin(_ task: NetworkTask, _ download: Download) {
        var download = download
        download.task = task
        download.deadline = .now() + deadlineSeconds
        let early = table.withLock { table -> (any Error)? in
            if let reason = table.stopped.removeValue(forKey: task.taskIdentifier) { return reason }
            table.downloads[task.taskIdentifier] = download
            return nil
        }
        if let early {
            finish(download, with: .failure(early))
        } else {
            runWatchdog()
            task.resume()
        }
    }

    /// Starts the deadline timer (created the first time), which ticks a tenth of
    /// the deadline apart (between 50 ms and half a second) while downloads run:
    /// one timer for all, where one per download cost every request a timer the
    /// dispatch manager thread kept for ten times the timeout.
    private func runWatchdog() {
        watchdog.withLock { watchdog in
            guard !watchdog.isRunning else { return }
            if watchdog.timer == nil {
                let timer = DispatchSource.makeTimerSource(queue: .global())
                let interval = min(0.5, max(0.05, deadlineSeconds / 10))
                timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
                timer.setEventHandler { [weak self] in self?.stopOverdueDownloads() }
                watchdog.timer = timer
            }
            watchdog.timer?.resume()
            watchdog.isRunning = true
        }
    }

    /// Stops every download past its deadline; pauses the timer when none is left.
    private func stopOverdueDownloads() {
        let now = DispatchTime.now()
        let (overdue, isIdle) = table.withLock { table in
            (table.downloads.values.filter { $0.deadline <= now && $0.stopReason == nil }.compactMap(\.task), table.downloads.isEmpty)
        }
        for task in overdue { stop(task, because: HostedAssetTransportError.deadlineExceeded(seconds: deadlineSeconds)) }
        guard isIdle else { return }
        watchdog.withLock { watchdog in
            // Checked again under the lock: a download begun meanwhile keeps it running.
            guard watchdog.isRunning, table.withLock({ $0.downloads.isEmpty }) else { return }
            watchdog.timer?.suspend()
            watchdog.isRunning = false
        }
    }

    /// Stops `task` (its deadline passed, or the fetch was cancelled): it ends with `reason`.
    /// A download stopped already (past its limit, say) is left to end as it does.
    func stop(_ task: NetworkTask, because reason: any Error) {
        let stopsNow = table.withLock { table -> Bool in
            guard table.downloads[task.taskIdentifier] != nil else {
                // Not begun yet (a fetch cancelled at once): begin ends it. Finished: nothing to do.
                if task.state == .suspended { table.stopped[task.taskIdentifier] = reason }
                return false
            }
            guard table.downloads[task.taskIdentifier]!.stopReason == nil else { return false }
            table.downloads[task.taskIdentifier]!.stopReason = reason
            return true
        }
        if stopsNow { Self.handBack { task.cancel() } }
    }

    func urlSession(_ session: NetworkSession, dataTask: NetworkDataTask, didReceive response: NetworkResponse,
                    completionHandler: @escaping (NetworkSession.ResponseDisposition) -> Void) {
        let proceed = table.withLock { table -> Bool in
            guard var download = table.downloads[dataTask.taskIdentifier] else { return false }
            download.response = response as? NetworkHTTPResponse
            if let limit = download.request.maximumByteCount, let status = download.response?.statusCode, (200...299).contains(status),
               response.expectedContentLength > Int64(limit) {
                download.stopReason = HostedAssetTransportError.tooLarge(limit: limit)
            }
            table.downloads[dataTask.taskIdentifier] = download
            return download.stopReason == nil
        }
        // Handed back off the delegate queue, which the session may be waiting for.
        Self.handBack { completionHandler(proceed ? .allow : .cancel) }
    }

    func urlSession(_ session: NetworkSession, dataTask: NetworkDataTask, didReceive data: Data) {
        // True only for the piece that stops the download: the task is cancelled once.
        let stopsNow = table.withLock { table -> Bool in
            guard table.downloads[dataTask.taskIdentifier]?.stopReason == nil, table.downloads[dataTask.taskIdentifier] != nil else { return false }
            // Changed where it lies: a copy would copy the gathered bytes with every piece.
            return Self.take(data, into: &table.downloads[dataTask.taskIdentifier]!)
        }
        if stopsNow { Self.handBack { dataTask.cancel() } }
    }

    /// Adds `data` to `download`, writing what has gathered once it reaches
    /// ``writeSize``; true when the download must stop (over its limit, or unwritable).
    private static func take(_ data: Data, into download: inout Download) -> Bool {
        if let status = download.response?.statusCode, !(200...299).contains(status) {
            // Never written: only a 2xx body may reach the cache folder.
            download.received += data.count
            download.isDrained = download.received > drainLimit
            return download.isDrained
        }
        if let limit = download.request.maximumByteCount, download.received + data.count > limit {
            download.stopReason = HostedAssetTransportError.tooLarge(limit: limit)
            return true
        }
        download.received += data.count
        if download.unwritten.isEmpty { download.unwritten.reserveCapacity(writeSize + data.count) }
        download.unwritten.append(data)
        guard download.unwritten.count >= writeSize else { return false }
        do {
            try writeAll(download.unwritten, to: download.file.descriptor)
        } catch {
            download.stopReason = HostedAssetCacheError.unwritable(path: download.file.path, reason: "\(error)")
            return true
        }
        download.unwritten.removeAll(keepingCapacity: true)
        return false
    }

    func urlSession(_ session: NetworkSession, task: NetworkTask, willPerformHTTPRedirection response: NetworkHTTPResponse,
                    newRequest: NetworkRequest, completionHandler: @escaping (NetworkRequest?) -> Void) {
        // Every answer is handed back on another queue: the session may be waiting for this one.
        guard let original = table.withLock({ $0.downloads[task.taskIdentifier]?.request }) else {
            Self.handBack { completionHandler(nil) }
            return
        }
        guard let target = newRequest.url, ["http", "https"].contains(target.scheme?.lowercased() ?? ""), target.host != nil else {
            stop(task, because: HostedAssetTransportError.redirectRefused(newRequest.url?.absoluteString ?? "no URL"))
            Self.handBack { completionHandler(nil) }
            return
        }
        // Built afresh: only the headers this download may send to that origin.
        var next = NetworkRequest(url: target)
        next.timeoutInterval = newRequest.timeoutInterval
        let sameOrigin = Self.origin(of: target) == Self.origin(of: original.url)
        for (name, value) in original.headers where sameOrigin || name.caseInsensitiveCompare("Accept") == .orderedSame {
            next.setValue(value, forHTTPHeaderField: name)
        }
        let redirected = next
        Self.handBack { completionHandler(redirected) }
    }

    func urlSession(_ session: NetworkSession, task: NetworkTask, didCompleteWithError error: (any Error)?) {
        guard var download = table.withLock({ $0.downloads.removeValue(forKey: task.taskIdentifier) }) else { return }
        if download.stopReason == nil, error == nil {
            do {
                try Self.writeAll(download.unwritten, to: download.file.descriptor)
            } catch {
                download.stopReason = HostedAssetCacheError.unwritable(path: download.file.path, reason: "\(error)")
            }
        }
        if let reason = download.stopReason {
            finish(download, with: .failure(reason))
        } else if download.isDrained, let http = download.response {
            finish(download, with: .success(HostedAssetResponse(body: .file(URL(fileURLWithPath: download.file.path)),
                                                                status: http.statusCode, headers: Self.headers(of: http))))
        } else if let error {
            finish(download, with: .failure(Self.transportError(error)))
        } else if let http = download.response {
            finish(download, with: .success(HostedAssetResponse(body: .file(URL(fileURLWithPath: download.file.path)),
                                                                status: http.statusCode, headers: Self.headers(of: http))))
        } else {
            finish(download, with: .failure(HostedAssetTransportError.connectionFailed("the server sent no HTTP response")))
        }
    }

    /// Closes the download's file (removing it unless it is the answer) and resumes its fetch.
    private func finish(_ download: Download, with outcome: Result<HostedAssetResponse, any Error>) {
        close(download.file.descriptor)
        if case .failure = outcome {
            unlink(download.file.path)
            TemporaryFiles.shared.forget(download.file.path)
        }
        download.continuation.resume(with: outcome)
    }

    /// Runs `work` (a call into the session) off the delegate queue: the session
    /// may wait on its work queue for what the delegate queue runs next.
    private static func handBack(_ work: @escaping () -> Void) {
        let call = SessionCall(work: work)
        DispatchQueue.global().async { call.work() }
    }

    /// Scheme, host and port (the scheme's default when none is given), in lower case.
    static func origin(of url: URL) -> String {
        (url.scheme?.lowercased() ?? "") + "://" + HostPort(host: url.host ?? "", port: HostPort.effectivePort(of: url)).description
    }

    /// The headers of `response`.
    private static func headers(of response: NetworkHTTPResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String { headers[name] = "\(value)" }
        }
        return headers
    }

    /// The most bytes of the body of an answer outside 2xx (an error page, a
    /// redirect) received before the download is stopped with its status: 4 KiB.
    /// None of them is written.
    static let drainLimit = 4 << 10

    /// How many received bytes are gathered before they are written: 512 KiB.
    static let writeSize = 512 << 10

    /// Writes every byte of `bytes`, retrying short writes and interruptions.
    private static func writeAll(_ bytes: Data, to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { try writeAll($0, to: descriptor) }
    }

    /// Writes every byte of `buffer` to the download file open as `descriptor`,
    /// retrying short writes and interruptions (both transports write through it).
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        do throws(POSIX.Failure) {
            try POSIX.writeAll(buffer, to: descriptor)
        } catch {
            throw POSIXError(POSIXErrorCode(rawValue: error.code) ?? .EIO)
        }
    }

    /// The error a failed task is reported with: timeouts, connection failures and
    /// transfers cut short as ``HostedAssetTransportError`` (transient), a
    /// cancellation as `CancellationError`, anything else as it is.
    static func transportError(_ error: any Error) -> any Error {
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

/// A call into the session, handed to another queue. (The session's completion
/// handlers are not marked `Sendable`, though they may be called from any thread.)
private struct SessionCall: @unchecked Sendable {
    let work: () -> Void
}
