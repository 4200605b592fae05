/// Collects bits first-bit-lowest into bytes, as deflate writes them.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(reservingCapacity capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends the low `bitCount` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: Int, _ bitCount: Int) {
        buffer |= UInt64(truncatingIfNeeded: value) << UInt64(count)
        count += bitCount
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Pads with zero bits to a byte boundary.
    mutating func alignToByte() {
        if count > 0 { write(0, 8 - count) }
    }

    /// Appends whole bytes (after `alignToByte`).
    mutating func append<Bytes: Sequence>(bytes more: Bytes) where Bytes.Element == UInt8 { bytes.append(contentsOf: more) }
}
