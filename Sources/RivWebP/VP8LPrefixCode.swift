import RivImage
import RivPNG

/// One prefix code of a VP8L image: canonical Huffman codes read least significant bit
/// first, as in deflate (the package's ``HuffmanDecoder``), or a code of one symbol, which
/// takes no bits.
struct VP8LPrefixCode {
    private let decoder: HuffmanDecoder?
    private let single: Int

    /// The order in which the code-length code's lengths are stored.
    private static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    /// Reads a code for an alphabet of `size` symbols (VP8L spec, 3.7.2.1).
    init(reading reader: inout VP8LBitReader, alphabetSize size: Int) throws(ImageDecodingError) {
        var lengths = [UInt8](repeating: 0, count: size)
        let at = reader.offset
        if try reader.bits(1) == 1 {
            let count = try reader.bits(1) + 1
            let first = try reader.bits(try reader.bits(1) == 0 ? 1 : 8)
            let symbols = count == 2 ? [first, try reader.bits(8)] : [first]
            for symbol in symbols {
                guard symbol < size else { throw ImageDecodingError(.webp, .badData, offset: at, "a simple prefix code's symbol \(symbol) is outside its alphabet of \(size)") }
                lengths[symbol] = 1
            }
        } else {
            var codeLengthLengths = [UInt8](repeating: 0, count: 19)
            for k in 0..<(try reader.bits(4) + 4) { codeLengthLengths[Self.codeLengthOrder[k]] = UInt8(try reader.bits(3)) }
            let lengthCode = try Self(lengths: codeLengthLengths, offset: at)
            var limit = size
            if try reader.bits(1) == 1 {
                limit = 2 + (try reader.bits(2 + 2 * (try reader.bits(3))))
                guard limit <= size else { throw ImageDecodingError(.webp, .badData, offset: at, "a prefix code reads \(limit) code lengths for an alphabet of \(size)") }
            }
            var symbol = 0, previous: UInt8 = 8
            while symbol < size, limit > 0 {
                limit -= 1
                let code = try lengthCode.read(&reader)
                if code < 16 {
                    lengths[symbol] = UInt8(code)
                    symbol += 1
                    if code != 0 { previous = UInt8(code) }
                    continue
                }
                let repeats = code == 16 ? 3 + (try reader.bits(2)) : code == 17 ? 3 + (try reader.bits(3)) : 11 + (try reader.bits(7))
                guard symbol + repeats <= size else { throw ImageDecodingError(.webp, .badData, offset: reader.offset, "code lengths repeated past the alphabet's end") }
                for _ in 0..<repeats {
                    lengths[symbol] = code == 16 ? previous : 0
                    symbol += 1
                }
            }
        }
        self = try Self(lengths: lengths, offset: at)
    }

    /// The code of these lengths; it must be complete, or have exactly one symbol.
    private init(lengths: [UInt8], offset: Int) throws(ImageDecodingError) {
        let used = lengths.indices.filter { lengths[$0] > 0 }
        if used.count == 1 {
            decoder = nil
            single = used[0]
            return
        }
        let space = used.reduce(0) { $0 + 1 << (15 - Int(lengths[$1])) }
        guard space == 1 << 15, let decoder = HuffmanDecoder(lengths: lengths) else {
            throw ImageDecodingError(.webp, .badData, offset: offset, "a prefix code whose \(used.count) lengths do not make a complete code")
        }
        self.decoder = decoder
        single = 0
    }

    /// The memory the code's table holds.
    var byteCount: Int { (decoder?.table.count ?? 0) * 4 }

    /// Reads one symbol.
    @inline(__always)
    func read(_ reader: inout VP8LBitReader) throws(ImageDecodingError) -> Int {
        guard let decoder else { return single }
        reader.fill()
        let bits = reader.peek
        let entry = decoder.table.withUnsafeBufferPointer {
            HuffmanDecoder.entry($0.baseAddress!, rootMask: 1 << UInt64(decoder.rootBits) - 1, rootBits: decoder.rootBits, bits: bits)
        }
        try reader.skip(Int(entry & 15))
        return Int(entry >> 8)
    }
}
