/// Symbol counts of a run of LZ77 tokens, and what a deflate block of them costs
/// with its own Huffman codes (header included) or with given code lengths.
struct BlockStatistics {
    var literals = [Int](repeating: 0, count: 286)
    var distances = [Int](repeating: 0, count: 30)

    /// The length code (0-28, symbol minus 257) of each match length 0-258.
    static let lengthCode: [Int] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        return (0..<29).last { DeflateTables.lengthBase[$0] <= length }!
    }

    /// The distance code (0-29) of a distance 1-32768.
    @inline(__always)
    static func distanceCode(_ distance: Int) -> Int {
        if distance <= 4 { return distance - 1 }
        let bits = Int.bitWidth - (distance - 1).leadingZeroBitCount  // distance - 1 has `bits` bits
        return 2 * (bits - 1) + ((distance - 1) >> (bits - 2) & 1)
    }

    init(tokens: ArraySlice<LZ77Matcher.Token>) {
        literals.withUnsafeMutableBufferPointer { literals in
            distances.withUnsafeMutableBufferPointer { distances in
                for token in tokens {
                    if token & 0x8000_0000 == 0 {
                        literals[Int(token)] += 1
                    } else {
                        literals[257 + Self.lengthCode[Int(token >> 16 & 0x1FF)]] += 1
                        distances[Self.distanceCode(Int(token & 0xFFFF) + 1)] += 1
                    }
                }
            }
        }
        literals[256] = 1
    }

    /// Adds another run's counts (its end-of-block is not counted twice).
    mutating func add(_ other: BlockStatistics) {
        for i in 0..<286 { literals[i] += other.literals[i] }
        for i in 0..<30 { distances[i] += other.distances[i] }
        literals[256] = 1
    }

    /// Bits of the tokens (end-of-block included) with these code lengths, extra bits included.
    func bits(literalLengths: [UInt8], distanceLengths: [UInt8]) -> Int {
        var total = 0
        for i in 0..<286 where literals[i] > 0 {
            let extra = i >= 257 ? DeflateTables.lengthExtra[i - 257] : 0
            total += literals[i] * (Int(literalLengths[i]) + extra)
        }
        for i in 0..<30 where distances[i] > 0 {
            total += distances[i] * (Int(distanceLengths[i]) + DeflateTables.distanceExtra[i])
        }
        return total
    }

    /// The bits of a dynamic-Huffman block of these tokens, header included.
    func dynamicBits() -> Int { dynamicPlan().bits }

    /// The code lengths and header of a dynamic-Huffman block of these tokens.
    func dynamicPlan() -> DynamicBlockPlan {
        let literalLengths = HuffmanCode.lengths(literals, maxLength: 15)
        let distanceLengths = HuffmanCode.lengths(distances, maxLength: 15)
        let header = DynamicBlockPlan.Header(literalLengths: literalLengths, distanceLengths: distanceLengths)
        return DynamicBlockPlan(literalLengths: literalLengths, distanceLengths: distanceLengths, header: header,
                                bits: 3 + header.bits + bits(literalLengths: literalLengths, distanceLengths: distanceLengths))
    }
}

/// The code lengths of one dynamic-Huffman block and how its header sends them.
struct DynamicBlockPlan {
    /// The header of a dynamic block: HLIT, HDIST, HCLEN, the code-length code, and the
    /// literal/length and distance code lengths run-length coded with symbols 16-18.
    struct Header {
        /// (symbol, extra bits value) pairs of the code-length alphabet.
        var symbols: [(symbol: Int, extra: Int)] = []
        var literalCount = 257, distanceCount = 1, codeLengthCount = 4
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        var bits = 0

        init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            let lengths = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
            var index = 0
            while index < lengths.count {
                let value = lengths[index]
                var run = 1
                while index + run < lengths.count && lengths[index + run] == value { run += 1 }
                index += run
                if value == 0 {
                    while run >= 11 { let n = min(run, 138); symbols.append((18, n - 11)); run -= n }
                    if run >= 3 { symbols.append((17, run - 3)); run = 0 }
                } else {
                    symbols.append((Int(value), 0))
                    run -= 1
                    while run >= 3 { let n = min(run, 6); symbols.append((16, n - 3)); run -= n }
                }
                for _ in 0..<run { symbols.append((Int(value), 0)) }
            }
            var frequencies = [Int](repeating: 0, count: 19)
            for (symbol, _) in symbols { frequencies[symbol] += 1 }
            codeLengthLengths = HuffmanCode.lengths(frequencies, maxLength: 7)
            codeLengthCount = max(4, (DeflateTables.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)
            bits = 5 + 5 + 4 + 3 * codeLengthCount
            for (symbol, _) in symbols {
                bits += Int(codeLengthLengths[symbol]) + (symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0)
            }
        }
    }

    let literalLengths: [UInt8]
    let distanceLengths: [UInt8]
    let header: Header
    /// The whole block's size in bits, the 3-bit block header included.
    let bits: Int

    /// Writes HLIT through the last code length (the 3-bit block header is written by the caller).
    func writeHeader(into writer: inout BitWriter) {
        writer.write(header.literalCount - 257, 5)
        writer.write(header.distanceCount - 1, 5)
        writer.write(header.codeLengthCount - 4, 4)
        for index in 0..<header.codeLengthCount {
            writer.write(Int(header.codeLengthLengths[DeflateTables.codeLengthOrder[index]]), 3)
        }
        let codes = HuffmanCode.codes(header.codeLengthLengths)
        for (symbol, extra) in header.symbols {
            writer.write(Int(codes[symbol]), Int(header.codeLengthLengths[symbol]))
            switch symbol {
            case 16: writer.write(extra, 2)
            case 17: writer.write(extra, 3)
            case 18: writer.write(extra, 7)
            default: break
            }
        }
    }
}
