/// The integer and text encodings the payload builders write.
extension Array where Element == UInt8 {
    /// Appends `value` most significant byte first (PNG, TrueType, FLAC, JPEG).
    mutating func appendBigEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: Value.bitWidth - 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends `value` least significant byte first (WAV).
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends the UTF-8 bytes of `text` (four-character codes, magic strings).
    mutating func appendASCII(_ text: String) {
        append(contentsOf: text.utf8)
    }
}
