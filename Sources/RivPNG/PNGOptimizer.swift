/// Makes PNG files smaller without changing a decoded pixel.
///
/// The image is decoded (checking every CRC, the zlib stream and the filters), reduced to
/// the smallest exact pixel format (16 to 8 bits, palette, grey, no alpha, whichever is exact), given per-row filters and deflated
/// again; chunks that do not change what is shown are dropped. The result is kept only
/// when it is smaller than the input; damaged input throws ``PNGError`` and is never rewritten.
///
/// ```swift
/// let result = try PNGOptimizer.optimize(bytes)
/// if result.outcome == .optimized { write(result.bytes) }
/// ```
public enum PNGOptimizer {
    /// Limits for decoding untrusted files.
    public struct Options: Sendable {
        /// The largest decompressed image data accepted, filter bytes included.
        public var maximumRawBytes: Int
        /// Options with the default limit (``PNGImage/defaultMaximumRawBytes``).
        public init(maximumRawBytes: Int = PNGImage.defaultMaximumRawBytes) { self.maximumRawBytes = maximumRawBytes }
    }

    /// Ancillary chunks that change how decoders show the pixels (colour space, gamma,
    /// HDR metadata, EXIF orientation): kept, before PLTE and IDAT. Every other ancillary
    /// chunk is dropped.
    public static let keptChunkTypes: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP", "cICP", "mDCV", "mDCv", "cLLI", "cLLi", "eXIf"]

    /// The smaller of the input and its optimised form.
    public static func optimize(_ bytes: [UInt8], options: Options = Options()) throws(PNGError) -> PNGOptimization {
        let file = try PNGFile(bytes: bytes)
        let image = try PNGImage(file: file, maximumRawBytes: options.maximumRawBytes)
        try checkPaletteIndices(image, dataOffset: file.compressedDataOffset)
        let kept = file.ancillaryChunks.filter { keptChunkTypes.contains($0.type) }
        let dropped = file.ancillaryChunks.filter { !keptChunkTypes.contains($0.type) }.map(\.type)
        let keepFamily = kept.contains { $0.type == "iCCP" || $0.type == "cICP" }
        var best: (image: PNGImage, data: [UInt8], quickSize: Int)?
        for candidate in PNGReduction.candidates(of: image, keepColourFamily: keepFamily) {
            let (data, quickSize) = PNGEncoder.bestFiltered(candidate)
            let size = quickSize + candidate.palette.count + candidate.transparency.count
            if best == nil || size < best!.quickSize { best = (candidate, data, size) }
        }
        let chosen = best!
        let compressed = Deflater.zlib(chosen.data, effort: .thorough)
        let before = kept.filter { $0.type != "eXIf" }, after = kept.filter { $0.type == "eXIf" }
        let output = PNGEncoder.file(chosen.image, compressed: compressed, before: before, after: after)
        guard output.count < bytes.count else {
            return PNGOptimization(bytes: bytes, outcome: .keptOriginal, originalSize: bytes.count, droppedChunks: [], header: file.header)
        }
        return PNGOptimization(bytes: output, outcome: .optimized, originalSize: bytes.count, droppedChunks: dropped,
                               header: chosen.image.header)
    }

    /// Palette indices past the palette's end have no defined colour: such files are not rewritten.
    private static func checkPaletteIndices(_ image: PNGImage, dataOffset: Int) throws(PNGError) {
        guard image.header.colorType == .palette else { return }
        let entries = image.palette.count / 3
        guard entries < 1 << Int(image.header.bitDepth) else { return }
        let depth = Int(image.header.bitDepth), stride = image.rowBytes
        for y in 0..<image.header.height {
            for x in 0..<image.header.width {
                let bit = x * depth
                let index = Int(image.rows[y * stride + bit >> 3] >> (8 - depth - bit & 7)) & ((1 << depth) - 1)
                if index >= entries {
                    throw PNGError(.badChunk, chunk: "IDAT", offset: dataOffset,
                                   "pixel (\(x), \(y)) uses palette index \(index); the palette has \(entries) entries")
                }
            }
        }
    }
}
