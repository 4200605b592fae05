/// The CRC-32 of ISO 3309 / ITU-T V.42 that PNG chunks end with
/// (reflected polynomial 0xEDB88320, initial value and final xor 0xFFFFFFFF).
enum CRC32 {
    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }
}
