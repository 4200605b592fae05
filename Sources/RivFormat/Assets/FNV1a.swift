/// The 64-bit FNV-1a hash, used to fingerprint embedded asset bytes.
public enum FNV1a {
    /// The hash of no bytes.
    public static let emptyHash: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of `bytes`; pass the hash so far as `start` to continue over several buffers.
    public static func hash(_ bytes: UnsafeRawBufferPointer, continuing start: UInt64 = emptyHash) -> UInt64 {
        var hash = start
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// The hash as 16 lower-case hex digits.
    public static func hexString(_ hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
