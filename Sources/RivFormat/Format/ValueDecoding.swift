/// Decoding of property values from their byte ranges.
extension UnsafeRawBufferPointer {
    /// The LEB128 value stored in `range` (a `.varUInt` property's value range).
    func varUIntValue(in range: Range<Int>) -> UInt64 {
        var reader = ByteReader(UnsafeRawBufferPointer(rebasing: self[..<range.upperBound]), offset: range.lowerBound)
        return (try? reader.readVarUInt()) ?? 0
    }

    /// The UTF-8 string stored in `range`; invalid sequences become U+FFFD.
    func stringValue(in range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: self[range]), as: UTF8.self)
    }

    /// The little-endian 32-bit value stored in `range` (a `.float32` or `.color` property).
    func uint32Value(in range: Range<Int>) -> UInt32 {
        var value: UInt32 = 0
        for (shift, byte) in self[range].prefix(4).enumerated() { value |= UInt32(byte) << (shift * 8) }
        return value
    }

    /// The float stored in `range` (a `.float32` property).
    func float32Value(in range: Range<Int>) -> Float {
        Float(bitPattern: uint32Value(in: range))
    }
}
