import Testing
@testable import RivPNG

/// The decoder's fast paths against plain references: the inflater's word-wide match copies
/// (overlapping ones included) in and out of its fast loop, its limit on output, the
/// checksums around their block sizes, the unfilter loops per pixel size, and the reduction's
/// colour count at the palette's limit.
@Suite struct DecodeFastPathTests {
    /// A zlib stream of one fixed-Huffman block, written symbol by symbol, and the bytes it holds
    /// (a match reaching before the start holds zeros).
    struct FixedBlock {
        private(set) var bytes: [UInt8] = [0x78, 0x01]
        private(set) var data: [UInt8] = []
        private var bitCount = 0

        init() { write(0b011, bits: 3) }

        private mutating func write(_ value: Int, bits: Int) {
            for bit in 0..<bits {
                if bitCount % 8 == 0 { bytes.append(0) }
                bytes[bytes.count - 1] |= UInt8(value >> bit & 1) << UInt8(bitCount % 8)
                bitCount += 1
            }
        }

        /// A Huffman code, sent first bit first.
        private mutating func write(code: Int, bits: Int) {
            for bit in (0..<bits).reversed() { write(code >> bit & 1, bits: 1) }
        }

        private mutating func symbol(_ symbol: Int) {
            switch symbol {
            case 0..<144: write(code: 0x30 + symbol, bits: 8)
            case 144..<256: write(code: 0x190 + symbol - 144, bits: 9)
            case 256..<280: write(code: symbol - 256, bits: 7)
            default: write(code: 0xC0 + symbol - 280, bits: 8)
            }
        }

        mutating func literal(_ byte: UInt8) {
            symbol(Int(byte))
            data.append(byte)
        }

        mutating func match(length: Int, distance: Int) {
            let lengthCode = DeflateTables.lengthBase.lastIndex { $0 <= length }!
            symbol(257 + lengthCode)
            write(length - DeflateTables.lengthBase[lengthCode], bits: DeflateTables.lengthExtra[lengthCode])
            let distanceCode = DeflateTables.distanceBase.lastIndex { $0 <= distance }!
            write(code: distanceCode, bits: 5)
            write(distance - DeflateTables.distanceBase[distanceCode], bits: DeflateTables.distanceExtra[distanceCode])
            for _ in 0..<length { data.append(distance <= data.count ? data[data.count - distance] : 0) }
        }

        /// The finished stream: end of block, padding, Adler-32.
        func zlib() -> [UInt8] {
            var block = self
            block.symbol(256)
            var bytes = block.bytes
            let sum = Adler32.checksum(data)
            for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: sum >> UInt32(24 - 8 * k))) }
            return bytes
        }
    }

    static func noise(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
    }

    @Test func overlappingMatchesCopyLikeBytesOneByOne() throws {
        for distance in 1...9 {
            for length in [3, 4, 7, 8, 9, 15, 16, 17, 31, 100, 257, 258] {
                // Alone, the match ends at the output's end (the checked path); between long
                // runs of literals it is decoded by the fast loop.
                for padding in [0, 400] {
                    var block = FixedBlock()
                    for byte in Self.noise(padding + distance, seed: UInt32(distance * 1000 + length)) { block.literal(byte) }
                    block.match(length: length, distance: distance)
                    for byte in Self.noise(padding, seed: 7) { block.literal(byte) }
                    let inflated = try Inflater.inflate(zlib: block.zlib(), expectedSize: block.data.count)
                    #expect(inflated == block.data, "distance \(distance), length \(length), padding \(padding)")
                }
            }
        }
    }

    @Test func outputPastTheExpectedSizeFailsAsTooLong() {
        for padding in [0, 400, 1000] {
            var block = FixedBlock()
            for byte in Self.noise(padding + 4, seed: 3) { block.literal(byte) }
            for _ in 0..<4 { block.match(length: 258, distance: 4) }
            for short in [1, 100, 258, 300] {
                do {
                    _ = try Inflater.inflate(zlib: block.zlib(), expectedSize: block.data.count - short)
                    Issue.record("\(short) bytes short of padding \(padding) inflated")
                } catch {
                    #expect(error.tooLong, "\(short) bytes short of padding \(padding): \(error.detail)")
                }
            }
        }
    }

    @Test func aDistanceBeforeTheStartFailsInAndOutOfTheFastLoop() {
        for padding in [0, 500] {
            var block = FixedBlock()
            for byte in Self.noise(399, seed: 5) { block.literal(byte) }
            block.match(length: 10, distance: 400)
            for byte in Self.noise(padding, seed: 6) { block.literal(byte) }
            do {
                _ = try Inflater.inflate(zlib: block.zlib(), expectedSize: block.data.count)
                Issue.record("a match before the start inflated (padding \(padding))")
            } catch {
                #expect(!error.tooLong && error.detail.contains("before the start"), "padding \(padding): \(error.detail)")
            }
        }
    }

    /// The entry `decoder` finds at the start of `bits` (stream order, first bit lowest).
    static func entry(_ decoder: HuffmanDecoder, _ bits: UInt64) -> UInt32 {
        decoder.table.withUnsafeBufferPointer {
            HuffmanDecoder.entry($0.baseAddress!, rootMask: UInt64(1) << UInt64(decoder.rootBits) - 1,
                                 rootBits: decoder.rootBits, bits: bits)
        }
    }

    @Test func codesLongerThanTheRootDecodeThroughSubTables() {
        // Symbol k has length k + 1 (k ones, then a zero), and the last 15 ones: complete, up to 15 bits.
        let lengths: [UInt8] = (1...15).map { UInt8($0) } + [15]
        let decoder = HuffmanDecoder(lengths: lengths)!
        for symbol in lengths.indices {
            let code: UInt64 = symbol == 15 ? 1 << 15 - 1 : 1 << UInt64(symbol) - 1
            let entry = Self.entry(decoder, code | 0xABCD << 16)
            #expect(Int(entry & 15) == Int(lengths[symbol]) && Int(entry >> 8 & 0x1FF) == symbol, "symbol \(symbol)")
        }
        // An incomplete code: 0 (one bit) and 10000000000 (eleven bits); any other start is no code.
        let sparse = HuffmanDecoder(lengths: [1, 11])!
        #expect(Self.entry(sparse, 0b10) == 1)
        #expect(Self.entry(sparse, 1) == 1 << 8 | 11)
        #expect(Self.entry(sparse, 0b11) == 0)
        #expect(Self.entry(sparse, 1 | 1 << 10) == 0)
    }

    /// Adler-32 one byte at a time, reduced every byte.
    static func plainAdler(_ bytes: [UInt8]) -> UInt32 {
        var low: UInt32 = 1, high: UInt32 = 0
        for byte in bytes {
            low = (low + UInt32(byte)) % 65521
            high = (high + low) % 65521
        }
        return high << 16 | low
    }

    /// CRC-32 one bit at a time.
    static func plainCRC(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func checksumsMatchKnownValuesAndPlainLoopsAroundTheirBlockSizes() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Adler32.checksum([UInt8]()) == 1)
        #expect(CRC32.checksum([UInt8]()) == 0)
        for length in [1, 7, 8, 9, 15, 16, 17, 5551, 5552, 5553, 5568, 11_104, 11_105, 20_000] {
            for bytes in [Self.noise(length, seed: UInt32(length)), [UInt8](repeating: 0xFF, count: length)] {
                #expect(Adler32.checksum(bytes) == Self.plainAdler(bytes), "Adler-32 of \(length) bytes")
                #expect(CRC32.checksum(bytes) == Self.plainCRC(bytes), "CRC-32 of \(length) bytes")
                // A slice that starts off the array's start, and a sequence with no contiguous storage.
                #expect(Adler32.checksum(bytes[1...]) == Self.plainAdler(Array(bytes[1...])))
                #expect(CRC32.checksum(bytes.lazy.map { $0 }) == Self.plainCRC(bytes))
            }
        }
    }

    @Test func thePaethPredictorIsTheSpecificationsOnEveryInput() {
        // PNG's definition: p = a + b - c; the nearest of a, b, c to p, ties to a, then b.
        var differing = 0
        for a in 0...255 {
            for b in 0...255 {
                for c in 0...255 {
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    let expected = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                    if Int(RowFilter.paethPredictor(UInt8(a), UInt8(b), UInt8(c))) != expected { differing += 1 }
                }
            }
        }
        #expect(differing == 0)
    }

    @Test func unfilterUndoesFilterForEveryPixelSize() {
        for stride in 1...8 {
            for count in [stride, stride * 3, stride * 37] {
                let previous = Self.noise(count, seed: UInt32(stride * 100 + count))
                let row = Self.noise(count, seed: UInt32(stride * 1000 + count))
                for filter in RowFilter.allCases {
                    for above in [nil, previous] {
                        var filtered = [UInt8](repeating: 0, count: count)
                        row.withUnsafeBufferPointer { row in
                            filtered.withUnsafeMutableBufferPointer { out in
                                above?.withUnsafeBufferPointer { above in
                                    filter.filter(row.baseAddress!, previous: above.baseAddress!, count: count, stride: stride, into: out.baseAddress!)
                                } ?? filter.filter(row.baseAddress!, previous: nil, count: count, stride: stride, into: out.baseAddress!)
                            }
                        }
                        filtered.withUnsafeMutableBufferPointer { out in
                            if let above {
                                above.withUnsafeBufferPointer {
                                    filter.unfilter(out.baseAddress!, previous: $0.baseAddress!, count: count, stride: stride)
                                }
                            } else {
                                filter.unfilter(out.baseAddress!, previous: nil, count: count, stride: stride)
                            }
                        }
                        #expect(filtered == row, "\(filter), stride \(stride), \(count) bytes, above: \(above != nil)")
                    }
                }
            }
        }
    }

    /// An RGBA image of `colours` distinct colours (some translucent), each pixel repeated a few times.
    static func image(colours: Int) -> PNGImage {
        let width = 64, height = (colours * 3 + 63) / 64
        var rows: [UInt8] = []
        for pixel in 0..<width * height {
            let colour = pixel / 3 % colours
            rows += [UInt8(colour & 0xFF), UInt8(colour >> 8), 7, colour % 5 == 0 ? 128 : 255]
        }
        return PNGImage(header: PNGHeader(width: width, height: height, bitDepth: 8, colorType: .rgba, interlaced: false),
                        palette: [], transparency: [], rows: rows)
    }

    @Test func aPaletteIsOfferedForAt256ColoursAndNotFor257() {
        for colours in [1, 2, 3, 16, 17, 255, 256, 257, 1000] {
            let image = Self.image(colours: colours)
            var candidates: [PNGImage] = []
            PNGReduction.forEachCandidate(of: image, keepColourFamily: false) { candidates.append($0) }
            let palettes = candidates.filter { $0.header.colorType == .palette }
            #expect(palettes.count == (colours <= 256 ? 1 : 0), "\(colours) colours")
            for candidate in candidates {
                #expect(candidate.rgba16() == image.rgba16(), "\(colours) colours as \(candidate.header.colorType)")
            }
            if let palette = palettes.first { #expect(palette.palette.count == 3 * colours) }
        }
    }

    @Test func theColourSurveyFindsWhatItKeptAndNothingElse() {
        // 300 opaque colours: the survey keeps the first 257 and knows only those.
        let pixels = (0..<300).map { UInt32($0) << 23 | 0xFF }
        var survey = ColourSurvey()
        pixels.withUnsafeBufferPointer { survey.add($0) }
        #expect(survey.colours.count == 257)
        for (index, pixel) in pixels.enumerated() {
            #expect(survey.index(of: pixel) == (index < 257 ? index : nil), "colour \(index)")
        }
        #expect(survey.index(of: 0x1234_5678) == nil)
        #expect(ColourSurvey().index(of: 0) == nil)
    }
}
