import RivImage

/// Reads a VP8L bit stream, least significant bit first. Past the data's end it supplies
/// zero bits, and reading one of them is an error: the data was cut short.
struct VP8LBitReader {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    private var buffer: UInt64 = 0
    private var count = 0
    private var padding = 0

    /// A reader of `bytes[range]`; offsets in errors are positions in `bytes`.
    init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    /// The byte offset being read, for errors.
    var offset: Int { position }

    /// Tops the buffer up to at least 57 bits.
    @inline(__always)
    mutating func fill() {
        while count <= 56 {
            if position < end {
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
            } else {
                padding += 8
            }
            count += 8
        }
    }

    /// The buffered bits, lowest first (after ``fill()``).
    var peek: UInt64 { buffer }

    /// Consumes `n` buffered bits.
    @inline(__always)
    mutating func skip(_ n: Int) throws(ImageDecodingError) {
        buffer >>= UInt64(n)
        count -= n
        if count < padding { throw ImageDecodingError(.webp, .truncated, offset: end, "the image data ends before the image does") }
    }

    /// Reads `n` bits (0-32) as an unsigned number.
    mutating func bits(_ n: Int) throws(ImageDecodingError) -> Int {
        fill()
        let value = Int(buffer & (1 << UInt64(n) - 1))
        try skip(n)
        return value
    }
}
