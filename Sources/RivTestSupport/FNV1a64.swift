/// FNV-1a 64, the hash `expected.jsonl` records for each file and embedded asset
/// (`fileFnv1a64`, `embeddedFnv1a64`), so tests can compare with it. The package
/// itself hashes with `XXH64`; this is for reading the corpus's expectations only.
public enum FNV1a64 {
    /// The hash of `bytes` as 16 lower-case hex digits.
    public static func hexString(_ bytes: UnsafeRawBufferPointer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
