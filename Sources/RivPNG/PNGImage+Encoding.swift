extension PNGImage {
    /// An 8-bit RGBA image from its pixels: red, green, blue and alpha (not premultiplied) for
    /// each pixel, rows top to bottom, `width * height * 4` bytes.
    ///
    /// Throws ``PNGError/Kind/tooLarge`` when the sizes are not 1 to 2^31 - 1, when `pixels`
    /// holds another number of bytes, or when the image would exceed ``defaultMaximumRawBytes``.
    public init(rgba8 pixels: [UInt8], width: Int, height: Int) throws(PNGError) {
        let header = try Self.rgba8Header(width: width, height: height)
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

    /// An 8-bit RGBA picture written as ``encodedQuickly()`` writes it, its rows given one at a
    /// time: `row(y, buffer)` puts row `y`'s `width * 4` bytes (straight RGBA) into `buffer`,
    /// which is filtered from there straight into the deflater's input. No unfiltered 8-bit copy
    /// of the picture is made: memory is the filtered rows, one row and the file.
    ///
    /// Throws ``PNGError/Kind/tooLarge`` as ``init(rgba8:width:height:)`` does.
    public static func encodedQuickly(rgba8Width width: Int, height: Int,
                                      row: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void) throws(PNGError) -> [UInt8] {
        let header = try rgba8Header(width: width, height: height)
        let stride = width * 4
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * height)
        var scratch = [UInt8](repeating: 0, count: stride)
        scratch.withUnsafeMutableBufferPointer { scratch in
            filtered.withUnsafeMutableBufferPointer { filtered in
                for y in 0..<height {
                    row(y, scratch)
                    let target = filtered.baseAddress! + y * (stride + 1)
                    target[0] = RowFilter.sub.rawValue
                    RowFilter.sub.filter(scratch.baseAddress!, previous: nil, count: stride, stride: 4, into: target + 1)
                }
            }
        }
        return PNGEncoder.file(header: header, compressed: Deflater.zlib(filtered, effort: .fast))
    }

    /// The header of an 8-bit RGBA image, its sizes checked (1 to 2^31 - 1, at most
    /// ``defaultMaximumRawBytes`` of pixels).
    private static func rgba8Header(width: Int, height: Int) throws(PNGError) -> PNGHeader {
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw PNGError(.tooLarge, chunk: "IHDR", offset: 16, "width \(width) and height \(height) must be 1 to 2^31-1")
        }
        let header = PNGHeader(width: width, height: height, bitDepth: 8, colorType: .rgba, interlaced: false)
        guard let raw = header.rawDataSize, raw <= PNGImage.defaultMaximumRawBytes else {
            throw PNGError(.tooLarge, chunk: "IHDR", offset: 16, "\(width)x\(height) RGBA pixels exceed the \(PNGImage.defaultMaximumRawBytes) bytes allowed")
        }
        return header
    }
}
