#if canImport(FoundationNetworking)
import Foundation
import RivFormat

/// One plain-http GET to an IPv6 literal host (`http://[::1]:8080/…`) over a TCP
/// connection of its own, for ``URLSessionTransport`` on Linux, where
/// FoundationNetworking refuses such URLs as bad (swift-corelibs-foundation issue
/// 5496, fixed after the toolchains this package supports). It keeps every bound
/// the session path keeps: the silence timeout, the total deadline, the size
/// limit, the body written to the download file, cancellation. The response
/// is handed back as it is, redirects included; the transport follows them.
/// Its head is built by ``HTTPRequestHead`` and its answer read by
/// ``HTTPResponseParser`` (both testable without a connection).
struct IPv6LiteralHTTP {
    let url: URL
    let headers: [String: String]
    let limit: Int?
    let timeout: TimeInterval
    let deadline: TimeInterval
    let cancelled: @Sendable () -> Bool

    /// Whether FoundationNetworking cannot fetch `url` and this must: an http or
    /// https URL whose host is an IPv6 address.
    static func isNeeded(for url: URL) -> Bool {
        (url.host ?? "").contains(":")
    }

    /// Sends the request and writes a 2xx body to `descriptor` (the body of any
    /// other status is never read); the status and headers. Nothing is sent when
    /// the request line or a header breaks ``HTTPRequestHead``'s rule, and the
    /// answer is read by ``HTTPResponseParser``, strictly.
    func perform(writingTo descriptor: Int32) throws -> (status: Int, headers: [String: String]) {
        guard url.scheme?.lowercased() == "http" else {
            throw HostedAssetTransportError.connectionFailed("https from an IPv6 address is not supported by FoundationNetworking on Linux; use a host name")
        }
        guard let authority = HostPort(url: url) else { throw HostedAssetTransportError.connectionFailed("the URL has no host") }
        let head = try HTTPRequestHead.get(url, authority: authority.description, headers: headers)
        let connection = try SocketConnection(ipv6: authority.host, port: url.port ?? 80, timeout: timeout, deadline: deadline, cancelled: cancelled)
        defer { connection.close() }
        try connection.send(Array(head.utf8))
        var parser = HTTPResponseParser(limit: limit)
        while parser.needsMore {
            guard let bytes = try connection.receive() else {
                try parser.finish()
                break
            }
            try parser.consume(bytes[...]) { piece in
                do {
                    try piece.withUnsafeBytes { try SessionDownloads.writeAll($0, to: descriptor) }
                } catch {
                    throw HostedAssetCacheError.unwritable(path: "the download file", reason: "\(error)")
                }
            }
        }
        guard let answer = parser.head else { throw HostedAssetTransportError.connectionFailed("the server sent no answer") }
        return (answer.status, answer.headers)
    }
}
#endif
