#if canImport(FoundationNetworking)
import Foundation
import RivFormat
import RivSupport

/// One plain-http GET to an IPv6 literal host (`http://[::1]:8080/…`) over a TCP
/// connection of its own, for ``URLSessionTransport`` on Linux, where
/// FoundationNetworking refuses such URLs as bad (swift-corelibs-foundation issue
/// 5496, fixed after the toolchains this package supports). It answers as the
/// session path does: at the head, the body spooled through a ``SpooledBody``, a
/// redirect handed back as it is (the fetcher follows it), the silence timeout,
/// cancellation. Its head is built by ``HTTPRequestHead`` and its answer read by
/// ``HTTPResponseParser`` (both testable without a connection).
struct IPv6LiteralHTTP {
    let url: URL
    let headers: [String: String]
    let timeout: TimeInterval

    /// Whether FoundationNetworking cannot fetch `url` and this must: an http or
    /// https URL whose host is an IPv6 address.
    static func isNeeded(for url: URL) -> Bool {
        (url.host ?? "").contains(":")
    }

    /// Sends the request on a thread of its own and returns the answer once its
    /// head has arrived; the body (of a 2xx only: the parser reads no other) is
    /// spooled in `folder` and read back through the stream, and stops being
    /// received when the reader stops.
    func response(spoolingIn folder: URL) async throws -> HostedAssetResponse {
        let stopped = Protected(false)
        let body = try SpooledBody(in: folder) { stopped.withLock { $0 = true } }
        let waiting = Protected<CheckedContinuation<HostedAssetResponse, any Error>?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.withLock { $0 = continuation }
                // A thread of its own, not one of the pool that runs Swift tasks: it waits on the connection.
                let exchange = Thread {
                    func answer() -> CheckedContinuation<HostedAssetResponse, any Error>? {
                        waiting.withLock { waiting in
                            defer { waiting = nil }
                            return waiting
                        }
                    }
                    do {
                        try perform(stopped: { stopped.withLock { $0 } }, head: { head in
                            answer()?.resume(returning: HostedAssetResponse(body: .stream(body.makeStream()), status: head.status, headers: head.headers))
                        }, piece: body.append)
                        body.finish()
                    } catch {
                        if let answer = answer() {
                            body.stop()
                            answer.resume(throwing: error)
                        } else {
                            body.finish(throwing: error)
                        }
                    }
                }
                exchange.name = "riv-assets IPv6 download"
                exchange.start()
            }
        } onCancel: {
            // Before the head; after it, the reader stops the body.
            stopped.withLock { $0 = true }
        }
    }

    /// Sends the request, calls `head` once the final head has arrived, then
    /// `piece` with each piece of a 2xx body (false from it stops the
    /// connection). Nothing is sent when the request line or a header breaks
    /// ``HTTPRequestHead``'s rule, and the answer is read by
    /// ``HTTPResponseParser``, strictly; `stopped` is looked at while waiting on
    /// the connection.
    private func perform(stopped: @escaping @Sendable () -> Bool, head: (HTTPResponseParser.Head) -> Void,
                         piece: (Data) -> Bool) throws {
        guard url.scheme?.lowercased() == "http" else {
            throw HostedAssetTransportError.connectionFailed("https from an IPv6 address is not supported by FoundationNetworking on Linux; use a host name")
        }
        guard let authority = HostPort(url: url) else { throw HostedAssetTransportError.connectionFailed("the URL has no host") }
        let request = try HTTPRequestHead.get(url, authority: authority.description, headers: headers)
        let connection = try SocketConnection(ipv6: authority.host, port: url.port ?? 80, timeout: timeout, cancelled: stopped)
        defer { connection.close() }
        try connection.send(Array(request.utf8))
        var parser = HTTPResponseParser()
        var announced = false
        while parser.needsMore {
            guard let bytes = try connection.receive() else {
                try parser.finish()
                break
            }
            // One receive is at most 64 KiB: its pieces wait here until the head is handed on.
            var pieces: [Data] = []
            try parser.consume(bytes[...]) { pieces.append(Data($0)) }
            if !announced, let final = parser.head {
                head(final)
                announced = true
            }
            for received in pieces where !piece(received) { throw CancellationError() }
        }
        guard let final = parser.head else { throw HostedAssetTransportError.connectionFailed("the server sent no answer") }
        if !announced { head(final) }
    }
}
#endif
