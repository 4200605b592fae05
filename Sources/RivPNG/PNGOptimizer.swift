import RivSupport

/// Makes PNG files smaller without changing a decoded pixel.
///
/// The image is decoded (checking every CRC, the zlib stream and the filters), reduced to
/// the smallest exact pixel format (16 to 8 bits, palette, grey, no alpha, whichever is exact), given per-row filters and deflated
/// again; chunks that do not change what is shown are dropped. The result is kept only
/// when it is smaller than the input; damaged input throws ``PNGError`` and is never rewritten;
/// an animated PNG (APNG) is returned as it is.
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
        /// The memory budget the optimisation reserves its ``workingBytes(for:)`` from
        /// before it decodes (nil: none).
        package var budget: DecodeBudget? = .shared
        /// Options with the default limit (``PNGImage/defaultMaximumRawBytes``).
        public init(maximumRawBytes: Int = PNGImage.defaultMaximumRawBytes) { self.maximumRawBytes = maximumRawBytes }
    }

    /// Ancillary chunks that change how decoders show the pixels (colour space, gamma,
    /// HDR metadata, EXIF orientation): kept, before PLTE and IDAT. Every other ancillary
    /// chunk is dropped.
    public static let keptChunkTypes: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP", "cICP", "mDCV", "mDCv", "cLLI", "cLLi", "eXIf"]

    /// The chunks of an animated PNG (APNG): the animation control, each frame's control and
    /// the frames' data. A browser shows the frames; a rewrite without them would show only
    /// the default image, so a file with any of them is returned as it is.
    public static let animationChunkTypes: Set<String> = ["acTL", "fcTL", "fdAT"]

    /// The most memory an optimisation holds for an image of `header`, its input aside:
    /// three times the decompressed size (the image's rows, a candidate's, and their filtered
    /// form) and 16 MiB for the deflater's tables and the match finder's segment. Zero for a
    /// header too large to decode (refused before anything is allocated).
    public static func workingBytes(for header: PNGHeader, maximumRawBytes: Int = PNGImage.defaultMaximumRawBytes) -> Int {
        guard let raw = header.rawDataSize, raw <= maximumRawBytes else { return 0 }
        return 3 * raw + (16 << 20)
    }

    /// The smaller of the input and its optimised form.
    ///
    /// Memory: the input, its compressed data, and at most ``workingBytes(for:maximumRawBytes:)``,
    /// reserved from the options' budget before decoding (waiting for room while other
    /// decodes hold it). The image's rows are shared with its first candidate, the
    /// candidates are made one at a time, and each filter strategy is tried in one buffer.
    public static func optimize(_ bytes: [UInt8], options: Options = Options()) throws(PNGError) -> PNGOptimization {
        let file = try PNGFile(bytes: bytes)
        if file.ancillaryChunks.contains(where: { animationChunkTypes.contains($0.type) }) {
            return PNGOptimization(bytes: bytes, outcome: .keptAnimation, originalSize: bytes.count, droppedChunks: [], header: file.header)
        }
        guard let budget = options.budget else { return try optimize(file, bytes: bytes, options: options) }
        return try budget.withReservation(of: workingBytes(for: file.header, maximumRawBytes: options.maximumRawBytes)) { () throws(PNGError) in
            try optimize(file, bytes: bytes, options: options)
        }
    }

    private static func optimize(_ file: PNGFile, bytes: [UInt8], options: Options) throws(PNGError) -> PNGOptimization {
        let kept = file.ancillaryChunks.filter { keptChunkTypes.contains($0.type) }
        let dropped = file.ancillaryChunks.filter { !keptChunkTypes.contains($0.type) }.map(\.type)
        let keepFamily = kept.contains { $0.type == "iCCP" || $0.type == "cICP" }
        // The decoded image lives in this call only, so it is freed before the winner is deflated.
        func choose() throws(PNGError) -> (image: PNGImage, filters: [RowFilter]) {
            let image = try PNGImage(file: file, maximumRawBytes: options.maximumRawBytes)
            try checkPaletteIndices(image, dataOffset: file.compressedDataOffset)
            var best: (image: PNGImage, filters: [RowFilter], size: Int)?
            var buffer: [UInt8] = []
            PNGReduction.forEachCandidate(of: image, keepColourFamily: keepFamily) { candidate in
                let (filters, quickSize) = PNGEncoder.bestFilters(candidate, buffer: &buffer)
                let size = quickSize + candidate.palette.count + candidate.transparency.count
                if best == nil || size < best!.size { best = (candidate, filters, size) }
            }
            return (best!.image, best!.filters)
        }
        let chosen = try choose()
        let compressed = Deflater.zlib(PNGEncoder.filtered(chosen.image, rowFilters: chosen.filters), effort: .thorough)
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
