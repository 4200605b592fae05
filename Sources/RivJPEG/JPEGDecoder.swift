import RivImage

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
    /// Decodes a JPEG file; alpha is 255 everywhere.
    public static func decode(_ bytes: [UInt8], options: ImageDecodingOptions = ImageDecodingOptions()) throws(ImageDecodingError) -> RGBAImage {
        var decoding = try JPEGDecoding(bytes)
        let frame = try decoding.readUntilFrame()
        return try options.decode(.jpeg, width: frame.width, height: frame.height, workingBytes: frame.workingBytes,
                                  offset: decoding.frameOffset) { () throws(ImageDecodingError) in try decoding.decodeFrame() }
    }
}
