/// Compresses bytes into a zlib stream (RFC 1950) of deflate blocks (RFC 1951):
/// LZ77 tokens from ``LZ77Matcher``, cut into blocks where the statistics change, each
/// block written with its own Huffman codes, the fixed codes or stored, whichever is smallest.
enum Deflater {
    /// The zlib stream for `data`. The tokens go to the blocks as they are made
    /// (``BlockSplitter``), so they are never all held at once.
    static func zlib(_ data: [UInt8], effort: LZ77Matcher.Effort) -> [UInt8] {
        var writer = BitWriter(reservingCapacity: data.count / 2 + 64)
        writer.write(0x78, 8)
        writer.write(0xDA, 8)  // 32 KiB window, "maximum compression", no dictionary; 0x78DA is a multiple of 31
        data.withUnsafeBufferPointer { data in
            var inputStart = 0
            var blocks = BlockSplitter { block, isFinal in
                let inputLength = block.reduce(0) { $0 + tokenInputLength($1) }
                writeBlock(block, input: UnsafeBufferPointer(rebasing: data[inputStart..<inputStart + inputLength]),
                           final: isFinal, into: &writer)
                inputStart += inputLength
            }
            LZ77Matcher.tokens(of: data, effort: effort, into: &blocks)
            blocks.finish()
        }
        writer.alignToByte()
        var bytes = writer.bytes
        bytes.appendBigEndian(Adler32.checksum(data))
        return bytes
    }

    /// The size of the zlib stream `zlib(data, effort:)` would write, in bytes.
    static func compressedSize(_ data: [UInt8], effort: LZ77Matcher.Effort) -> Int {
        data.withUnsafeBufferPointer { data in
            var bits = 0
            var blocks = BlockSplitter { block, _ in bits += BlockStatistics(tokens: block).dynamicBits() }
            LZ77Matcher.tokens(of: data, effort: effort, into: &blocks)
            blocks.finish()
            return 6 + (bits + 7) / 8
        }
    }

    @inline(__always)
    static func tokenInputLength(_ token: LZ77Matcher.Token) -> Int {
        token & 0x8000_0000 == 0 ? 1 : Int(token >> 16 & 0x1FF)
    }

    /// Writes one block in the cheapest of the three block types.
    private static func writeBlock(_ tokens: ArraySlice<LZ77Matcher.Token>, input: UnsafeBufferPointer<UInt8>,
                                   final: Bool, into writer: inout BitWriter) {
        let statistics = BlockStatistics(tokens: tokens)
        let dynamic = statistics.dynamicPlan()
        let fixedBits = 3 + statistics.bits(literalLengths: DeflateTables.fixedLiteralLengths,
                                            distanceLengths: DeflateTables.fixedDistanceLengths)
        let storedBits = 3 + 7 + (input.count + 65534) / 65535 * 40 + input.count * 8
        if storedBits < dynamic.bits && storedBits < fixedBits {
            var start = 0
            repeat {
                let end = min(start + 65535, input.count)
                writer.write(final && end == input.count ? 1 : 0, 3)
                writer.alignToByte()
                writer.write(end - start, 16)
                writer.write(~(end - start) & 0xFFFF, 16)
                writer.append(bytes: input[start..<end])
                start = end
            } while start < input.count
            return
        }
        writer.write(final ? 1 : 0, 1)
        if fixedBits <= dynamic.bits {
            writer.write(1, 2)
            writeTokens(tokens, literalLengths: DeflateTables.fixedLiteralLengths,
                        distanceLengths: DeflateTables.fixedDistanceLengths, into: &writer)
        } else {
            writer.write(2, 2)
            dynamic.writeHeader(into: &writer)
            writeTokens(tokens, literalLengths: dynamic.literalLengths, distanceLengths: dynamic.distanceLengths, into: &writer)
        }
    }

    private static func writeTokens(_ tokens: ArraySlice<LZ77Matcher.Token>, literalLengths: [UInt8], distanceLengths: [UInt8],
                                    into writer: inout BitWriter) {
        let literalCodes = HuffmanCode.codes(literalLengths)
        let distanceCodes = HuffmanCode.codes(distanceLengths)
        for token in tokens {
            if token & 0x8000_0000 == 0 {
                writer.write(Int(literalCodes[Int(token)]), Int(literalLengths[Int(token)]))
                continue
            }
            let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0xFFFF) + 1
            let lengthCode = BlockStatistics.lengthCode[length]
            let symbol = 257 + lengthCode
            writer.write(Int(literalCodes[symbol]), Int(literalLengths[symbol]))
            let lengthExtra = DeflateTables.lengthExtra[lengthCode]
            if lengthExtra > 0 { writer.write(length - DeflateTables.lengthBase[lengthCode], lengthExtra) }
            let distanceCode = BlockStatistics.distanceCode(distance)
            writer.write(Int(distanceCodes[distanceCode]), Int(distanceLengths[distanceCode]))
            let distanceExtra = DeflateTables.distanceExtra[distanceCode]
            if distanceExtra > 0 { writer.write(distance - DeflateTables.distanceBase[distanceCode], distanceExtra) }
        }
        writer.write(Int(literalCodes[256]), Int(literalLengths[256]))
    }
}
