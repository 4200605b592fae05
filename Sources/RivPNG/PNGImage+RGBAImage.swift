import RivImage

extension PNGImage {
    /// The image as 8-bit RGBA, the pixel type the package's other image decoders give:
    /// ``rgba16()``'s samples, each its high byte (exact for images of 8 bits or fewer), made
    /// without the 16-bit samples.
    public func rgbaImage() -> RGBAImage {
        RGBAImage(width: header.width, height: header.height, pixels: rgba8())
    }

    /// Decodes a PNG file to 8-bit RGBA, as `JPEGDecoder` and `WebPDecoder` decode theirs:
    /// the memory the decode holds (the decompressed rows twice, the 16-bit samples and the
    /// result) is checked against the options' limit from the header, before anything is
    /// allocated (``PNGError/Kind/tooLarge``), then reserved from their decode budget.
    public static func decodeRGBA(_ bytes: [UInt8], options: ImageDecodingOptions = ImageDecodingOptions()) throws(PNGError) -> RGBAImage {
        let file = try PNGFile(bytes: bytes)
        let header = file.header
        let pixels = header.width.multipliedReportingOverflow(by: header.height)
        guard let raw = header.rawDataSize, !pixels.overflow, pixels.partialValue <= Int.max / 16,
              raw <= (Int.max - 12 * pixels.partialValue) / 2, 2 * raw + 12 * pixels.partialValue <= options.maximumBytes else {
            throw PNGError(.tooLarge, chunk: "IHDR", offset: 16,
                           "\(header.width)x\(header.height) pixels need more than the \(options.maximumBytes) bytes allowed to decode")
        }
        let workingBytes = 2 * raw + 12 * pixels.partialValue
        guard let budget = options.budget else { return try PNGImage(file: file).rgbaImage() }
        return try budget.withReservation(of: workingBytes) { () throws(PNGError) in try PNGImage(file: file).rgbaImage() }
    }
}
