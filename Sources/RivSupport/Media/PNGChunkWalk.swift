/// Where a PNG's own end lies: the chunks after the signature, followed by their
/// lengths alone (each is a 4-byte big-endian length, a 4-byte type, the data and
/// a 4-byte CRC), up to the end of the `IEND` chunk. Nothing is allocated and
/// every byte is passed over at most once; CRCs are not checked (RivPNG's reader
/// checks them). Bytes after `IEND` are not part of the image.
package enum PNGChunkWalk {
    /// The eight bytes every PNG starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The type of the last chunk of every PNG.
    package static let endType: [UInt8] = [0x49, 0x45, 0x4E, 0x44]
    /// PNG's largest chunk length, 2^31 - 1.
    package static let maximumLength = 0x7FFF_FFFF

    /// The offset just past the CRC of the first `IEND` chunk of `bytes`; nil when
    /// they do not start with the signature, a chunk runs past their end (the file
    /// is cut, or still being written), or a length is over PNG's 2^31 - 1.
    package static func endOfImage<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> Int? where Bytes.Index == Int {
        let start = bytes.startIndex
        guard bytes.count >= signature.count, signature.indices.allSatisfy({ bytes[start + $0] == signature[$0] }) else { return nil }
        var offset = signature.count
        // Each pass moves at least 12 bytes on, so the walk ends within count / 12 passes.
        while bytes.count - offset >= 12 {
            let length = bytes.bigEndian(at: offset, width: 4)
            guard length <= maximumLength, length <= bytes.count - offset - 12 else { return nil }
            let end = offset + 12 + length
            if endType.indices.allSatisfy({ bytes[start + offset + 4 + $0] == endType[$0] }) { return end }
            offset = end
        }
        return nil
    }
}
