extension PNGImage {
    /// An 8-bit RGBA image from its pixels: red, green, blue and alpha (not premultiplied) for
    /// each pixel, rows top to bottom, `width * height * 4` bytes.
    ///
    /// Throws ``PNGError/Kind/tooLarge`` when the sizes are not 1 to 2^31 - 1, when `pixels`
    /// holds another number of bytes, or when the image would exceed ``defaultMaximumRawBytes``.
    public init(rgba8 pixels: [UInt8], width: Int, height: Int) throws(PNGError) {
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw PNGError(.tooLarge, chunk: "IHDR", offset: 16, "width \(width) and height \(height) must be 1 to 2^31-1")
        }
        let header = PNGHeader(width: width, height: height, bitDepth: 8, colorType: .rgba, interlaced: false)
        guard let raw = header.rawDataSize, raw <= PNGImage.defaultMaximumRawBytes else {
            throw PNGError(.tooLarge, chunk: "IHDR", offset: 16, "\(width)x\(height) RGBA pixels exceed the \(PNGImage.defaultMaximumRawBytes) bytes allowed")
        }
        guard pixels.count == width * height * 4 else {
            throw PNGError(.wrongDataLength, chunk: "IDAT", offset: 0, "\(pixels.count) bytes of pixels for \(width)x\(height) RGBA (\(width * height * 4) needed)")
        }
        self.init(header: header, palette: [], transparency: [], rows: pixels)
    }

    /// This image as a PNG file, written quickly: every row filtered by Sub and the data
    /// deflated by the fast LZ77 parse (greedy, runs not entered into the hash chains) into one IDAT (no reduction of the pixel format;
    /// ``PNGOptimizer`` makes the smallest file). On the rasterizer's 1024 px bench pictures
    /// Sub alone was as small as choosing each row's filter by the smallest signed sum,
    /// in about half the time.
    public func encodedQuickly() -> [UInt8] {
        let compressed = Deflater.zlib(PNGEncoder.filtered(self, strategy: .sub), effort: .fast)
        return PNGEncoder.file(self, compressed: compressed, before: [], after: [])
    }
}
