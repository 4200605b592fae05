/// Asset payloads for generated inputs: a format's magic bytes, then pseudo-random
/// filler (so that no layer can compress or deduplicate it), produced one chunk at
/// a time so that no generator holds a whole payload in memory.
struct PayloadPattern {
    static let chunkSize = 4 << 20

    private let block: [UInt8]

    init(seed: UInt64) {
        var state = seed | 1
        var words = [UInt64](repeating: 0, count: Self.chunkSize / 8)
        for index in words.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            words[index] = state
        }
        block = words.withUnsafeBytes { Array($0) }
    }

    /// Calls `body` with consecutive chunks that together make `count` bytes starting
    /// with `magic`. Each chunk carries its index so that no two chunks are equal.
    func forEachChunk(count: Int, magic: [UInt8], _ body: (UnsafeRawBufferPointer) throws(BenchError) -> Void) throws(BenchError) {
        var chunk = block
        var produced = 0
        var index: UInt64 = 0
        while produced < count {
            let length = min(Self.chunkSize, count - produced)
            withUnsafeBytes(of: index.littleEndian) { stamp in
                for (offset, byte) in stamp.enumerated() where 16 + offset < chunk.count { chunk[16 + offset] = byte }
            }
            if produced == 0 {
                for (offset, byte) in magic.enumerated() where offset < chunk.count { chunk[offset] = byte }
            } else if index == 1 {
                for offset in magic.indices where offset < chunk.count { chunk[offset] = block[offset] }
            }
            let result = chunk.withUnsafeBytes { buffer in
                Result { () throws(BenchError) in try body(UnsafeRawBufferPointer(rebasing: buffer[0..<length])) }
            }
            try result.get()
            produced += length
            index += 1
        }
    }
}
