import RivImage

/// Decodes VP8L (lossless) image streams: transforms, colour cache, meta prefix codes and
/// LZ77 copies, to ARGB pixels (alpha in the top byte). See the WebP lossless bitstream
/// specification (RFC 9649).
struct VP8LDecoder {
    var reader: VP8LBitReader
    /// The bytes the decode may still allocate for pixels and prefix codes, across all its sub-images.
    private var allowance: Int

    init(reader: VP8LBitReader, allowance: Int) {
        self.reader = reader
        self.allowance = allowance
    }

    /// Takes `bytes` from the allowance, or fails when it has fewer left.
    private mutating func allocate(_ bytes: Int, _ what: String) throws(ImageDecodingError) {
        guard bytes <= allowance else {
            throw ImageDecodingError(.webp, .tooLarge, offset: reader.offset, "\(what) need more memory than the image's size allows")
        }
        allowance -= bytes
    }

    /// The five codes of one prefix-code group.
    private struct Group {
        let green: VP8LPrefixCode, red: VP8LPrefixCode, blue: VP8LPrefixCode, alpha: VP8LPrefixCode, distance: VP8LPrefixCode
    }

    /// `value` divided by 2^`bits`, rounded up.
    static func blocks(_ value: Int, _ bits: Int) -> Int { (value + (1 << bits) - 1) >> bits }

    /// Decodes an image stream of `width` x `height` pixels; the main image (`main`) may have
    /// transforms and meta prefix codes, the entropy, transform and palette sub-images have not.
    mutating func decodeImage(width: Int, height: Int, main: Bool) throws(ImageDecodingError) -> [UInt32] {
        var transforms: [VP8LTransform] = []
        var packedWidth = width
        if main {
            var seen = Set<Int>()
            while try reader.bits(1) == 1 {
                let at = reader.offset
                let type = try reader.bits(2)
                guard seen.insert(type).inserted else { throw ImageDecodingError(.webp, .badData, offset: at, "transform \(type) is given twice") }
                switch type {
                case 0, 1:
                    let bits = try reader.bits(3) + 2
                    let data = try decodeImage(width: Self.blocks(packedWidth, bits), height: Self.blocks(height, bits), main: false)
                    transforms.append(type == 0 ? .predictor(bits: bits, data: data, width: packedWidth)
                                                : .crossColour(bits: bits, data: data, width: packedWidth))
                case 2:
                    transforms.append(.subtractGreen)
                default:
                    let count = try reader.bits(8) + 1
                    let bits = count > 16 ? 0 : count > 4 ? 1 : count > 2 ? 2 : 3
                    var palette = try decodeImage(width: count, height: 1, main: false)
                    for k in 1..<max(1, palette.count) { palette[k] = VP8LTransform.add(palette[k], palette[k - 1]) }
                    transforms.append(.colourIndexing(bits: bits, palette: palette, width: packedWidth))
                    packedWidth = Self.blocks(packedWidth, bits)
                }
            }
        }
        var cacheBits = 0
        if try reader.bits(1) == 1 {
            let at = reader.offset
            cacheBits = try reader.bits(4)
            guard (1...11).contains(cacheBits) else { throw ImageDecodingError(.webp, .badData, offset: at, "a colour cache of \(cacheBits) bits") }
        }
        var groupBits = 0, groupImage: [UInt32] = [], groupsWide = 0
        if main, try reader.bits(1) == 1 {
            groupBits = try reader.bits(3) + 2
            groupsWide = Self.blocks(packedWidth, groupBits)
            groupImage = try decodeImage(width: groupsWide, height: Self.blocks(height, groupBits), main: false)
        }
        // Groups no pixel names are read (their codes are in the stream) and dropped.
        let named = groupImage.map { Int($0 >> 8 & 0xFFFF) }
        let count = (named.max() ?? 0) + 1
        var isNamed = [Bool](repeating: named.isEmpty, count: count)
        for index in named { isNamed[index] = true }
        var dense = [Int](repeating: -1, count: count)
        var used = 0
        for index in 0..<count where isNamed[index] { dense[index] = used; used += 1 }
        var groups: [Group] = []
        for index in 0..<count {
            let group = try readGroup(cacheBits: cacheBits)
            if dense[index] >= 0 { groups.append(group) }
        }
        let groupOf = dense
        var pixels = try decodePixels(width: packedWidth, height: height, cacheBits: cacheBits, groupBits: groupImage.isEmpty ? nil : groupBits) { x, y in
            groupImage.isEmpty ? groups[0] : groups[groupOf[Int(groupImage[(y >> groupBits) * groupsWide + (x >> groupBits)] >> 8 & 0xFFFF)]]
        }
        for transform in transforms.reversed() { pixels = transform.inverse(pixels, height: height) }
        return pixels
    }

    private mutating func readGroup(cacheBits: Int) throws(ImageDecodingError) -> Group {
        let green = try VP8LPrefixCode(reading: &reader, alphabetSize: 256 + 24 + (cacheBits > 0 ? 1 << cacheBits : 0))
        let red = try VP8LPrefixCode(reading: &reader, alphabetSize: 256)
        let blue = try VP8LPrefixCode(reading: &reader, alphabetSize: 256)
        let alpha = try VP8LPrefixCode(reading: &reader, alphabetSize: 256)
        let distance = try VP8LPrefixCode(reading: &reader, alphabetSize: 40)
        try allocate([green, red, blue, alpha, distance].reduce(0) { $0 + $1.byteCount }, "the prefix codes")
        return Group(green: green, red: red, blue: blue, alpha: alpha, distance: distance)
    }

    /// A length or distance from its prefix symbol and extra bits.
    private mutating func prefixValue(_ symbol: Int) throws(ImageDecodingError) -> Int {
        guard symbol >= 4 else { return symbol + 1 }
        let extra = (symbol - 2) >> 1
        return ((2 + symbol & 1) << extra) + (try reader.bits(extra)) + 1
    }

    /// The (x, y) offsets of distance codes 1-120, nearest first (VP8L spec, 4.2.2).
    private static let nearby: [(Int, Int)] = [
        (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2), (-1, 2), (2, 1), (-2, 1), (2, 2), (-2, 2),
        (0, 3), (3, 0), (1, 3), (-1, 3), (3, 1), (-3, 1), (2, 3), (-2, 3), (3, 2), (-3, 2), (0, 4), (4, 0),
        (1, 4), (-1, 4), (4, 1), (-4, 1), (3, 3), (-3, 3), (2, 4), (-2, 4), (4, 2), (-4, 2), (0, 5), (3, 4),
        (-3, 4), (4, 3), (-4, 3), (5, 0), (1, 5), (-1, 5), (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2),
        (4, 4), (-4, 4), (3, 5), (-3, 5), (5, 3), (-5, 3), (0, 6), (6, 0), (1, 6), (-1, 6), (6, 1), (-6, 1),
        (2, 6), (-2, 6), (6, 2), (-6, 2), (4, 5), (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6), (6, 3), (-6, 3),
        (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5), (-5, 5), (7, 1), (-7, 1), (4, 6), (-4, 6), (6, 4), (-6, 4),
        (2, 7), (-2, 7), (7, 2), (-7, 2), (3, 7), (-3, 7), (7, 3), (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5),
        (8, 0), (4, 7), (-4, 7), (7, 4), (-7, 4), (8, 1), (8, 2), (6, 6), (-6, 6), (8, 3), (5, 7), (-5, 7),
        (7, 5), (-7, 5), (8, 4), (6, 7), (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7), (-7, 7), (8, 6), (8, 7),
    ]

    /// The entropy-coded pixels: literals, colour-cache hits and backward copies. The codes
    /// are those of the group of the pixel's block (`groupBits`; nil: one group for all),
    /// looked up when a block starts or a copy ends.
    private mutating func decodePixels(width: Int, height: Int, cacheBits: Int, groupBits: Int?,
                                       group: (Int, Int) -> Group) throws(ImageDecodingError) -> [UInt32] {
        let total = width * height
        // The pixels, and a transform's copy of them.
        try allocate(8 * total, "the \(width)x\(height) pixels of an image stream")
        var pixels = [UInt32](repeating: 0, count: total)
        var cache = [UInt32](repeating: 0, count: cacheBits > 0 ? 1 << cacheBits : 0)
        let shift = UInt32(32 - cacheBits)
        var position = 0, cached = 0
        var x = 0, y = 0
        let blockMask = groupBits.map { (1 << $0) - 1 }
        var codes = group(0, 0), stale = false
        while position < total {
            if let blockMask, stale || x & blockMask == 0 {
                codes = group(x, y)
                stale = false
            }
            let at = reader.offset
            let green = try codes.green.read(&reader)
            if green < 256 {
                let red = try codes.red.read(&reader), blue = try codes.blue.read(&reader), alpha = try codes.alpha.read(&reader)
                pixels[position] = UInt32(alpha << 24 | red << 16 | green << 8 | blue)
                position += 1
                x += 1
            } else if green < 280 {
                let length = try prefixValue(green - 256)
                let code = try prefixValue(try codes.distance.read(&reader))
                var distance = code - 120
                if code <= 120 {
                    let (dx, dy) = Self.nearby[code - 1]
                    distance = max(1, dx + dy * width)
                }
                guard distance <= position, length <= total - position else {
                    throw ImageDecodingError(.webp, .badData, offset: at, "a copy of \(length) pixels from \(distance) back at pixel \(position) of \(total)")
                }
                for k in 0..<length { pixels[position + k] = pixels[position + k - distance] }
                position += length
                x = position % width
                y = position / width
                stale = true
                continue
            } else {
                let index = green - 280
                while cached < position {
                    cache[Int((pixels[cached] &* 0x1E35_A7BD) >> shift)] = pixels[cached]
                    cached += 1
                }
                pixels[position] = cache[index]
                position += 1
                x += 1
            }
            if x == width {
                x = 0
                y += 1
            }
        }
        return pixels
    }
}
