import RivImage

/// From coefficients to pixels: the inverse DCT of every block, the chroma upsampled to the
/// image's size as libjpeg's default ("fancy") upsampling does, and the colour conversion.
extension JPEGDecoding {
    /// The frame's pixels; the coefficients are freed as each component is transformed.
    mutating func pixels() throws(ImageDecodingError) -> RGBAImage {
        var planes: [[UInt8]] = []
        for c in frame.components.indices {
            let component = frame.components[c]
            let stride = component.blocksPerLine * 8
            var plane = [UInt8](repeating: 0, count: stride * component.blockRows * 8)
            let table = quantization[component.quantizationTable]!
            component.coefficients.withUnsafeBufferPointer { coefficients in
                table.withUnsafeBufferPointer { table in
                    plane.withUnsafeMutableBufferPointer { plane in
                        for row in 0..<component.blockRows {
                            for column in 0..<component.blocksPerLine {
                                JPEGInverseDCT.transform(coefficients.baseAddress! + (row * component.blocksPerLine + column) * 64, table.baseAddress!,
                                                         plane.baseAddress! + row * 8 * stride + column * 8, stride: stride)
                            }
                        }
                    }
                }
            }
            frame.components[c].coefficients = []
            planes.append(plane)
        }
        let width = frame.width, height = frame.height
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let rgb = frame.components.count == 3 && isRGB
        let colour = JPEGYCbCr()
        var rows = [[UInt8]](repeating: [UInt8](repeating: 0, count: width + 1), count: frame.components.count)
        for y in 0..<height {
            for (c, component) in frame.components.enumerated() {
                JPEGUpsampling.row(y, of: planes[c], component, frame: frame, into: &rows[c])
            }
            let base = y * width * 4
            if frame.components.count == 1 {
                for x in 0..<width {
                    let grey = rows[0][x]
                    pixels[base + 4 * x] = grey; pixels[base + 4 * x + 1] = grey; pixels[base + 4 * x + 2] = grey
                }
            } else if rgb {
                for x in 0..<width {
                    pixels[base + 4 * x] = rows[0][x]; pixels[base + 4 * x + 1] = rows[1][x]; pixels[base + 4 * x + 2] = rows[2][x]
                }
            } else {
                for x in 0..<width {
                    let (r, g, b) = colour.rgb(Int(rows[0][x]), Int(rows[1][x]), Int(rows[2][x]))
                    pixels[base + 4 * x] = r; pixels[base + 4 * x + 1] = g; pixels[base + 4 * x + 2] = b
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Whether three components are red, green and blue rather than YCbCr, as libjpeg
    /// decides: a JFIF marker means YCbCr; else an Adobe marker's transform 0 means RGB;
    /// else component ids R, G, B do.
    var isRGB: Bool {
        if sawJFIF { return false }
        if let adobeTransform { return adobeTransform == 0 }
        return frame.components.map(\.id) == Array("RGB".utf8)
    }
}

/// libjpeg's YCbCr to RGB conversion (`jdcolor.c`): 16-bit fixed-point tables, rounded as it
/// rounds. Made once per decode (a static table would be checked for initialization at every pixel).
struct JPEGYCbCr {
    private let crRed: [Int], cbBlue: [Int], crGreen: [Int], cbGreen: [Int]

    init() {
        let half = 1 << 15
        crRed = (0..<256).map { (91881 * ($0 - 128) + half) >> 16 }
        cbBlue = (0..<256).map { (116130 * ($0 - 128) + half) >> 16 }
        crGreen = (0..<256).map { -46802 * ($0 - 128) }
        cbGreen = (0..<256).map { -22554 * ($0 - 128) + half }
    }

    /// The red, green and blue of one sample's Y, Cb and Cr.
    @inline(__always)
    func rgb(_ y: Int, _ cb: Int, _ cr: Int) -> (UInt8, UInt8, UInt8) {
        (clamp(y + crRed[cr]), clamp(y + ((cbGreen[cb] + crGreen[cr]) >> 16)), clamp(y + cbBlue[cb]))
    }

    @inline(__always)
    private func clamp(_ value: Int) -> UInt8 { UInt8(min(255, max(0, value))) }
}
