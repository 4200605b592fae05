/// The CRC-32 that ends every PNG chunk (ISO 3309: reflected polynomial 0xEDB88320,
/// initial value and final xor 0xFFFFFFFF), computed 8 bytes a step (slicing-by-8).
public enum CRC32 {
    /// Eight tables of 256: table `k` gives the CRC of a byte followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = (0..<256).map { index in
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            return crc
        }
        for index in 256..<8 * 256 {
            let previous = tables[index - 256]
            tables.append(tables[Int(previous & 0xFF)] ^ (previous >> 8))
        }
        return tables
    }()

    /// The checksum of `bytes`.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable(checksum) { return crc }
        return checksum(Array(bytes))
    }

    private static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { tables in
            let table = tables.baseAddress!
            guard var next = bytes.baseAddress else { return }
            let end = next + bytes.count
            while end - next >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(next).loadUnaligned(as: UInt64.self)) ^ UInt64(crc)
                crc = table[7 * 256 + Int(word & 0xFF)] ^ table[6 * 256 + Int(word >> 8 & 0xFF)]
                    ^ table[5 * 256 + Int(word >> 16 & 0xFF)] ^ table[4 * 256 + Int(word >> 24 & 0xFF)]
                    ^ table[3 * 256 + Int(word >> 32 & 0xFF)] ^ table[2 * 256 + Int(word >> 40 & 0xFF)]
                    ^ table[256 + Int(word >> 48 & 0xFF)] ^ table[Int(word >> 56)]
                next += 8
            }
            while next < end {
                crc = table[Int((crc ^ UInt32(next.pointee)) & 0xFF)] ^ (crc >> 8)
                next += 1
            }
        }
        return ~crc
    }
}
