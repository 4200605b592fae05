/// The Adler-32 checksum that closes a zlib stream (RFC 1950).
enum Adler32 {
    private static let modulus: UInt32 = 65521

    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        for byte in bytes {
            low = (low + UInt32(byte)) % modulus
            high = (high + low) % modulus
        }
        return high << 16 | low
    }
}
