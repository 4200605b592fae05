import RivImage

/// Reads the entropy-coded data of a scan bit by bit, most significant bit first: a 0xFF
/// byte is followed by a stuffed 0x00, and any other byte after 0xFF is a marker, where the
/// data stops. Past a marker or the end the reader supplies zero bits, and reading one of
/// them is an error: the data was cut short.
struct JPEGBitReader {
    private let bytes: [UInt8]
    /// The next byte to read.
    private(set) var position: Int
    private var buffer: UInt64 = 0
    private var count = 0
    /// How many of the buffered bits are zeros supplied past the data's end.
    private var padding = 0
    /// The offset of the marker (or the end) where the data stopped, once reached.
    private(set) var markerOffset: Int?

    init(_ bytes: [UInt8], at position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// The byte offset of the bits being read, for errors (the next byte not yet buffered).
    var offset: Int { position }

    /// Tops the buffer up to at least 57 bits.
    mutating func fill() {
        while count <= 56 {
            var byte: UInt8 = 0
            if markerOffset == nil, position < bytes.count {
                byte = bytes[position]
                if byte == 0xFF {
                    let next = position + 1 < bytes.count ? bytes[position + 1] : 0xD9
                    if next == 0 {
                        position += 2
                    } else {
                        markerOffset = position
                        byte = 0
                        padding += 8
                    }
                } else {
                    position += 1
                }
            } else {
                if markerOffset == nil { markerOffset = position }
                padding += 8
            }
            buffer |= UInt64(byte) << UInt64(56 - count)
            count += 8
        }
    }

    /// The next `n` bits (at most 16, after ``fill()``) without consuming them.
    func peek(_ n: Int) -> Int { Int(buffer >> UInt64(64 - n)) }

    /// Consumes `n` buffered bits.
    mutating func skip(_ n: Int) throws(ImageDecodingError) {
        buffer <<= UInt64(n)
        count -= n
        if count < padding {
            throw ImageDecodingError(.jpeg, .truncated, offset: markerOffset ?? position, "the scan's data ends before its last block")
        }
    }

    /// Reads `n` bits (0-16) as an unsigned number.
    mutating func bits(_ n: Int) throws(ImageDecodingError) -> Int {
        guard n > 0 else { return 0 }
        fill()
        let value = peek(n)
        try skip(n)
        return value
    }

    /// Reads `n` bits as a coefficient in JPEG's sign-magnitude form (T.81 F.2.2.1, EXTEND).
    mutating func signed(_ n: Int) throws(ImageDecodingError) -> Int {
        guard n > 0 else { return 0 }
        let value = try bits(n)
        return value < 1 << (n - 1) ? value - (1 << n) + 1 : value
    }

    /// Drops the buffered bits and reads the restart marker that must come next, RST`expected`.
    mutating func restart(expected: Int) throws(ImageDecodingError) {
        let at = end()
        buffer = 0
        count = 0
        padding = 0
        markerOffset = nil
        position = at
        guard position + 1 < bytes.count else {
            throw ImageDecodingError(.jpeg, .truncated, offset: position, "the data ends where restart marker RST\(expected) belongs")
        }
        guard bytes[position] == 0xFF, bytes[position + 1] == 0xD0 + UInt8(expected) else {
            throw ImageDecodingError(.jpeg, .badData, offset: position, "restart marker RST\(expected) expected, found \(hex(bytes[position])) \(hex(bytes[position + 1]))")
        }
        position += 2
    }

    /// The marker after the data read (bytes between are skipped, as libjpeg does), or the end.
    func end() -> Int {
        if let markerOffset { return markerOffset }
        var at = position
        while at + 1 < bytes.count, !(bytes[at] == 0xFF && bytes[at + 1] != 0 && bytes[at + 1] != 0xFF) { at += 1 }
        return at + 1 < bytes.count ? at : bytes.count
    }
}

/// A byte as two upper-case hex digits.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}
