import RivPNG

/// A zlib stream (RFC 1950) of one fixed-Huffman deflate block (RFC 1951) whose
/// only matches repeat the previous byte (distance 1): tiny for images of flat
/// rows, so a benchmark can hold a PNG of hundreds of megabytes decoded in a
/// file of about one. Not an encoder for anything else.
enum RunLengthDeflate {
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes = [0x78, 0x01]
        writer.write(1, count: 1)                              // BFINAL
        writer.write(1, count: 2)                              // BTYPE 01: fixed Huffman codes
        var index = 0
        while index < data.count {
            var run = 0
            if index > 0 {
                while run < 258, index + run < data.count, data[index + run] == data[index - 1] { run += 1 }
            }
            if run >= 3 {
                writer.writeLength(run)
                writer.writeCode(0, length: 5)                 // distance code 0: distance 1
                index += run
            } else {
                writer.writeLiteral(Int(data[index]))
                index += 1
            }
        }
        writer.writeCode(0, length: 7)                         // end of block (256)
        writer.flush()
        writer.bytes.appendBigEndian(Adler32.checksum(data))
        return writer.bytes
    }

    /// Bits packed from the least significant end, as deflate stores them.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer: UInt64 = 0
        private var used = 0

        mutating func write(_ value: Int, count: Int) {
            buffer |= UInt64(value) << UInt64(used)
            used += count
            while used >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                used -= 8
            }
        }

        /// A Huffman code, most significant bit first.
        mutating func writeCode(_ code: Int, length: Int) {
            var reversed = 0
            for bit in 0..<length { reversed |= (code >> bit & 1) << (length - 1 - bit) }
            write(reversed, count: length)
        }

        mutating func writeLiteral(_ value: Int) {
            if value < 144 { writeCode(0x30 + value, length: 8) } else { writeCode(0x190 + value - 144, length: 9) }
        }

        /// A match length of 3...258: its length code (257...285) and extra bits.
        mutating func writeLength(_ length: Int) {
            let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
            let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
            let slot = bases.lastIndex { $0 <= length }!
            let code = 257 + slot
            if code < 280 { writeCode(code - 256, length: 7) } else { writeCode(0xC0 + code - 280, length: 8) }
            write(length - bases[slot], count: extras[slot])
        }

        mutating func flush() {
            if used > 0 { write(0, count: 8 - used) }
        }
    }
}
