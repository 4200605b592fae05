import RivImage

/// The start of a VP8 (lossy) chunk: the frame tag (a key frame, its first partition's size),
/// the start code 9D 01 2A and the 14-bit width and height (RFC 6386, 9.1).
enum VP8FrameHeader {
    /// The image's width and height.
    static func size(_ bytes: [UInt8], _ chunk: WebPContainer.Chunk) throws(ImageDecodingError) -> (Int, Int) {
        let d = chunk.data.lowerBound
        guard chunk.data.count >= 10 else { throw ImageDecodingError(.webp, .truncated, offset: chunk.offset, "a VP8 chunk of \(chunk.data.count) bytes") }
        guard bytes[d] & 1 == 0, bytes[d + 3] == 0x9D, bytes[d + 4] == 0x01, bytes[d + 5] == 0x2A else {
            throw ImageDecodingError(.webp, .malformed, offset: d, "a VP8 chunk that is not a key frame with its start code")
        }
        let width = Int(bytes[d + 6]) | Int(bytes[d + 7] & 0x3F) << 8, height = Int(bytes[d + 8]) | Int(bytes[d + 9] & 0x3F) << 8
        guard width > 0, height > 0 else { throw ImageDecodingError(.webp, .malformed, offset: d + 6, "a VP8 frame of \(width)x\(height) pixels") }
        return (width, height)
    }
}
