import RivSupport

/// A PNG file split into what the image needs: its header, palette, transparency,
/// the concatenated compressed data, and every ancillary chunk in file order.
/// Reading checks the signature, every CRC and the chunk-order rules; it does not decompress.
public struct PNGFile: Sendable {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = PNGChunkWalk.signature

    /// The IHDR contents.
    public let header: PNGHeader
    /// The PLTE entries as red, green, blue triples (empty when the file has none).
    public let palette: [UInt8]
    /// The tRNS data (empty when the file has none): alpha per palette entry, or the one
    /// transparent grey (2 bytes) or RGB (6 bytes) value.
    public let transparency: [UInt8]
    /// The data of every IDAT chunk, joined: one zlib stream.
    public let compressedData: [UInt8]
    /// Where the first IDAT chunk's data starts in the file.
    public let compressedDataOffset: Int
    /// Every chunk other than IHDR, PLTE, tRNS, IDAT and IEND, in file order.
    public let ancillaryChunks: [PNGChunk]

    /// Reads the chunks of `bytes`.
    public init(bytes: [UInt8]) throws(PNGError) {
        let chunks = try PNGChunk.chunks(of: bytes)
        guard let first = chunks.first, first.type == "IHDR" else {
            throw PNGError(.badChunkOrder, chunk: chunks.first?.type ?? "", offset: 8, "the first chunk is not IHDR")
        }
        let header = try PNGHeader(chunkData: first.data, offset: first.dataOffset)
        var palette: [UInt8]?, transparency: [UInt8]?
        var compressed: [UInt8] = []
        var compressedOffset: Int?
        var ancillary: [PNGChunk] = []
        for chunk in chunks.dropFirst() {
            func misplaced(_ detail: String) -> PNGError { PNGError(.badChunkOrder, chunk: chunk.type, offset: chunk.offset, detail) }
            switch chunk.type {
            case "IHDR": throw misplaced("a second IHDR")
            case "PLTE":
                guard palette == nil else { throw misplaced("a second PLTE") }
                guard compressedOffset == nil else { throw misplaced("PLTE after IDAT") }
                guard header.colorType != .grey, header.colorType != .greyAlpha else {
                    throw PNGError(.badChunk, chunk: "PLTE", offset: chunk.offset, "a grey image may not have a palette")
                }
                let entries = chunk.data.count / 3
                let limit = header.colorType == .palette ? 1 << Int(header.bitDepth) : 256
                guard chunk.data.count % 3 == 0, (1...limit).contains(entries) else {
                    throw PNGError(.badChunk, chunk: "PLTE", offset: chunk.offset,
                                   "\(chunk.data.count) bytes is not 1 to \(limit) RGB entries")
                }
                palette = Array(chunk.data)
            case "tRNS":
                guard transparency == nil else { throw misplaced("a second tRNS") }
                guard compressedOffset == nil else { throw misplaced("tRNS after IDAT") }
                let size = chunk.data.count
                let fits: Bool = switch header.colorType {
                case .grey: size == 2
                case .rgb: size == 6
                case .palette: palette != nil && size <= palette!.count / 3
                case .greyAlpha, .rgba: false
                }
                guard fits else {
                    throw PNGError(.badChunk, chunk: "tRNS", offset: chunk.offset,
                                   "\(size) bytes of transparency do not fit colour type \(header.colorType.rawValue)"
                                   + (header.colorType == .palette ? " with \((palette?.count ?? 0) / 3) palette entries" : ""))
                }
                transparency = Array(chunk.data)
            case "IDAT":
                if compressedOffset == nil { compressedOffset = chunk.dataOffset }
                compressed += chunk.data
            case "IEND": break
            default:
                guard !chunk.isCritical else {
                    throw PNGError(.unknownCriticalChunk, chunk: chunk.type, offset: chunk.offset,
                                   "a critical chunk this reader does not know")
                }
                ancillary.append(chunk)
            }
        }
        guard let compressedOffset else {
            throw PNGError(.missingChunk, chunk: "IDAT", offset: chunks.last!.offset, "the file has no IDAT chunk")
        }
        if header.colorType == .palette, palette == nil {
            throw PNGError(.missingChunk, chunk: "PLTE", offset: compressedOffset - 8, "a palette image without a PLTE chunk")
        }
        self.header = header
        self.palette = header.colorType == .rgb || header.colorType == .rgba ? [] : palette ?? []
        self.transparency = transparency ?? []
        self.compressedData = compressed
        self.compressedDataOffset = compressedOffset
        self.ancillaryChunks = ancillary
    }
}
