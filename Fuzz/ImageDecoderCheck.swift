import RivFormat
import RivImage
import RivJPEG
import RivPNG
import RivSupport
import RivWebP

/// Invariant 14: the renderer's image decoders on hostile bytes. The input itself, and
/// the embedded bytes of up to `editedAssetLimit` images of the file (the seeds' real
/// PNGs, JPEGs and WebPs, lossless and lossy (VP8 with ALPH alpha), mutated), go to
/// `JPEGDecoder` and `WebPDecoder` (a PNG to `PNGImage.rgbaImage()`). Each ends in an image of the size its header gives or an
/// `ImageDecodingError` whose offset lies inside the bytes, within the memory bound of
/// invariant 6: the decoders are given that bound as their `maximumBytes`, which they
/// check from the header before allocating; the shared decode budget holds nothing after.
enum ImageDecoderCheck {
    static func check(_ input: UnsafeRawBufferPointer, file: RivFile?) {
        var candidates = [Array(input)]
        if let file {
            candidates += file.assets.filter { $0.type == .image }.prefix(editedAssetLimit).compactMap { $0.embeddedBytes.map(Array.init) }
        }
        for bytes in candidates {
            let baseline = MemoryMeter.startInput()
            // Leave half the slack for what the decoders hold besides their working bytes.
            let options = ImageDecodingOptions(maximumBytes: memoryFactor * bytes.count + memorySlack / 2)
            decode(bytes) { () throws(ImageDecodingError) in try JPEGDecoder.decode(bytes, options: options) }
            decode(bytes) { () throws(ImageDecodingError) in try WebPDecoder.decode(bytes, options: options) }
            // rgbaImage() holds 12 bytes a pixel (rgba16 and the result): PNGs within the bound only.
            if let file = try? PNGFile(bytes: bytes), file.header.width * file.header.height <= options.maximumBytes / 12,
               let png = try? PNGImage(file: file, maximumRawBytes: options.maximumBytes) {
                let image = png.rgbaImage()
                require(image.pixels.count == png.header.width * png.header.height * 4, "a PNG's RGBA image is not its header's size")
            }
            MemoryMeter.checkGrowth(since: baseline, inputSize: bytes.count, "decoding images")
            require(DecodeBudget.shared.heldBytes == 0, "the decode budget still holds \(DecodeBudget.shared.heldBytes) bytes after decoding")
        }
    }

    private static func decode(_ bytes: [UInt8], _ decoder: () throws(ImageDecodingError) -> RGBAImage) {
        do throws(ImageDecodingError) {
            let image = try decoder()
            require(image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4,
                    "a decoded \(image.width)x\(image.height) image holds \(image.pixels.count) bytes")
        } catch {
            require(error.offset >= 0 && error.offset <= bytes.count, "image error offset \(error.offset) outside \(bytes.count) bytes: \(error)")
        }
    }
}
