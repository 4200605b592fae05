import RivImage

/// Decodes WebP files to ``RGBAImage``s, as libwebp does by default.
///
/// Read: lossless (VP8L) images with every transform, colour cache and meta prefix code, and
/// lossy (VP8) key frames with their `ALPH` alpha, in the simple and the extended (VP8X)
/// container; the pixels are libwebp's (for lossy images, its default "fancy" chroma
/// upsampling). ICC profiles and EXIF orientation are ignored (the pixels are as stored).
/// Animations are refused with ``ImageDecodingError/Kind/unsupported``.
///
/// ```swift
/// let image = try WebPDecoder.decode(bytes)
/// print(image.width, image.height)
/// ```
public enum WebPDecoder {
    /// The most memory the decode of a `width` x `height` image holds: 16 bytes a pixel
    /// (the RGBA output, and the ARGB pixels and one transform's copy of them; for a lossy
    /// image its planes padded to whole macroblocks and its alpha) and 1 MiB for prefix
    /// codes, the sub-images of small images and the padding of narrow ones.
    public static func workingBytes(width: Int, height: Int) -> Int { 16 * width * height + (1 << 20) }

    /// Decodes a WebP file.
    public static func decode(_ bytes: [UInt8], options: ImageDecodingOptions = ImageDecodingOptions()) throws(ImageDecodingError) -> RGBAImage {
        let container = try WebPContainer(bytes)
        let image = container.image
        let (width, height) = try image.type == "VP8L" ? VP8LHeader.size(bytes, image) : VP8FrameHeader.size(bytes, image)
        if let canvas = container.canvas, canvas != (width, height) {
            throw ImageDecodingError(.webp, .malformed, offset: image.offset, "a \(width)x\(height) image on a \(canvas.width)x\(canvas.height) canvas")
        }
        let working = workingBytes(width: width, height: height)
        return try options.decode(.webp, width: width, height: height, workingBytes: working, offset: image.offset) { () throws(ImageDecodingError) in
            guard image.type == "VP8L" else {
                let alpha = try container.alpha.map { (chunk) throws(ImageDecodingError) in try WebPAlpha.decode(bytes, chunk, width: width, height: height) }
                let planes = try VP8Decoder.decode(bytes, image, width: width, height: height)
                return RGBAImage(width: width, height: height, pixels: YUVToRGB.rgba(planes, alpha: alpha))
            }
            var decoder = VP8LDecoder(reader: VP8LBitReader(bytes, image.data.lowerBound + 5..<image.data.upperBound),
                                      allowance: working - 4 * width * height)
            let argb = try decoder.decodeImage(width: width, height: height, main: true)
            var pixels = [UInt8](repeating: 0, count: 4 * width * height)
            for (k, p) in argb.enumerated() {
                pixels[4 * k] = UInt8(truncatingIfNeeded: p >> 16); pixels[4 * k + 1] = UInt8(truncatingIfNeeded: p >> 8)
                pixels[4 * k + 2] = UInt8(truncatingIfNeeded: p); pixels[4 * k + 3] = UInt8(truncatingIfNeeded: p >> 24)
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }
}
