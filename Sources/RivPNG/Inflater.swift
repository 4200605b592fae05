/// Decompresses a zlib stream (RFC 1950 around RFC 1951 deflate) into exactly
/// `expectedSize` bytes. Output past that size is an error the moment it would be
/// written (a deflate bomb never allocates more than the image needs), and so is
/// a stream that ends sooner, a damaged code, a distance before the start, or a
/// wrong Adler-32.
struct Inflater {
    /// What went wrong, and where in the compressed bytes.
    struct Failure: Error {
        let inputOffset: Int
        let detail: String
        let tooLong: Bool
    }

    private let input: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0

    private init(input: UnsafeBufferPointer<UInt8>) { self.input = input }

    /// The decompressed bytes of `input`, which must be exactly `expectedSize` long.
    static func inflate(zlib input: [UInt8], expectedSize: Int) throws(Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: expectedSize)
        let result: Result<Void, Failure> = input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                var inflater = Inflater(input: input)
                do throws(Failure) {
                    try inflater.run(into: output)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
        }
        try result.get()
        return output
    }

    private func fail(_ detail: String, tooLong: Bool = false) -> Failure {
        Failure(inputOffset: max(0, min(position - bitCount / 8, input.count)), detail: detail, tooLong: tooLong)
    }

    private mutating func run(into output: UnsafeMutableBufferPointer<UInt8>) throws(Failure) {
        guard input.count >= 6 else { throw fail("a zlib stream of \(input.count) bytes is too short") }
        let cmf = Int(input[0]), flags = Int(input[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7 else { throw fail("zlib method byte 0x\(String(cmf, radix: 16)) is not deflate with a window of at most 32 KiB") }
        guard (cmf << 8 | flags) % 31 == 0 else { throw fail("zlib header check bits are wrong") }
        guard flags & 0x20 == 0 else { throw fail("zlib stream asks for a preset dictionary, which PNG forbids") }
        position = 2
        var written = 0
        var final = false
        while !final {
            let header = try bits(3)
            final = header & 1 == 1
            switch header >> 1 {
            case 0: try storedBlock(into: output, written: &written)
            case 1:
                try codedBlock(literals: Self.fixedLiteral, distances: Self.fixedDistance, into: output, written: &written)
            case 2:
                let (literals, distances) = try dynamicTables()
                try codedBlock(literals: literals, distances: distances, into: output, written: &written)
            default: throw fail("deflate block type 3 is reserved")
            }
        }
        // Whole bytes left in the bit buffer were read ahead: give them back.
        position -= bitCount / 8
        bitCount = 0
        guard position <= input.count else { throw fail("the deflate data ends inside its last block") }
        guard written == output.count else {
            throw fail("the deflate data holds \(written) bytes; the image header needs \(output.count)")
        }
        guard position + 4 <= input.count else { throw fail("the zlib stream ends before its Adler-32") }
        let stored = UInt32(input[position]) << 24 | UInt32(input[position + 1]) << 16
            | UInt32(input[position + 2]) << 8 | UInt32(input[position + 3])
        let computed = Adler32.checksum(UnsafeBufferPointer(rebasing: output[0..<written]))
        guard stored == computed else {
            throw fail("Adler-32 is \(hex(stored)); the data's is \(hex(computed))")
        }
    }

    private static let fixedLiteral = HuffmanDecoder.literals(DeflateTables.fixedLiteralLengths)!
    private static let fixedDistance = HuffmanDecoder.distances(DeflateTables.fixedDistanceLengths + [5, 5])!

    /// Fills the bit buffer to at least 57 bits, with zero bytes past the end of the input
    /// (reading them is caught by the position check).
    @inline(__always)
    private mutating func refill() {
        while bitCount <= 56 {
            let byte: UInt64 = position < input.count ? UInt64(input[position]) : 0
            position += 1
            bitBuffer |= byte << UInt64(bitCount)
            bitCount += 8
        }
    }

    @inline(__always)
    private mutating func bits(_ count: Int) throws(Failure) -> Int {
        if bitCount < count { refill() }
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        if position - bitCount / 8 > input.count { throw fail("the deflate data ends inside a block") }
        return value
    }

    @inline(__always)
    private mutating func decode(_ code: HuffmanDecoder) throws(Failure) -> Int {
        if bitCount < 15 { refill() }
        let entry = code.table.withUnsafeBufferPointer {
            Int(HuffmanDecoder.entry($0.baseAddress!, rootMask: UInt64(1) << UInt64(code.rootBits) - 1,
                                     rootBits: code.rootBits, bits: bitBuffer))
        }
        let length = entry & 15
        guard length > 0 else { throw fail("a Huffman code is not in the block's code table") }
        bitBuffer >>= UInt64(length)
        bitCount -= length
        if position - bitCount / 8 > input.count { throw fail("the deflate data ends inside a block") }
        return entry >> 8 & 0x1FF
    }

    private mutating func storedBlock(into output: UnsafeMutableBufferPointer<UInt8>, written: inout Int) throws(Failure) {
        _ = try bits(bitCount & 7)
        position -= bitCount / 8
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw fail("a stored block's length is cut off") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let check = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length ^ check == 0xFFFF else { throw fail("a stored block's length \(length) and its complement \(check) disagree") }
        position += 4
        guard position + length <= input.count else { throw fail("a stored block of \(length) bytes is cut off") }
        guard written + length <= output.count else {
            throw fail("the deflate data is longer than the \(output.count) bytes the image header allows", tooLong: true)
        }
        if length > 0 { (output.baseAddress! + written).update(from: input.baseAddress! + position, count: length) }
        written += length
        position += length
    }

    private mutating func dynamicTables() throws(Failure) -> (HuffmanDecoder, HuffmanDecoder) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw fail("a dynamic block declares \(literalCount) literal/length and \(distanceCount) distance codes")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[DeflateTables.codeLengthOrder[index]] = UInt8(try bits(3))
        }
        guard let codeLengthCode = HuffmanDecoder(lengths: codeLengthLengths) else {
            throw fail("a dynamic block's code-length code is invalid")
        }
        var lengths: [UInt8] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeLengthCode)
            switch symbol {
            case 0...15: lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else { throw fail("a dynamic block repeats a code length before the first") }
                lengths += repeatElement(previous, count: 3 + (try bits(2)))
            case 17: lengths += repeatElement(0, count: 3 + (try bits(3)))
            default: lengths += repeatElement(0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw fail("a dynamic block's code lengths run past their count") }
        guard lengths[256] > 0 else { throw fail("a dynamic block has no end-of-block code") }
        guard let literals = HuffmanDecoder.literals(Array(lengths[0..<literalCount])) else {
            throw fail("a dynamic block's literal/length code is invalid")
        }
        guard let distances = HuffmanDecoder.distances(Array(lengths[literalCount...])) else {
            throw fail("a dynamic block's distance code is invalid")
        }
        return (literals, distances)
    }

    private mutating func codedBlock(literals: HuffmanDecoder, distances: HuffmanDecoder,
                                     into output: UnsafeMutableBufferPointer<UInt8>, written: inout Int) throws(Failure) {
        while true {
            if fastSymbols(literals: literals, distances: distances, into: output, written: &written) { return }
            let symbol = try decode(literals)
            if symbol < 256 {
                guard written < output.count else {
                    throw fail("the deflate data is longer than the \(output.count) bytes the image header allows", tooLong: true)
                }
                output[written] = UInt8(symbol)
                written += 1
                continue
            }
            if symbol == 256 { return }
            let lengthCode = symbol - 257
            guard lengthCode < 29 else { throw fail("length code \(symbol) is not defined") }
            let length = DeflateTables.lengthBase[lengthCode] + (try bits(DeflateTables.lengthExtra[lengthCode]))
            let distanceCode = try decode(distances)
            guard distanceCode < 30 else { throw fail("distance code \(distanceCode) is not defined") }
            let distance = DeflateTables.distanceBase[distanceCode] + (try bits(DeflateTables.distanceExtra[distanceCode]))
            guard distance <= written else { throw fail("a match reaches \(distance) bytes back, before the start of the data") }
            guard written + length <= output.count else {
                throw fail("the deflate data is longer than the \(output.count) bytes the image header allows", tooLong: true)
            }
            var from = written - distance
            for _ in 0..<length {
                output[written] = output[from]
                written += 1
                from += 1
            }
        }
    }

    /// Output room the fast path keeps: the longest match plus the 7 bytes its
    /// 8-byte copies may write past a match's end (rewritten by what follows).
    private static let fastOutputMargin = 258 + 7

    /// Decodes symbols of a block without a check per bit while at least 8 input bytes
    /// (one refill) and `fastOutputMargin` output bytes are left; true at the end of the block.
    /// It stops before anything it cannot vouch for (fewer bytes left, a damaged code, an
    /// undefined symbol, a distance before the start), leaving that symbol to the checked path,
    /// which then reads or fails exactly as it would have.
    private mutating func fastSymbols(literals: HuffmanDecoder, distances: HuffmanDecoder,
                                      into output: UnsafeMutableBufferPointer<UInt8>, written: inout Int) -> Bool {
        let inputEnd = input.count - 8, outputEnd = output.count - Self.fastOutputMargin
        guard position <= inputEnd, written <= outputEnd else { return false }
        let source = UnsafeRawPointer(input.baseAddress!), out = output.baseAddress!
        let literalMask = UInt64(1) << UInt64(literals.rootBits) - 1
        let distanceMask = UInt64(1) << UInt64(distances.rootBits) - 1
        var buffer = bitBuffer, count = bitCount, at = position, done = written
        let ended: Bool = literals.table.withUnsafeBufferPointer { literalTable in
            distances.table.withUnsafeBufferPointer { distanceTable in
                // 48 bits hold the longest symbol: 15 + 5 extra for the length, 15 + 13 for the distance.
                while done <= outputEnd {
                    if count < 48 {
                        guard at <= inputEnd else { return false }
                        buffer |= UInt64(littleEndian: source.loadUnaligned(fromByteOffset: at, as: UInt64.self)) << UInt64(count)
                        at += (63 - count) >> 3
                        count |= 56
                    }
                    let entry = HuffmanDecoder.entry(literalTable.baseAddress!, rootMask: literalMask,
                                                     rootBits: literals.rootBits, bits: buffer)
                    let symbol = Int(entry >> 8 & 0x1FF)
                    let codeLength = Int(entry & 15)
                    if symbol < 256, codeLength > 0 {
                        buffer >>= UInt64(codeLength)
                        count -= codeLength
                        out[done] = UInt8(truncatingIfNeeded: symbol)
                        done += 1
                        continue
                    }
                    guard codeLength > 0, symbol <= 285 else { return false }
                    if symbol == 256 {
                        buffer >>= UInt64(codeLength)
                        count -= codeLength
                        return true
                    }
                    var bits = buffer >> UInt64(codeLength)
                    var used = codeLength
                    let lengthExtra = Int(entry >> 4 & 15)
                    let length = Int(entry >> 17) + Int(bits & (UInt64(1) << UInt64(lengthExtra) - 1))
                    bits >>= UInt64(lengthExtra)
                    used += lengthExtra
                    let distanceEntry = HuffmanDecoder.entry(distanceTable.baseAddress!, rootMask: distanceMask,
                                                             rootBits: distances.rootBits, bits: bits)
                    let distanceLength = Int(distanceEntry & 15)
                    guard distanceLength > 0, distanceEntry >> 8 & 0x1FF < 30 else { return false }
                    bits >>= UInt64(distanceLength)
                    let distanceExtra = Int(distanceEntry >> 4 & 15)
                    let distance = Int(distanceEntry >> 17) + Int(bits & (UInt64(1) << UInt64(distanceExtra) - 1))
                    guard distance <= done else { return false }
                    used += distanceLength + distanceExtra
                    buffer = bits >> UInt64(distanceExtra)
                    count -= used
                    Self.copyMatch(to: out + done, distance: distance, length: length)
                    done += length
                }
                return false
            }
        }
        bitBuffer = buffer
        bitCount = count
        position = at
        written = done
        return ended
    }

    /// Copies `length` bytes from `distance` bytes back to `target`, 8 bytes at a time;
    /// may write up to 7 bytes (for a distance under 8, up to 11) past the end.
    /// A distance under 8 is first spread byte by byte over a period of at least 8 bytes,
    /// a multiple of the distance, from which the rest copies by words.
    @inline(__always)
    private static func copyMatch(to target: UnsafeMutablePointer<UInt8>, distance: Int, length: Int) {
        var period = distance, index = 0
        if distance < 8 {
            period = distance * ((8 + distance - 1) / distance)
            while index < period {
                target[index] = target[index - distance]
                index += 1
            }
        }
        let raw = UnsafeMutableRawPointer(target)
        while index < length {
            raw.storeBytes(of: UnsafeRawPointer(raw).loadUnaligned(fromByteOffset: index - period, as: UInt64.self),
                           toByteOffset: index, as: UInt64.self)
            index += 8
        }
    }
}

func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}
