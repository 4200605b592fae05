/// Reads an HTTP/1.x response from bytes as they arrive, for the IPv6 client
/// (``IPv6LiteralHTTP``), strictly: whatever it does not understand fails the
/// download, never becomes a cache entry.
///
/// - The status line is `HTTP/1.0` or `HTTP/1.1`, a space, three digits (100 to
///   599), then nothing or a space and a reason. Interim answers (1xx but 101)
///   are skipped; 101 was never asked for and fails.
/// - Every header line is `NAME: VALUE` with a token name and a value free of
///   control characters but tabs; no folded line, no bare CR or LF. The head
///   (interim answers included) may have at most ``headLimit`` bytes.
/// - `Content-Length` is digits; several (in any case, or a list) must agree.
///   `Transfer-Encoding` may only be `chunked`, and never beside a length.
/// - A 2xx body is framed by its length or by chunks: one with neither (ended
///   by closing the connection) cannot be told from one cut short, and fails.
///   204 and 304 have no body. (How many bytes a body may have is the
///   fetcher's rule, for every transport.)
/// - The body of any other status is not read at all: the reader closes the
///   connection once it has the head (``needsMore`` turns false), so an endless
///   404 or 302 costs nothing.
/// - Chunk sizes are hex digits (extensions after `;` ignored, each size line
///   at most ``lineLimit`` bytes), each chunk ends with CRLF, the last is
///   followed by trailer lines within the head limit and an empty line.
///
/// Memory stays within ``headLimit`` plus what one call hands it: body bytes go
/// straight to the sink.
package struct HTTPResponseParser {
    /// The status and headers of a response.
    package struct Head: Sendable, Hashable {
        /// The status, 200 to 599.
        package let status: Int
        /// The headers, names in lower case; repeated ones joined with `, `.
        package let headers: [String: String]
    }

    /// The most bytes of heads and trailer lines one response may have: 64 KiB.
    package static let headLimit = 64 << 10
    /// The most bytes one chunk-size line may have: 4 KiB.
    package static let lineLimit = 4 << 10

    private enum Stage: Equatable {
        case statusLine, headerLines, body(remaining: Int), chunkSize, chunk(remaining: Int), chunkEnd, trailers, done
    }

    /// The final head, once it has arrived.
    package private(set) var head: Head?
    /// How many body bytes went to the sink.
    package private(set) var bodyByteCount = 0
    private var stage = Stage.statusLine
    /// The start of a line whose end has not arrived yet.
    private var partialLine: [UInt8] = []
    private var headByteCount = 0
    private var statusLine: (status: Int, text: String)?
    private var headerLines: [String] = []

    /// A parser for one response.
    package init() {}

    /// Whether more bytes are wanted: false once the response is whole, or once
    /// the head of a status outside 2xx has arrived (its body is not read).
    package var needsMore: Bool {
        if stage == .done { return false }
        if let head, !(200...299).contains(head.status) { return false }
        return true
    }

    /// Reads `bytes`, handing each piece of the body to `sink`; ignores what
    /// comes after the end of the response. Throws
    /// ``HostedAssetTransportError/malformedResponse(_:)`` for anything not
    /// framed as described above, and what `sink` throws.
    package mutating func consume(_ bytes: ArraySlice<UInt8>, into sink: (ArraySlice<UInt8>) throws -> Void) throws {
        var rest = bytes
        while needsMore, !rest.isEmpty {
            switch stage {
            case .body(let remaining), .chunk(let remaining):
                let piece = rest.prefix(remaining)
                rest = rest.dropFirst(piece.count)
                try sink(piece)
                bodyByteCount += piece.count
                let left = remaining - piece.count
                if case .body = stage { stage = left == 0 ? .done : .body(remaining: left) } else { stage = left == 0 ? .chunkEnd : .chunk(remaining: left) }
            default:
                guard let line = try nextLine(&rest) else { return }
                try take(line)
            }
        }
    }

    /// The connection ended: throws unless the response was whole (or its head,
    /// for a status outside 2xx), as a lost connection, which may be retried.
    package func finish() throws(HostedAssetTransportError) {
        guard needsMore else { return }
        switch stage {
        case .statusLine where head == nil && statusLine == nil && partialLine.isEmpty && headByteCount == 0:
            throw .connectionFailed("the server closed the connection before answering")
        case .statusLine, .headerLines:
            throw .connectionFailed("the server closed the connection in the middle of the response head")
        case .body(let remaining):
            throw .connectionFailed("the server closed the connection after \(bodyByteCount) of \(bodyByteCount + remaining) bytes")
        default:
            throw .connectionFailed("the server closed the connection in the middle of the chunked body")
        }
    }

    /// The next whole line of `rest` without its CRLF (taken off `rest`), nil when
    /// its end has not arrived (what there is is kept); throws when it is too long.
    private mutating func nextLine(_ rest: inout ArraySlice<UInt8>) throws(HostedAssetTransportError) -> [UInt8]? {
        let budget = stage == .chunkSize || stage == .chunkEnd ? Self.lineLimit : Self.headLimit - headByteCount
        var end: ArraySlice<UInt8>.Index?
        var skip = 2
        if partialLine.last == 0x0D, rest.first == 0x0A {
            end = rest.startIndex
            skip = 1
        } else if let index = rest.indices.first(where: { rest[$0] == 0x0A && $0 > rest.startIndex && rest[$0 - 1] == 0x0D }) {
            end = index - 1
        }
        guard let end else {
            guard partialLine.count + rest.count <= budget else { throw tooLong() }
            partialLine += rest
            rest = []
            return nil
        }
        var line = partialLine + rest[..<end]
        if skip == 1 { line.removeLast() }
        let consumed = line.count + 2
        guard consumed <= budget else { throw tooLong() }
        if stage != .chunkSize && stage != .chunkEnd { headByteCount += consumed }
        partialLine = []
        rest = rest[(end + skip)...]
        return line
    }

    private func tooLong() -> HostedAssetTransportError {
        stage == .chunkSize || stage == .chunkEnd
            ? .malformedResponse("a chunk-size line is over \(Self.lineLimit) bytes")
            : .malformedResponse("the response head is over \(Self.headLimit >> 10) KiB")
    }

    /// Acts on one line of the current stage.
    private mutating func take(_ bytes: [UInt8]) throws(HostedAssetTransportError) {
        if let bad = bytes.first(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            throw .malformedResponse("a line of the response holds a bare \(bad == 0x00 ? "NUL" : bad == 0x0D ? "CR" : "LF")")
        }
        let line = String(decoding: bytes, as: UTF8.self)
        switch stage {
        case .statusLine:
            statusLine = try Self.status(of: line)
            stage = .headerLines
        case .headerLines:
            if !line.isEmpty {
                headerLines.append(line)
                return
            }
            try endHead()
        case .chunkSize:
            let digits = line.prefix { $0 != ";" }.trimmingSuffix { $0 == " " || $0 == "\t" }
            guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy(\.isHexDigit), let size = Int(digits, radix: 16) else {
                throw .malformedResponse("a chunk size is no hex number: \(HTTPRequestHead.shown(line))")
            }
            stage = size == 0 ? .trailers : .chunk(remaining: size)
        case .chunkEnd:
            guard line.isEmpty else { throw .malformedResponse("a chunk is longer than its size says") }
            stage = .chunkSize
        case .trailers:
            if line.isEmpty {
                stage = .done
            } else {
                _ = try Self.field(line)
            }
        case .body, .chunk, .done:
            break
        }
    }

    /// The status and line of `HTTP/1.x NNN reason`.
    private static func status(of line: String) throws(HostedAssetTransportError) -> (Int, String) {
        let bytes = Array(line.utf8)
        let digits = bytes.count >= 12 ? bytes[9..<12] : []
        guard bytes.count >= 12, line.hasPrefix("HTTP/1.0 ") || line.hasPrefix("HTTP/1.1 "),
              digits.allSatisfy({ (0x30...0x39).contains($0) }),
              bytes.count == 12 || bytes[12] == 0x20,
              let status = Int(String(decoding: digits, as: UTF8.self)), (100...599).contains(status),
              !line.unicodeScalars.contains(where: HTTPRequestHead.isControl) else {
            throw .malformedResponse("the status line is not 'HTTP/1.x NNN reason': \(HTTPRequestHead.shown(line))")
        }
        return (status, line)
    }

    /// The lower-cased name and the value of a header line.
    private static func field(_ line: String) throws(HostedAssetTransportError) -> (String, String) {
        guard let colon = line.firstIndex(of: ":") else {
            throw .malformedResponse("a header line has no ':': \(HTTPRequestHead.shown(line))")
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(HTTPRequestHead.isTokenCharacter) else {
            throw .malformedResponse("a header name is no token (a folded or broken line?): \(HTTPRequestHead.shown(line))")
        }
        let value = line[line.index(after: colon)...].trimmingPrefix { $0 == " " || $0 == "\t" }.trimmingSuffix { $0 == " " || $0 == "\t" }
        guard !value.unicodeScalars.contains(where: HTTPRequestHead.isControl) else {
            throw .malformedResponse("the value of the header \(name) holds a control character")
        }
        return (name.lowercased(), String(value))
    }

    /// The empty line after the headers: an interim answer is dropped; the final
    /// head is kept and decides how the body is framed.
    private mutating func endHead() throws(HostedAssetTransportError) {
        guard let (status, _) = statusLine else { throw .malformedResponse("a head without a status line") }
        var headers: [String: String] = [:]
        var lengths: [String] = []
        for line in headerLines {
            let (name, value) = try Self.field(line)
            if name == "content-length" { lengths += value.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingPrefix { $0 == " " || $0 == "\t" }.trimmingSuffix { $0 == " " || $0 == "\t" }) } }
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        headerLines = []
        statusLine = nil
        if (100...199).contains(status) {
            guard status != 101 else { throw .malformedResponse("the server switched protocols (101), which was not asked for") }
            stage = .statusLine
            return
        }
        head = Head(status: status, headers: headers)
        guard (200...299).contains(status) else { return }
        var declared: Int?
        if !lengths.isEmpty {
            guard lengths.allSatisfy({ !$0.isEmpty && $0.count <= 18 && $0.allSatisfy { $0.isASCII && $0.isNumber } }), let first = Int(lengths[0]) else {
                throw .malformedResponse("Content-Length is no number: \(HTTPRequestHead.shown(lengths.joined(separator: ", ")))")
            }
            guard lengths.allSatisfy({ Int($0) == first }) else {
                throw .malformedResponse("the Content-Length headers disagree: \(lengths.joined(separator: ", "))")
            }
            declared = first
        }
        let coding = headers["transfer-encoding"]
        if status == 204 || status == 304 {
            stage = .done
        } else if let coding {
            guard coding.lowercased() == "chunked" else {
                throw .malformedResponse("Transfer-Encoding \(HTTPRequestHead.shown(coding)) is not plain 'chunked'")
            }
            guard declared == nil else { throw .malformedResponse("both Content-Length and Transfer-Encoding are given") }
            stage = .chunkSize
        } else if let declared {
            stage = declared == 0 ? .done : .body(remaining: declared)
        } else {
            throw .malformedResponse("a \(status) answer with neither Content-Length nor chunked encoding (a body cut short could not be told from a whole one)")
        }
    }
}

private extension StringProtocol {
    /// Without the characters at the end that match `drop`.
    func trimmingSuffix(while drop: (Character) -> Bool) -> SubSequence {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
