/// YUV 4:2:0 planes to RGBA as libwebp's default output does it: chroma upsampled by its
/// "fancy" filter (each output sample weights the chroma samples around it 9:3:3:1, edges
/// repeated) and its 14-bit fixed-point BT.601 conversion with limited-range luma.
enum YUVToRGB {
    /// The RGBA pixels of `planes`, alpha from `alpha` (`width` x `height`) or opaque.
    static func rgba(_ planes: VP8Decoder.Planes, alpha: [UInt8]?) -> [UInt8] {
        let width = planes.width, height = planes.height
        var pixels = [UInt8](repeating: 255, count: 4 * width * height)
        var u = [Int](repeating: 0, count: width), v = [Int](repeating: 0, count: width)
        let chromaRows = (height + 1) / 2
        // Row 0 uses chroma row 0 alone; rows 2k-1 and 2k use chroma rows k-1 and k; an
        // even height's last row uses the last chroma row alone.
        for row in 0..<height {
            let k = (row + 1) / 2
            let above = max(k - 1, 0), below = min(k, chromaRows - 1)
            let (near, far) = row & 1 == 1 ? (above, below) : (below, above)
            upsample(planes.u, stride: planes.chromaStride, near: near, far: far, width: width, into: &u)
            upsample(planes.v, stride: planes.chromaStride, near: near, far: far, width: width, into: &v)
            let lumaRow = row * planes.lumaStride
            pixels.withUnsafeMutableBufferPointer { pixels in
                guard let out = pixels.baseAddress.map({ $0 + 4 * row * width }) else { return }
                for x in 0..<width {  // row < height, x < width: inside the pixels
                    let luma = (Int(planes.y[lumaRow + x]) * 19077) >> 8, u = u[x], v = v[x]
                    out[4 * x] = clip(luma + (v * 26149) >> 8 - 14234)
                    out[4 * x + 1] = clip(luma - (u * 6419) >> 8 - (v * 13320) >> 8 + 8708)
                    out[4 * x + 2] = clip(luma + (u * 33050) >> 8 - 17685)
                }
            }
        }
        if let alpha {
            for n in 0..<width * height { pixels[4 * n + 3] = alpha[n] }
        }
        return pixels
    }

    /// One row of chroma at full width from chroma rows `near` (weight 3) and `far` (weight
    /// 1), with libwebp's rounding: between chroma columns c and c + 1, output 2c + 1 takes
    /// (9 near(c) + 3 near(c + 1) + 3 far(c) + far(c + 1)) / 16 and output 2c + 2 the mirror.
    private static func upsample(_ plane: [UInt8], stride: Int, near: Int, far: Int, width: Int, into out: inout [Int]) {
        let n = near * stride, f = far * stride
        var nearLeft = Int(plane[n]), farLeft = Int(plane[f])
        out[0] = (3 * nearLeft + farLeft + 2) >> 2
        var x = 1
        while x + 1 < width {
            let c = (x + 1) >> 1
            let nearRight = Int(plane[n + c]), farRight = Int(plane[f + c])
            let average = nearLeft + nearRight + farLeft + farRight + 8
            out[x] = ((average + 2 * (nearRight + farLeft)) >> 3 + nearLeft) >> 1
            out[x + 1] = ((average + 2 * (nearLeft + farRight)) >> 3 + nearRight) >> 1
            nearLeft = nearRight
            farLeft = farRight
            x += 2
        }
        if width & 1 == 0 { out[width - 1] = (3 * nearLeft + farLeft + 2) >> 2 }
    }

    /// A 6-bit fixed-point value to 0...255.
    private static func clip(_ value: Int) -> UInt8 {
        value & ~16383 == 0 ? UInt8(value >> 6) : value < 0 ? 0 : 255
    }
}
