import Testing
import RivFormat

@Suite("XXH64")
struct XXH64Tests {
    /// Values from the reference implementation (Python's `xxhash.xxh64(data).hexdigest()`).
    static let vectors: [(bytes: [UInt8], hash: String)] = [
        ([], "ef46db3751d8e999"),
        (Array("a".utf8), "d24ec4f1a98c6e5b"),
        (Array("abc".utf8), "44bc2cf5ad770999"),
        (Array("The quick brown fox jumps over the lazy dog".utf8), "0b242d361fda71bc"),
        (Array(repeating: UInt8(ascii: "x"), count: 31), "60dd0d01083b99f0"),
        (Array(repeating: UInt8(ascii: "x"), count: 32), "e2df261fc2ec30eb"),
        (Array((0..<5).flatMap { _ in (0...255).map(UInt8.init) }), "afc184ad7938a354"),
        ((0..<100_000).map { UInt8($0 % 251) }, "4cf75ee72cd8f4cc"),
    ]

    @Test("one-shot hashes match the reference implementation")
    func oneShot() {
        for vector in Self.vectors {
            #expect(XXH64.hexString(XXH64.hash(vector.bytes)) == vector.hash, "\(vector.bytes.count) bytes")
        }
    }

    @Test("streaming in uneven pieces gives the one-shot hash", arguments: [1, 7, 31, 32, 33, 4096])
    func streaming(pieceSize: Int) {
        for vector in Self.vectors {
            var hasher = XXH64()
            var start = 0
            while start < vector.bytes.count {
                let end = min(start + pieceSize, vector.bytes.count)
                vector.bytes[start..<end].withUnsafeBytes { hasher.update($0) }
                start = end
            }
            #expect(XXH64.hexString(hasher.digest) == vector.hash, "\(vector.bytes.count) bytes in pieces of \(pieceSize)")
        }
    }
}
