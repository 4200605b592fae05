import RivImage
import RivSupport

/// Decodes JPEG files to ``RGBAImage``s, as libjpeg does by default.
///
/// Read: baseline, extended (8-bit, Huffman) and progressive frames; grey and
/// three-component images (YCbCr, or RGB when an Adobe marker or the component ids say so)
/// with any integral chroma subsampling; restart intervals. The inverse DCT, the smooth
/// ("fancy") chroma upsampling and the YCbCr conversion follow libjpeg's integer arithmetic,
/// so the pixels are libjpeg's or within a unit or two of them. EXIF orientation is ignored
/// (the pixels are in stored order, as Rive's runtime draws them); so are ICC profiles.
/// Arithmetic coding, 12-bit samples, lossless and hierarchical frames and four-component
/// (CMYK, YCCK) images are refused with ``ImageDecodingError/Kind/unsupported``.
///
/// ```swift
/// let image = try JPEGDecoder.decode(bytes)
/// print(image.width, image.height)
/// ```
public enum JPEGDecoder {
    /// Limits for decoding untrusted files.
    public struct Options: Sendable {
        /// The most memory a decode may hold (coefficients, samples and the output), checked
        /// from the frame header before anything is allocated.
        public var maximumBytes: Int
        /// The memory budget the decode reserves its working bytes from (nil: none).
        package var budget: DecodeBudget? = .shared
        /// Options with the default limit (``defaultMaximumBytes``).
        public init(maximumBytes: Int = JPEGDecoder.defaultMaximumBytes) { self.maximumBytes = maximumBytes }
    }

    /// The default limit on a decode's memory (1 GiB).
    public static let defaultMaximumBytes = 1 << 30

    /// Decodes a JPEG file; alpha is 255 everywhere.
    public static func decode(_ bytes: [UInt8], options: Options = Options()) throws(ImageDecodingError) -> RGBAImage {
        var decoding = try JPEGDecoding(bytes)
        let frame = try decoding.readUntilFrame()
        let working = frame.workingBytes
        guard working <= options.maximumBytes else {
            throw ImageDecodingError(.jpeg, .tooLarge, offset: decoding.frameOffset,
                            "\(frame.width)x\(frame.height) pixels need \(working) bytes to decode, more than the \(options.maximumBytes) allowed")
        }
        guard let budget = options.budget else { return try decoding.decodeFrame() }
        return try budget.withReservation(of: working) { () throws(ImageDecodingError) in try decoding.decodeFrame() }
    }
}
