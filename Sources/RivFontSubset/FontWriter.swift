/// Big-endian appends for building a table.
struct FontWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }

    mutating func u16(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func u32(_ value: Int) {
        u16(value >> 16)
        u16(value)
    }

    mutating func append<Bytes: Sequence>(_ more: Bytes) where Bytes.Element == UInt8 { bytes.append(contentsOf: more) }

    /// Pads with zeros to a multiple of `alignment`.
    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    /// Overwrites the 32-bit value at `offset`.
    mutating func set32(_ offset: Int, _ value: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
    }

    /// Overwrites the 16-bit value at `offset`.
    mutating func set16(_ offset: Int, _ value: Int) {
        bytes[offset] = UInt8(truncatingIfNeeded: value >> 8)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: value)
    }
}
