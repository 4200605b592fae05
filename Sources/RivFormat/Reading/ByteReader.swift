/// A bounds-checked cursor over a file's bytes.
///
/// Every read either succeeds inside the buffer or throws a ``RivError`` that
/// names the offset where it failed; no read allocates memory sized by the input.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= bytes.count }
    var remaining: Int { bytes.count - offset }

    /// Reads an unsigned LEB128 value of at most 10 bytes (64 bits).
    @inline(__always)
    mutating func readVarUInt() throws(ReadFailure) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw ReadFailure(.truncated, at: start) }
            let byte = bytes[offset]
            offset += 1
            if shift == 63 && byte > 1 { throw ReadFailure(.varUIntTooLong, at: start) }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw ReadFailure(.varUIntTooLong, at: start) }
        }
    }

    /// Reads a LEB128 key (a type or property key), which must fit in 16 bits.
    @inline(__always)
    mutating func readKey() throws(ReadFailure) -> UInt16 {
        let start = offset
        if offset < bytes.count, bytes[offset] < 0x80 {
            offset += 1
            return UInt16(bytes[start])
        }
        let value = try readVarUInt()
        guard value <= UInt64(UInt16.max) else { throw ReadFailure(.keyTooLarge(value), at: start) }
        return UInt16(value)
    }

    /// Reads a little-endian 32-bit value.
    mutating func readUInt32() throws(ReadFailure) -> UInt32 {
        guard remaining >= 4 else { throw ReadFailure(.truncated, at: offset) }
        let value = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        offset += 4
        return value
    }

    /// Skips `count` bytes and returns the range they occupy.
    @inline(__always)
    mutating func skip(_ count: Int) throws(ReadFailure) -> Range<Int> {
        guard remaining >= count else { throw ReadFailure(.truncated, at: offset) }
        let range = offset..<(offset + count)
        offset += count
        return range
    }

    /// Reads a varuint length prefix and returns the range of the bytes that follow it.
    @inline(__always)
    mutating func readLengthPrefixed() throws(ReadFailure) -> Range<Int> {
        let start = offset
        let length = try readVarUInt()
        guard length <= UInt64(remaining) else {
            throw ReadFailure(.lengthPastEnd(length: length, available: remaining), at: start)
        }
        return try skip(Int(length))
    }
}

/// A low-level read failure; the object stream turns it into a ``RivError`` with context.
struct ReadFailure: Error {
    var reason: RivError.Reason
    var offset: Int

    init(_ reason: RivError.Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }
}
