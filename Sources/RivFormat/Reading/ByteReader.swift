/// A bounds-checked cursor over a file's bytes: all of them in memory, or a
/// ``FileWindow`` that it refills as it goes, so that skipped bytes are never read.
///
/// Every read either succeeds inside the input or throws a failure that names the
/// offset where it failed; both kinds of input give the same results and the same
/// failures. No read allocates memory sized by anything but the value asked for.
///
/// Copies of a windowed reader share its window, so only one copy may be read
/// from: the one the read is handed on to (header, then object stream).
struct ByteReader {
    /// The bytes in memory: the whole input, or the stretch the window holds now.
    private var bytes: UnsafeRawBufferPointer
    /// The input offset of `bytes[0]`.
    private var base = 0
    /// The size of the input.
    let count: Int
    /// The offset of the next byte to read.
    var offset: Int
    private let window: FileWindow?

    /// A reader over bytes in memory.
    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        count = bytes.count
        self.offset = offset
        window = nil
    }

    /// A reader over a file that loads it through `window` as it goes.
    init(window: FileWindow, offset: Int = 0) {
        bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        count = window.fileSize
        self.offset = offset
        self.window = window
    }

    var isAtEnd: Bool { offset >= count }
    var remaining: Int { count - offset }

    /// The byte at `position`, which must lie inside the input.
    @inline(__always)
    private mutating func byte(at position: Int) throws(ReadFailure) -> UInt8 {
        let index = position &- base
        if index >= 0 && index < bytes.count { return bytes[index] }
        try load(position, 1)
        return bytes[0]
    }

    /// Brings `length` bytes from `position` into memory; they must lie inside the
    /// input and, for a windowed reader, fit in the window.
    private mutating func load(_ position: Int, _ length: Int) throws(ReadFailure) {
        guard let window else { throw ReadFailure(.truncated, at: position) }
        // Emptied first: a load that fails has already overwritten the buffer.
        bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        bytes = try window.load(at: position, atLeast: length)
        base = position
    }

    /// Reads an unsigned LEB128 value of at most 10 bytes (64 bits).
    @inline(__always)
    mutating func readVarUInt() throws(ReadFailure) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < count else { throw ReadFailure(.truncated, at: start) }
            let byte = try byte(at: offset)
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
        let index = offset &- base
        if index >= 0 && index < bytes.count && bytes[index] < 0x80 {
            offset += 1
            return UInt16(bytes[index])
        }
        let value = try readVarUInt()
        guard value <= UInt64(UInt16.max) else { throw ReadFailure(.keyTooLarge(value), at: start) }
        return UInt16(value)
    }

    /// Reads a little-endian 32-bit value.
    mutating func readUInt32() throws(ReadFailure) -> UInt32 {
        guard remaining >= 4 else { throw ReadFailure(.truncated, at: offset) }
        var value: UInt32 = 0
        for shift in 0..<4 { value |= UInt32(try byte(at: offset + shift)) << (shift * 8) }
        offset += 4
        return value
    }

    /// Skips `count` bytes, without reading them, and returns the range they occupy.
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

    /// Lends `body` the bytes of `range`, which must lie inside the input: straight
    /// from memory when they are there, otherwise loaded into the window, or read
    /// into a buffer of their own when they are larger than the window.
    mutating func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) throws(ReadFailure) -> Result {
        let index = range.lowerBound &- base
        if index >= 0 && index + range.count <= bytes.count {
            return body(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + range.count)]))
        }
        guard let window, range.lowerBound >= 0, range.upperBound <= count else { throw ReadFailure(.truncated, at: range.lowerBound) }
        if range.count <= window.capacity {
            try load(range.lowerBound, range.count)
            return body(UnsafeRawBufferPointer(rebasing: bytes[0..<range.count]))
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: range.count, alignment: 1)
        defer { buffer.deallocate() }
        try window.read(at: range.lowerBound, into: buffer)
        return body(UnsafeRawBufferPointer(buffer))
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
