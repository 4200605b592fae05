/// One chunk of a PNG file: its four-letter type, where it starts in the file, and its data.
public struct PNGChunk: Sendable {
    /// The four-letter chunk type, e.g. `IHDR`.
    public let type: String
    /// The byte offset of the chunk (its length field) in the file.
    public let offset: Int
    /// The chunk's data, between the type and the CRC.
    public let data: ArraySlice<UInt8>

    /// True when the first letter is upper case: a decoder must understand the chunk to show the image.
    public var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? false }

    /// The byte offset of the chunk's data in the file.
    var dataOffset: Int { offset + 8 }

    /// The chunks of `bytes` after the signature, each with its CRC checked, through IEND.
    /// Bytes after IEND are ignored (they are not part of the image).
    static func chunks(of bytes: [UInt8]) throws(PNGError) -> [PNGChunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGFile.signature else {
            throw PNGError(.notPNG, chunk: "", offset: 0, "the first 8 bytes are not the PNG signature")
        }
        var chunks: [PNGChunk] = []
        var offset = 8
        while true {
            guard offset + 8 <= bytes.count else {
                throw PNGError(.truncated, chunk: "", offset: offset,
                               chunks.isEmpty ? "the file ends after the signature" : "the file ends before IEND")
            }
            let length = Int(bigEndian32(bytes, offset))
            let typeBytes = bytes[offset + 4..<offset + 8]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw PNGError(.badChunk, chunk: "", offset: offset + 4,
                               "chunk type bytes \(typeBytes.map { String($0) }.joined(separator: " ")) are not four ASCII letters")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else {
                throw PNGError(.badChunk, chunk: type, offset: offset, "length \(length) is over 2^31-1")
            }
            guard length <= bytes.count - offset - 12 else {
                throw PNGError(.truncated, chunk: type, offset: offset,
                               "length \(length) runs past the end of the file (\(bytes.count - offset - 12) bytes left for data)")
            }
            let end = offset + 8 + length
            let stored = bigEndian32(bytes, end)
            let computed = CRC32.checksum(bytes[offset + 4..<end])
            guard stored == computed else {
                throw PNGError(.badCRC, chunk: type, offset: offset, "CRC is \(hex(stored)); the chunk's is \(hex(computed))")
            }
            chunks.append(PNGChunk(type: type, offset: offset, data: bytes[offset + 8..<end]))
            if type == "IEND" { return chunks }
            offset = end + 4
        }
    }
}
