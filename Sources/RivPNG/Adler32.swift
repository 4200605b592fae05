/// The Adler-32 checksum that closes a zlib stream (RFC 1950).
public enum Adler32 {
    private static let modulus: UInt32 = 65521
    /// The most bytes that can be summed before the 32-bit sums must be reduced.
    private static let run = 5552

    /// The checksum of `bytes`.
    public static func checksum<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        var pending = 0
        for byte in bytes {
            low &+= UInt32(byte)
            high &+= low
            pending += 1
            if pending == run {
                low %= modulus
                high %= modulus
                pending = 0
            }
        }
        return (high % modulus) << 16 | (low % modulus)
    }
}
