import Dispatch
import Foundation
import RivFormat
import RivSupport

/// The requests of one ``URLSessionTransport`` in flight, and the session's
/// delegate: it answers each fetch at the response head (a redirect included,
/// which the session is told not to follow; the body of a status outside 2xx
/// is not received), spools a 2xx body through a
/// ``SpooledBody`` in writes of ``writeSize`` (the session delivers at most
/// 16 KiB at a time), stops the task when the reader stops, and ends each
/// fetch exactly once.
///
/// No thread of the pool that runs Swift tasks ever calls into the session:
/// FoundationNetworking makes every such call (creating a task, resuming or
/// cancelling it, making the session) wait on its one work queue, and on Linux
/// that pool has as many threads as the machine has cores, so a few requests
/// waiting there would stall every task of the process, the ones that would
/// have let the work queue go on included. Every call into the session goes to
/// ``calls``, a serial queue of the transport's own (a thread outside that
/// pool, made when needed), and what a fetch waits for comes back through its
/// continuation. The delegate's callbacks run on the session's work queue
/// (``DirectDelegateQueue``) and never wait there: they take a lock for a few
/// lines, write a piece to the spool, and hand every call back into the session
/// to ``calls``.
final class SessionDownloads: NSObject, NetworkDataDelegate, @unchecked Sendable {
    /// One request: who waits for its answer, then where its body goes.
    struct Download {
        /// The fetch waiting for the response head; nil before it waits and once it has its answer.
        var answer: CheckedContinuation<HostedAssetResponse, any Error>?
        /// Where the body is spooled.
        let downloadFolder: URL
        /// The session's task, once ``calls`` has made it.
        var task: NetworkTask?
        /// Where the body goes, once the head has been handed back.
        var body: SpooledBody?
        /// Pieces received and not yet written.
        var unwritten = Data()
        /// Why the fetch was stopped, when it was (the error it ends with if it has no answer yet).
        var stopReason: (any Error)?
    }

    /// The fetches in flight by number, and which fetch each task of the session serves.
    private struct Table {
        var next = 0
        var downloads: [Int: Download] = [:]
        var fetchOfTask: [Int: Int] = [:]

        /// Runs `body` on the download `task` serves, if it is in flight.
        mutating func withDownload<Value>(of task: NetworkTask, _ body: (inout Download) -> Value) -> Value? {
            guard let fetch = fetchOfTask[task.taskIdentifier], downloads[fetch] != nil else { return nil }
            return body(&downloads[fetch]!)
        }
    }

    private let table = Protected(Table())

    /// The queue every call into the session is made on: serial, and never a
    /// thread of the pool that runs Swift tasks (see the type's discussion).
    let calls = DispatchQueue(label: "riv-assets URLSession calls")

    /// Records a fetch of `request` and returns its number, for ``start(_:answer:making:)`` and ``stop(_:because:)``.
    func register(_ request: HostedAssetRequest) -> Int {
        table.withLock { table in
            defer { table.next += 1 }
            table.downloads[table.next] = Download(downloadFolder: request.downloadFolder)
            return table.next
        }
    }

    /// Starts fetch number `fetch`, which waits on `answer`: on ``calls``, `making`
    /// makes its task (and the session, the first time), which is then resumed,
    /// or cancelled at once when the fetch was stopped meanwhile.
    func start(_ fetch: Int, answer: CheckedContinuation<HostedAssetResponse, any Error>,
               making: @escaping @Sendable () -> NetworkTask) {
        let early = table.withLock { table -> (any Error)? in
            guard let reason = table.downloads[fetch]?.stopReason else {
                table.downloads[fetch]?.answer = answer
                return nil
            }
            table.downloads[fetch] = nil
            return reason
        }
        if let early { return answer.resume(throwing: early) }
        calls.async { [self] in
            let task = making()
            let stopped = table.withLock { table -> (CheckedContinuation<HostedAssetResponse, any Error>?, any Error)? in
                guard let download = table.downloads[fetch] else { return nil }
                if let reason = download.stopReason {
                    table.downloads[fetch] = nil
                    return (download.answer, reason)
                }
                table.downloads[fetch]!.task = task
                table.fetchOfTask[task.taskIdentifier] = fetch
                return nil
            }
            if let (waiting, reason) = stopped {
                waiting?.resume(throwing: reason)
                task.cancel()
            } else {
                task.resume()
            }
        }
    }

    /// Stops fetch number `fetch` (cancelled before its answer came, or the reader
    /// of its body stopped): it ends with `reason`. It never waits: the task is
    /// cancelled on ``calls``.
    func stop(_ fetch: Int, because reason: any Error) {
        let task = table.withLock { table -> NetworkTask?? in
            guard table.downloads[fetch] != nil, table.downloads[fetch]!.stopReason == nil else { return nil }
            table.downloads[fetch]!.stopReason = reason
            // Not made yet: start, or the block on `calls` making it, sees the reason.
            return table.downloads[fetch]!.task
        }
        if let task = task ?? nil { handBack { task.cancel() } }
    }

    func urlSession(_ session: NetworkSession, dataTask: NetworkDataTask, didReceive response: NetworkResponse,
                    completionHandler: @escaping (NetworkSession.ResponseDisposition) -> Void) {
        let http = response as? NetworkHTTPResponse
        // As the IPv6 client's parser does: the body of a status outside 2xx (an
        // error page) is not received at all; the head is the whole answer.
        let wantsBody = http.map { (200...299).contains($0.statusCode) } ?? true
        let answered = table.withLock { table -> (CheckedContinuation<HostedAssetResponse, any Error>, Result<SpooledBody?, any Error>)? in
            guard let fetch = table.fetchOfTask[dataTask.taskIdentifier], var download = table.downloads[fetch],
                  download.stopReason == nil, let answer = download.answer else { return nil }
            let body = Result<SpooledBody?, any Error> {
                guard wantsBody else { return nil }
                return try SpooledBody(in: download.downloadFolder) { [weak self] in self?.stop(fetch, because: CancellationError()) }
            }
            download.answer = nil
            if case .success(let spool?) = body { download.body = spool } else { download.stopReason = CancellationError() }
            table.downloads[fetch] = download
            return (answer, body)
        }
        let headers = http.map(Self.headers(of:)) ?? [:]
        switch answered?.1 {
        case .success(let body?):
            answered?.0.resume(returning: HostedAssetResponse(body: .stream(body.makeStream()), status: http?.statusCode, headers: headers))
        case .success(nil):
            answered?.0.resume(returning: HostedAssetResponse(body: .data(Data()), status: http?.statusCode, headers: headers))
        case .failure(let error):
            answered?.0.resume(throwing: error)
        case nil:
            break
        }
        let proceed = if case .success(_?) = answered?.1 { true } else { false }
        handBack { completionHandler(proceed ? .allow : .cancel) }
    }

    func urlSession(_ session: NetworkSession, dataTask: NetworkDataTask, didReceive data: Data) {
        let (piece, body) = table.withLock { table -> (Data?, SpooledBody?) in
            table.withDownload(of: dataTask) { download -> (Data?, SpooledBody?) in
                guard download.stopReason == nil, let body = download.body else { return (nil, nil) }
                // Changed where it lies: a copy would copy the gathered bytes with every piece.
                if download.unwritten.isEmpty { download.unwritten.reserveCapacity(Self.writeSize + data.count) }
                download.unwritten.append(data)
                guard download.unwritten.count >= Self.writeSize else { return (nil, body) }
                defer { download.unwritten = Data() }
                return (download.unwritten, body)
            } ?? (nil, nil)
        }
        // Written on this thread, outside the table's lock, before the session reads on.
        if let piece, let body, !body.append(piece) { stopTask(dataTask) }
    }

    func urlSession(_ session: NetworkSession, task: NetworkTask, willPerformHTTPRedirection response: NetworkHTTPResponse,
                    newRequest: NetworkRequest, completionHandler: @escaping (NetworkRequest?) -> Void) {
        // Never followed here: the redirect is the answer, and the fetcher decides where to go next.
        let answer = table.withLock { table in
            table.withDownload(of: task) { download -> CheckedContinuation<HostedAssetResponse, any Error>? in
                download.stopReason = download.stopReason ?? CancellationError()
                defer { download.answer = nil }
                return download.answer
            }
        }.flatMap { $0 }
        answer?.resume(returning: HostedAssetResponse(body: .data(Data()), status: response.statusCode, headers: Self.headers(of: response)))
        handBack {
            completionHandler(nil)
            task.cancel()
        }
    }

    func urlSession(_ session: NetworkSession, task: NetworkTask, didCompleteWithError error: (any Error)?) {
        let ended = table.withLock { table -> Download? in
            guard let fetch = table.fetchOfTask.removeValue(forKey: task.taskIdentifier) else { return nil }
            return table.downloads.removeValue(forKey: fetch)
        }
        guard let download = ended else { return }
        if let answer = download.answer {
            answer.resume(throwing: download.stopReason ?? error.map(Self.transportError)
                ?? HostedAssetTransportError.connectionFailed("the server sent no HTTP response"))
        } else if let body = download.body {
            if let reason = download.stopReason {
                body.finish(throwing: reason)
            } else if let error {
                body.finish(throwing: Self.transportError(error))
            } else if download.unwritten.isEmpty || body.append(download.unwritten) {
                body.finish()
            }
        }
    }

    /// Stops the fetch `task` serves (its spool could not take a piece).
    private func stopTask(_ task: NetworkTask) {
        if let fetch = table.withLock({ $0.fetchOfTask[task.taskIdentifier] }) { stop(fetch, because: CancellationError()) }
    }

    /// Runs `work` (a call into the session) on ``calls``.
    private func handBack(_ work: @escaping () -> Void) {
        let call = SessionCall(work: work)
        calls.async { call.work() }
    }

    /// The headers of `response`.
    private static func headers(of response: NetworkHTTPResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String { headers[name] = "\(value)" }
        }
        return headers
    }

    /// How many received bytes are gathered before they are written: 512 KiB (a
    /// file system spends far less per byte on larger writes).
    static let writeSize = 512 << 10

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

/// A call into the session, handed to ``SessionDownloads/calls``. (The session's
/// completion handlers and tasks are not marked `Sendable`, though they may be
/// called from any thread.)
private struct SessionCall: @unchecked Sendable {
    let work: () -> Void
}
