import RivImage

/// One Huffman table of a DHT segment: the codes of each length 1-16 and the symbols they stand for.
struct JPEGHuffmanTable {
    /// Codes of up to `lookupBits` bits, indexed by the next `lookupBits` bits of input:
    /// the code's length << 8 | its symbol, or 0 when the code is longer.
    private var lookup: [UInt16]
    /// Per length 1-16, the largest code of that length (-1 when none).
    private var maximumCode = [Int](repeating: -1, count: 17)
    /// Per length, the index in `symbols` of that length's first code minus that code.
    private var symbolOffset = [Int](repeating: 0, count: 17)
    private let symbols: [UInt8]

    static let lookupBits = 9

    /// Builds the canonical code from the 16 counts and the symbols; nil when the counts
    /// ask for more codes than a length holds.
    init?(counts: [Int], symbols: [UInt8]) {
        self.symbols = symbols
        lookup = [UInt16](repeating: 0, count: 1 << Self.lookupBits)
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = counts[length - 1]
            guard code + count <= 1 << length else { return nil }
            if count > 0 {
                symbolOffset[length] = index - code
                maximumCode[length] = code + count - 1
                if length <= Self.lookupBits {
                    for k in 0..<count {
                        let shift = Self.lookupBits - length
                        let first = (code + k) << shift
                        let entry = UInt16(length << 8) | UInt16(symbols[index + k])
                        for fill in first..<first + (1 << shift) { lookup[fill] = entry }
                    }
                }
            }
            index += count
            code = (code + count) << 1
        }
    }

    /// Reads one symbol; nil when the next 16 bits begin with no code of the table.
    func decode(_ reader: inout JPEGBitReader) throws(ImageDecodingError) -> UInt8 {
        reader.fill()
        let entry = lookup[reader.peek(Self.lookupBits)]
        if entry != 0 {
            try reader.skip(Int(entry >> 8))
            return UInt8(truncatingIfNeeded: entry)
        }
        let bits = reader.peek(16)
        for length in Self.lookupBits + 1...16 {
            let code = bits >> (16 - length)
            if code <= maximumCode[length] {
                try reader.skip(length)
                return symbols[symbolOffset[length] + code]
            }
        }
        throw ImageDecodingError(.jpeg, .badData, offset: reader.offset, "no Huffman code of the table begins the next 16 bits")
    }
}
