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

    /// Sends the request and writes the body to `descriptor`; the status and headers.
    func perform(writingTo descriptor: Int32) throws -> (status: Int, headers: [String: String]) {
        guard url.scheme?.lowercased() == "http" else {
            throw HostedAssetTransportError.connectionFailed("https from an IPv6 address is not supported by FoundationNetworking on Linux; use a host name")
        }
        let host = (url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let connection = try SocketConnection(ipv6: host, port: url.port ?? 80, timeout: timeout, deadline: deadline, cancelled: cancelled)
        defer { connection.close() }
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var head = "GET \(target) HTTP/1.1\r\nHost: [\(host)]\(url.port.map { ":\($0)" } ?? "")\r\n"
        head += "Connection: close\r\nAccept-Encoding: identity\r\nUser-Agent: riv-assets\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            guard !(name + value).contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw HostedAssetTransportError.connectionFailed("the header \(name) holds a line break")
            }
            head += "\(name): \(value)\r\n"
        }
        try connection.send(Array((head + "\r\n").utf8))
        var reader = ResponseReader(connection: connection)
        let (status, responseHeaders) = try reader.head()
        let field = { (name: String) in responseHeaders.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value }
        let declared = field("Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let fitsLimit = { (count: Int) throws in
            if let limit, (200...299).contains(status), count > limit { throw HostedAssetTransportError.tooLarge(limit: limit) }
        }
        if let declared { try fitsLimit(declared) }
        var written = 0
        let sink = { (bytes: ArraySlice<UInt8>) throws in
            try fitsLimit(written + bytes.count)
            do {
                try bytes.withUnsafeBytes { try SessionDownloads.writeAll($0, to: descriptor) }
            } catch {
                throw HostedAssetCacheError.unwritable(path: "the download file", reason: "\(error)")
            }
            written += bytes.count
        }
        if field("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            try reader.chunkedBody(into: sink)
        } else {
            try reader.body(length: declared, into: sink)
        }
        return (status, responseHeaders)
    }
}

/// Reads an HTTP/1.1 response from a connection: the head, then the body.
private struct ResponseReader {
    let connection: SocketConnection
    private var buffered: [UInt8] = []

    init(connection: SocketConnection) {
        self.connection = connection
    }

    /// The status and headers (at most 64 KiB of them).
    mutating func head() throws -> (Int, [String: String]) {
        while true {
            if let end = Self.endOfHead(buffered) {
                let text = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 4)
                var lines = text.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
                    throw HostedAssetTransportError.connectionFailed("the server's answer is no HTTP/1.1 response")
                }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return (status, headers)
            }
            guard buffered.count < 64 << 10 else { throw HostedAssetTransportError.connectionFailed("the response head is over 64 KiB") }
            guard let more = try connection.receive() else {
                throw HostedAssetTransportError.connectionFailed("the server closed the connection before answering")
            }
            buffered += more
        }
    }

    /// A body of `length` bytes, or up to the end of the connection when nil.
    mutating func body(length: Int?, into sink: (ArraySlice<UInt8>) throws -> Void) throws {
        let passed = try pass(length ?? Int.max, into: sink)
        if let length, passed < length {
            throw HostedAssetTransportError.connectionFailed("the server closed the connection after \(passed) of \(length) bytes")
        }
    }

    /// A body in chunks (`Transfer-Encoding: chunked`).
    mutating func chunkedBody(into sink: (ArraySlice<UInt8>) throws -> Void) throws {
        while true {
            let sizeLine = try line()
            guard let size = Int(sizeLine.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "", radix: 16),
                  size >= 0 else {
                throw HostedAssetTransportError.connectionFailed("a chunk size is not a number: \(sizeLine.prefix(40))")
            }
            if size == 0 { return }
            guard try pass(size, into: sink) == size else {
                throw HostedAssetTransportError.connectionFailed("the server closed the connection in the middle of a chunk")
            }
            _ = try line()
        }
    }

    /// Hands up to `count` bytes to `sink` (fewer when the connection ends first); how many it handed.
    private mutating func pass(_ count: Int, into sink: (ArraySlice<UInt8>) throws -> Void) throws -> Int {
        var passed = 0
        while passed < count {
            if buffered.isEmpty {
                guard let more = try connection.receive() else { return passed }
                buffered = more
            }
            let piece = buffered.prefix(count - passed)
            try sink(piece)
            passed += piece.count
            buffered.removeFirst(piece.count)
        }
        return passed
    }

    /// The next line, without its CRLF (at most 4 KiB).
    private mutating func line() throws -> String {
        while true {
            if let end = buffered.indices.dropLast().first(where: { buffered[$0] == 0x0D && buffered[$0 + 1] == 0x0A }) {
                let text = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 2)
                return text
            }
            guard buffered.count < 4096, let more = try connection.receive() else {
                throw HostedAssetTransportError.connectionFailed("the chunked body is cut short")
            }
            buffered += more
        }
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A && bytes[$0 + 2] == 0x0D && bytes[$0 + 3] == 0x0A }
    }
}
#endif
