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
final class SessionDownloads: NSObject, NetworkDataDelegate, @unchecked Sendable {
    /// One request: who waits for its answer, then where its body goes.
    struct Download {
        /// The fetch waiting for the response head; nil once it has its answer.
        var answer: CheckedContinuation<HostedAssetResponse, any Error>?
        /// Where the body is spooled.
        let downloadFolder: URL
        /// Where the body goes, once the head has been handed back.
        var body: SpooledBody?
        /// Pieces received and not yet written.
        var unwritten = Data()
        /// Why the task was stopped, when it was (the error the fetch ends with if it has no answer yet).
        var stopReason: (any Error)?
    }

    private let table = Protected<(downloads: [Int: Download], stopped: [Int: any Error])>(([:], [:]))

    /// Starts `task` for the fetch of `request` waiting on `answer`, or ends it at once when it was stopped before it began.
    func begin(_ task: NetworkTask, for request: HostedAssetRequest, _ answer: CheckedContinuation<HostedAssetResponse, any Error>) {
        let early = table.withLock { table -> (any Error)? in
            if let reason = table.stopped.removeValue(forKey: task.taskIdentifier) { return reason }
            table.downloads[task.taskIdentifier] = Download(answer: answer, downloadFolder: request.downloadFolder)
            return nil
        }
        if let early {
            answer.resume(throwing: early)
        } else {
            task.resume()
        }
    }

    /// Stops `task` (its fetch was cancelled before the answer came, or the reader
    /// of its body stopped): it ends with `reason`.
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
        let http = response as? NetworkHTTPResponse
        // As the IPv6 client's parser does: the body of a status outside 2xx (an
        // error page) is not received at all; the head is the whole answer.
        let wantsBody = http.map { (200...299).contains($0.statusCode) } ?? true
        let answered = table.withLock { table -> (CheckedContinuation<HostedAssetResponse, any Error>, Result<SpooledBody?, any Error>)? in
            guard var download = table.downloads[dataTask.taskIdentifier], download.stopReason == nil, let answer = download.answer else { return nil }
            let body = Result<SpooledBody?, any Error> {
                guard wantsBody else { return nil }
                return try SpooledBody(in: download.downloadFolder) { [weak self] in self?.stop(dataTask, because: CancellationError()) }
            }
            download.answer = nil
            if case .success(let spool?) = body { download.body = spool } else { download.stopReason = CancellationError() }
            table.downloads[dataTask.taskIdentifier] = download
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
        // Handed back off the delegate queue, which the session may be waiting for.
        let proceed = if case .success(_?) = answered?.1 { true } else { false }
        Self.handBack { completionHandler(proceed ? .allow : .cancel) }
    }

    func urlSession(_ session: NetworkSession, dataTask: NetworkDataTask, didReceive data: Data) {
        let (piece, body) = table.withLock { table -> (Data?, SpooledBody?) in
            guard table.downloads[dataTask.taskIdentifier]?.stopReason == nil, let body = table.downloads[dataTask.taskIdentifier]?.body else {
                return (nil, nil)
            }
            // Changed where it lies: a copy would copy the gathered bytes with every piece.
            if table.downloads[dataTask.taskIdentifier]!.unwritten.isEmpty {
                table.downloads[dataTask.taskIdentifier]!.unwritten.reserveCapacity(Self.writeSize + data.count)
            }
            table.downloads[dataTask.taskIdentifier]!.unwritten.append(data)
            guard table.downloads[dataTask.taskIdentifier]!.unwritten.count >= Self.writeSize else { return (nil, body) }
            defer { table.downloads[dataTask.taskIdentifier]!.unwritten = Data() }
            return (table.downloads[dataTask.taskIdentifier]!.unwritten, body)
        }
        // Written on this thread, outside the table's lock, before the session reads on.
        if let piece, let body, !body.append(piece) { stop(dataTask, because: CancellationError()) }
    }

    func urlSession(_ session: NetworkSession, task: NetworkTask, willPerformHTTPRedirection response: NetworkHTTPResponse,
                    newRequest: NetworkRequest, completionHandler: @escaping (NetworkRequest?) -> Void) {
        // Never followed here: the redirect is the answer, and the fetcher decides where to go next.
        let answer = table.withLock { table -> CheckedContinuation<HostedAssetResponse, any Error>? in
            guard var download = table.downloads[task.taskIdentifier] else { return nil }
            defer { table.downloads[task.taskIdentifier] = download }
            download.stopReason = download.stopReason ?? CancellationError()
            defer { download.answer = nil }
            return download.answer
        }
        answer?.resume(returning: HostedAssetResponse(body: .data(Data()), status: response.statusCode, headers: Self.headers(of: response)))
        // Every answer is handed back on another queue: the session may be waiting for this one.
        Self.handBack {
            completionHandler(nil)
            task.cancel()
        }
    }

    func urlSession(_ session: NetworkSession, task: NetworkTask, didCompleteWithError error: (any Error)?) {
        guard let download = table.withLock({ $0.downloads.removeValue(forKey: task.taskIdentifier) }) else { return }
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

    /// Runs `work` (a call into the session) off the delegate queue: the session
    /// may wait on its work queue for what the delegate queue runs next.
    private static func handBack(_ work: @escaping () -> Void) {
        let call = SessionCall(work: work)
        DispatchQueue.global().async { call.work() }
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

/// A call into the session, handed to another queue. (The session's completion
/// handlers are not marked `Sendable`, though they may be called from any thread.)
private struct SessionCall: @unchecked Sendable {
    let work: () -> Void
}
