/// Random access to a few bytes of an asset's embedded contents at a time, for
/// reading format headers (image sizes, font names) without mapping the file.
struct EmbeddedBytesReader {
    let storage: ByteStorage
    let range: Range<Int>

    /// The number of embedded bytes.
    var count: Int { range.count }

    /// The bytes at `offset..<offset + length` of the contents; nil when they run past the end.
    func bytes(at offset: Int, count length: Int) -> [UInt8]? {
        guard offset >= 0, length >= 0, offset <= count - length else { return nil }
        return storage.copy(of: (range.lowerBound + offset)..<(range.lowerBound + offset + length))
    }
}

extension Array where Element == UInt8 {
    /// The big-endian unsigned integer of `width` bytes at `offset`.
    package func bigEndian(at offset: Int, width: Int) -> Int {
        (0..<width).reduce(0) { $0 << 8 | Int(self[offset + $1]) }
    }

    /// The little-endian unsigned integer of `width` bytes at `offset`.
    package func littleEndian(at offset: Int, width: Int) -> Int {
        (0..<width).reversed().reduce(0) { $0 << 8 | Int(self[offset + $1]) }
    }
}
