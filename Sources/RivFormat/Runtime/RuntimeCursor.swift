/// A cursor that reads bytes the way Rive's C++ runtime (`BinaryReader`) does, so
/// that the import model goes wrong exactly where the runtime does.
///
/// Differences from the strict ``ByteReader``: a failed read does not throw; it
/// records the failure and moves the cursor to the end, which ends the object
/// stream (the runtime's `overflow()` and `intRangeError()`); a varuint has no
/// length limit (bits shifted past 63 wrap, as on x86-64); a value that does not
/// fit the integer being read is a range error; and a string's length is
/// allocated before it is checked against the end of the file.
struct RuntimeCursor {
    /// Why reading stopped.
    enum Failure: Equatable {
        /// A value ran past the end of the file.
        case overflow
        /// A varuint did not fit the integer it was read into.
        case rangeError(value: UInt64, limit: UInt64)
    }

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    private(set) var position: Int
    /// The first failed read, with its offset; nil while every read succeeded.
    private(set) var failure: (kind: Failure, offset: Int)?
    /// True once any read ran past the end, including the reads that follow a range
    /// error (which moves the cursor to the end): the runtime's `didOverflow()`.
    private(set) var overflowed = false
    /// Set when a string's length ran past the end of the file: the runtime allocates
    /// that many bytes before it finds out.
    private(set) var oversizedString: (length: UInt64, offset: Int)?

    init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// True at the end of the file or after a failed read (the runtime's `reachedEnd()`).
    var isAtEnd: Bool { position >= bytes.count || failure != nil }

    /// The bytes left after the cursor.
    var remaining: Int { max(0, bytes.count - position) }

    private mutating func fail(_ kind: Failure, at offset: Int) {
        if failure == nil { failure = (kind, offset) }
        if kind == .overflow { overflowed = true }
        position = bytes.count
    }

    /// One byte; an overflow at the end.
    mutating func readByte() -> UInt8 {
        guard position < bytes.count else {
            fail(.overflow, at: position)
            return 0
        }
        defer { position += 1 }
        return bytes[position]
    }

    /// An unsigned LEB128 value of any length (the runtime's `readVarUint64`).
    mutating func readVarUInt64() -> UInt64 {
        let start = position
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var at = position
        while true {
            guard at < bytes.count else {
                fail(.overflow, at: start)
                return 0
            }
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << (shift & 63)
            shift += 7
            if byte & 0x80 == 0 { break }
        }
        position = at
        return value
    }

    /// A varuint that must not exceed `limit` (the runtime's `readVarUintAs<T>`);
    /// 0 after a failure.
    mutating func readVarUInt(limit: UInt64) -> UInt64 {
        let start = position
        let value = readVarUInt64()
        guard failure == nil else { return 0 }
        guard value <= limit else {
            fail(.rangeError(value: value, limit: limit), at: start)
            return 0
        }
        return value
    }

    /// Four bytes, little-endian.
    mutating func readUInt32() -> UInt32 {
        guard remaining >= 4 else {
            fail(.overflow, at: position)
            return 0
        }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[position + index]) << (8 * UInt32(index)) }
        position += 4
        return value
    }

    /// A string: a varuint length, then that many bytes, checked against the end.
    /// Returns the length asked for (the runtime allocates it before the check).
    @discardableResult
    mutating func skipString() -> UInt64 {
        let start = position
        let length = readVarUInt64()
        guard failure == nil else { return 0 }
        guard length <= UInt64(remaining) else {
            if oversizedString == nil { oversizedString = (length, start) }
            fail(.overflow, at: start)
            return length
        }
        position += Int(length)
        return length
    }

    /// Bytes: a varuint length, then that many bytes. The runtime does not check the
    /// length against the end of the file, but its next read does: a length past the
    /// end fails the import like a string's (checked against Rive's runtime).
    mutating func skipBytes() {
        let start = position
        let length = readVarUInt64()
        guard failure == nil else { return }
        guard length <= UInt64(remaining) else {
            fail(.overflow, at: start)
            return
        }
        position += Int(length)
    }

    /// Reads a value with the runtime's reading of `kind`; returns a varuint's value,
    /// a float's or colour's 32 bits, and 0 for a string or bytes.
    @discardableResult
    mutating func read(_ kind: Schema.RuntimeValue) -> UInt64 {
        switch kind {
        case .uint32: return readVarUInt(limit: UInt64(UInt32.max))
        case .byte: return UInt64(readByte())
        case .string: skipString()
        case .bytes: skipBytes()
        case .float32, .color: return UInt64(readUInt32())
        }
        return 0
    }
}
