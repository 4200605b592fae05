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
