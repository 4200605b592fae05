import Foundation
import RivFormat
import RivHostedAssets

/// Invariant 12: the IPv6 client's response parser (RivHostedAssets'
/// `HTTPResponseParser`) reads the input as a server's answer without trouble,
/// within `HTTPResponseParser.headLimit` plus the input of memory, never hands
/// on more body bytes than the input holds, and comes to the same outcome
/// (head, body bytes, or failure) whether the bytes arrive at once or a few at
/// a time.
enum ResponseParserCheck {
    static func check(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        let baseline = MemoryMeter.startInput()
        let whole = outcome(of: bytes, pieceSize: bytes.count + 1)
        MemoryMeter.checkGrowth(since: baseline, inputSize: input.count, "parsing an HTTP response")
        require(whole.bodyCount <= bytes.count, "the parser handed on \(whole.bodyCount) body bytes from an input of \(bytes.count)")
        let pieces = outcome(of: bytes, pieceSize: 1 + bytes.count % 7)
        require(pieces == whole, "an answer read in pieces differs from the same read at once: \(pieces) vs \(whole)")
    }

    private struct Outcome: Equatable {
        var head: HTTPResponseParser.Head?
        var bodyCount = 0
        var bodyHash: UInt64 = 0
        var failure: String?
    }

    /// What the parser makes of `bytes` handed over `pieceSize` at a time, then the end of the connection.
    private static func outcome(of bytes: [UInt8], pieceSize: Int) -> Outcome {
        var parser = HTTPResponseParser()
        var body: [UInt8] = []
        var result = Outcome()
        do {
            var start = 0
            while parser.needsMore, start < bytes.count {
                let end = min(bytes.count, start + max(1, pieceSize))
                try parser.consume(bytes[start..<end]) { body += $0 }
                start = end
            }
            if parser.needsMore { try parser.finish() }
        } catch {
            result.failure = "\(error)"
        }
        result.head = parser.head
        result.bodyCount = body.count
        result.bodyHash = body.withUnsafeBytes { XXH64.hash($0) }
        return result
    }
}
