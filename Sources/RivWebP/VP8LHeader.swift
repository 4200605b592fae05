import RivImage

/// The five-byte header of a VP8L chunk: signature 0x2F, 14-bit width and height less one,
/// the alpha hint and a 3-bit version that must be 0.
enum VP8LHeader {
    static func size(_ bytes: [UInt8], _ chunk: WebPContainer.Chunk) throws(ImageDecodingError) -> (Int, Int) {
        let d = chunk.data.lowerBound
        guard chunk.data.count >= 5 else { throw ImageDecodingError(.webp, .truncated, offset: chunk.offset, "a VP8L chunk of \(chunk.data.count) bytes") }
        let bits = WebPContainer.uint32(bytes, d + 1)
        guard bytes[d] == 0x2F, bits >> 29 == 0 else {
            throw ImageDecodingError(.webp, .malformed, offset: d, "a VP8L header with signature \(bytes[d]) and version \(bits >> 29)")
        }
        return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
    }
}
