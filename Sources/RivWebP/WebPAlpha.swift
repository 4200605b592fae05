import RivImage

/// The `ALPH` chunk of a lossy image: its header byte (compression in bits 0-1, filter in
/// bits 2-3), then the alpha plane raw or as the green of a VP8L image stream without its
/// header, filtered by the left, upper or gradient predictor. The alpha half of a lossy
/// image.
enum WebPAlpha {
    /// The `width` x `height` alpha values.
    static func decode(_ bytes: [UInt8], _ chunk: WebPContainer.Chunk, width: Int, height: Int) throws(ImageDecodingError) -> [UInt8] {
        guard !chunk.data.isEmpty else { throw ImageDecodingError(.webp, .truncated, offset: chunk.offset, "an empty ALPH chunk") }
        let header = bytes[chunk.data.lowerBound]
        let compression = header & 3, filter = Int(header >> 2 & 3)
        let data = chunk.data.lowerBound + 1..<chunk.data.upperBound
        var plane: [UInt8]
        switch compression {
        case 0:
            guard data.count >= width * height else {
                throw ImageDecodingError(.webp, .truncated, offset: chunk.offset, "\(data.count) raw alpha bytes for \(width)x\(height) pixels")
            }
            plane = Array(bytes[data.lowerBound..<data.lowerBound + width * height])
        case 1:
            var decoder = VP8LDecoder(reader: VP8LBitReader(bytes, data), allowance: WebPDecoder.workingBytes(width: width, height: height) / 2)
            plane = try decoder.decodeImage(width: width, height: height, main: true).map { UInt8(truncatingIfNeeded: $0 >> 8) }
        default:
            throw ImageDecodingError(.webp, .malformed, offset: chunk.offset, "alpha compression method \(compression)")
        }
        guard filter != 0 else { return plane }
        for y in 0..<height {
            for x in 0..<width {
                let at = y * width + x
                let prediction: Int
                if y == 0 {
                    prediction = x == 0 ? 0 : Int(plane[at - 1])
                } else if x == 0 {
                    prediction = Int(plane[at - width])
                } else {
                    let left = Int(plane[at - 1]), top = Int(plane[at - width]), topLeft = Int(plane[at - width - 1])
                    prediction = filter == 1 ? left : filter == 2 ? top : min(255, max(0, left + top - topLeft))
                }
                plane[at] = UInt8(truncatingIfNeeded: Int(plane[at]) + prediction)
            }
        }
        return plane
    }
}
