import RivImage

/// The boolean entropy decoder of VP8 (RFC 6386, section 7): each call reads one bool whose
/// probability of being 0 is `probability` / 256 from a range of bytes. Past the end it
/// supplies zero bytes and remembers it (``exhausted``): the callers check that flag where
/// libwebp does (after the frame header, each row of modes, each macroblock's tokens).
struct VP8BoolDecoder {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    /// The range minus one, 127...254 between calls (255 after ``signed(_:)``, as libwebp).
    private var range: UInt32 = 254
    /// The bits read and not yet consumed, the unconsumed window's top at bit `bits`.
    private var value: UInt64 = 0
    private var bits = -8
    /// Whether a bit past the end was needed.
    private(set) var exhausted = false

    init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    /// The offset of the next unread byte, or the end: where a truncation is reported.
    var offset: Int { position }

    private mutating func load() {
        if position < end {
            value = value << 8 | UInt64(bytes[position])
            position += 1
            bits += 8
        } else if !exhausted {
            value <<= 8
            bits += 8
            exhausted = true
        } else {
            bits = 0
        }
    }

    /// One bool that is 0 with probability `probability` / 256.
    mutating func bit(_ probability: Int) -> Bool {
        var range = self.range
        if bits < 0 { load() }
        let split = (range * UInt32(probability)) >> 8
        let window = UInt32(truncatingIfNeeded: value >> UInt64(bits))
        let one = window > split
        if one {
            range -= split
            value -= UInt64(split + 1) << UInt64(bits)
        } else {
            range = split + 1
        }
        let shift = 7 ^ (31 - range.leadingZeroBitCount)
        range <<= UInt32(shift)
        bits -= shift
        self.range = range - 1
        return one
    }

    /// An unsigned `count`-bit literal, most significant bit first, each bit at probability 128.
    mutating func literal(_ count: Int) -> Int {
        var result = 0
        for _ in 0..<count { result = result << 1 | (bit(128) ? 1 : 0) }
        return result
    }

    /// A `count`-bit magnitude then its sign bit.
    mutating func signedLiteral(_ count: Int) -> Int {
        let magnitude = literal(count)
        return bit(128) ? -magnitude : magnitude
    }

    /// A flag, then the `count`-bit signed literal it announces (0 without it).
    mutating func optionalSigned(_ count: Int) -> Int {
        bit(128) ? signedLiteral(count) : 0
    }

    /// `magnitude` with the sign of one bool at probability 128, read as libwebp reads a
    /// coefficient's sign (always one bit of shift).
    mutating func signed(_ magnitude: Int) -> Int {
        if bits < 0 { load() }
        let split = range >> 1
        let window = UInt32(truncatingIfNeeded: value >> UInt64(bits))
        let negative = window > split
        bits -= 1
        if negative {
            range = (range - 1) | 1
            value -= UInt64(split + 1) << UInt64(bits + 1)
        } else {
            range |= 1
        }
        return negative ? -magnitude : magnitude
    }

    /// The leaf of `tree` (pairs of next nodes, leaves as minus their value) reached from
    /// node `start`, node i read with `probabilities[base + i / 2]`.
    mutating func tree(_ tree: [Int8], _ probabilities: [UInt8], base: Int = 0, start: Int = 0) -> Int {
        var node = start
        repeat {
            node = Int(tree[node + (bit(Int(probabilities[base + node >> 1])) ? 1 : 0)])
        } while node > 0
        return -node
    }
}
