import RivImage
import RivSupport

/// The five-byte header of a VP8L chunk, read by RivSupport's `WebPHeaderFields.Lossless`:
/// a sound signature and version 0 are decoded.
enum VP8LHeader {
    static func size(_ bytes: [UInt8], _ chunk: WebPContainer.Chunk) throws(ImageDecodingError) -> (Int, Int) {
        guard let header = WebPHeaderFields.Lossless(chunkData: bytes[chunk.data]) else {
            throw ImageDecodingError(.webp, .truncated, offset: chunk.offset, "a VP8L chunk of \(chunk.data.count) bytes")
        }
        guard header.hasSignature, header.version == 0 else {
            throw ImageDecodingError(.webp, .malformed, offset: chunk.data.lowerBound, "a VP8L header with signature \(header.signature) and version \(header.version)")
        }
        return (header.width, header.height)
    }
}
