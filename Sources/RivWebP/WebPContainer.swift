import RivImage
import RivSupport

/// The chunks of a WebP file (a RIFF container of form `WEBP`) that say what to decode: the
/// image chunk (`VP8 ` lossy or `VP8L` lossless), the `ALPH` chunk of a lossy image with
/// alpha, and the `VP8X` canvas size when the file has one.
struct WebPContainer {
    /// A chunk's type and the range of its data in the file.
    struct Chunk {
        let type: String
        let offset: Int
        let data: Range<Int>
    }

    let image: Chunk
    let alpha: Chunk?
    /// The canvas size of the VP8X chunk.
    let canvas: (width: Int, height: Int)?

    init(_ bytes: [UInt8]) throws(ImageDecodingError) {
        guard bytes.count >= 12 else { throw ImageDecodingError(.webp, bytes.count >= 4 && Array(bytes[0..<4]) != Array("RIFF".utf8) ? .notRecognized : .truncated, offset: 0, "a WebP file starts with a 12-byte RIFF header") }
        guard Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WEBP".utf8) else {
            throw ImageDecodingError(.webp, .notRecognized, offset: 0, "not a RIFF file of form WEBP")
        }
        let riffSize = Self.uint32(bytes, 4)
        guard riffSize >= 4, riffSize % 2 == 0 else { throw ImageDecodingError(.webp, .malformed, offset: 4, "a RIFF size of \(riffSize)") }
        guard 8 + riffSize <= bytes.count else {
            throw ImageDecodingError(.webp, .truncated, offset: 4, "the RIFF header says \(8 + riffSize) bytes, the file has \(bytes.count)")
        }
        var chunks: [Chunk] = []
        var at = 12
        while at < 8 + riffSize {
            guard at + 8 <= 8 + riffSize else { throw ImageDecodingError(.webp, .truncated, offset: at, "a chunk header runs past the RIFF data") }
            let size = Self.uint32(bytes, at + 4)
            guard at + 8 + size <= 8 + riffSize else {
                throw ImageDecodingError(.webp, .truncated, offset: at, "a chunk of \(size) bytes runs past the RIFF data")
            }
            let type = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            chunks.append(Chunk(type: type, offset: at, data: at + 8..<at + 8 + size))
            at += 8 + size + size % 2
        }
        guard let first = chunks.first else { throw ImageDecodingError(.webp, .truncated, offset: 12, "the RIFF data holds no chunk") }
        if first.type == "VP8X" {
            guard let extended = WebPHeaderFields.Extended(chunkData: bytes[first.data]) else {
                throw ImageDecodingError(.webp, .malformed, offset: first.offset, "a VP8X chunk of \(first.data.count) bytes")
            }
            guard extended.flags & 0x02 == 0, !chunks.contains(where: { $0.type == "ANIM" || $0.type == "ANMF" }) else {
                throw ImageDecodingError(.webp, .unsupported, offset: first.offset, "an animated WebP")
            }
            canvas = (extended.width, extended.height)
        } else {
            canvas = nil
        }
        guard let index = chunks.firstIndex(where: { $0.type == "VP8 " || $0.type == "VP8L" }) else {
            throw ImageDecodingError(.webp, .malformed, offset: 12, "no VP8 or VP8L image chunk")
        }
        image = chunks[index]
        alpha = image.type == "VP8 " && first.type == "VP8X" ? chunks[..<index].first { $0.type == "ALPH" } : nil
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
}
