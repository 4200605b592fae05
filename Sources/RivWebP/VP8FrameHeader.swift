import RivImage
import RivSupport

/// The start of a VP8 (lossy) chunk, read by RivSupport's `WebPHeaderFields.Lossy`: a key
/// frame with its start code and a size of at least one pixel each way is decoded.
enum VP8FrameHeader {
    /// The image's width and height.
    static func size(_ bytes: [UInt8], _ chunk: WebPContainer.Chunk) throws(ImageDecodingError) -> (Int, Int) {
        let d = chunk.data.lowerBound
        guard let header = WebPHeaderFields.Lossy(chunkData: bytes[chunk.data]) else {
            throw ImageDecodingError(.webp, .truncated, offset: chunk.offset, "a VP8 chunk of \(chunk.data.count) bytes")
        }
        guard header.isKeyFrame, header.hasStartCode else {
            throw ImageDecodingError(.webp, .malformed, offset: d, "a VP8 chunk that is not a key frame with its start code")
        }
        guard header.width > 0, header.height > 0 else {
            throw ImageDecodingError(.webp, .malformed, offset: d + 6, "a VP8 frame of \(header.width)x\(header.height) pixels")
        }
        return (header.width, header.height)
    }
}
