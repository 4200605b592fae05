/// YUV 4:2:0 planes to RGBA as libwebp's default output does it: chroma upsampled by its
/// "fancy" filter (each chroma sample weighted 9:3:3:1 with its neighbours across the
/// pair of rows and columns it sits between, edges repeated) and its 14-bit fixed-point
/// BT.601 conversion with limited-range luma.
enum YUVToRGB {
    /// The RGBA pixels of `planes`, alpha from `alpha` (`width` x `height`) or opaque.
    static func rgba(_ planes: VP8Decoder.Planes, alpha: [UInt8]?) -> [UInt8] {
        let width = planes.width, height = planes.height
        var pixels = [UInt8](repeating: 255, count: 4 * width * height)
        let chromaRows = (height + 1) / 2
        // Row 0 uses chroma row 0 alone; rows 2k-1 and 2k use chroma rows k-1 and k; an
        // even height's last row uses the last chroma row alone.
        for row in 0..<height {
            let k = (row + 1) / 2
            let above = max(k - 1, 0), below = min(k, chromaRows - 1)
            let (near, far) = row & 1 == 1 ? (above, below) : (below, above)
            convertRow(planes, row: row, near: near, far: far, into: &pixels)
        }
        if let alpha {
            for n in 0..<width * height { pixels[4 * n + 3] = alpha[n] }
        }
        return pixels
    }

    /// One output row from its luma row and two chroma rows: `near` (weight 3) and `far`
    /// (weight 1).
    private static func convertRow(_ planes: VP8Decoder.Planes, row: Int, near: Int, far: Int, into pixels: inout [UInt8]) {
        let width = planes.width, stride = planes.chromaStride
        let lumaRow = row * planes.lumaStride, out = 4 * row * width
        // The two chroma rows blended 3:1 vertically (x4), then each output sample between
        // two columns blended 3:1 horizontally; libwebp's rounding (1/16 with the "diagonal" trick).
        func upsampled(_ plane: [UInt8], _ x: Int) -> Int {
            let c = x >> 1
            if x == 0 || (x == width - 1 && width & 1 == 0) {
                let n = Int(plane[near * stride + c]), f = Int(plane[far * stride + c])
                return (3 * n + f + 2) >> 2
            }
            // Output x sits between chroma columns left and right (x odd: c and c + 1; x even: c - 1 and c).
            let (left, right) = x & 1 == 1 ? (c, c + 1) : (c - 1, c)
            let nl = Int(plane[near * stride + left]), nr = Int(plane[near * stride + right])
            let fl = Int(plane[far * stride + left]), fr = Int(plane[far * stride + right])
            let average = nl + nr + fl + fr + 8
            // The sample nearest the output pixel (same side) gets 9, the diagonal 1.
            let (nearest, diagonalMix) = x & 1 == 1 ? (nl, (average + 2 * (nr + fl)) >> 3) : (nr, (average + 2 * (nl + fr)) >> 3)
            return (diagonalMix + nearest) >> 1
        }
        for x in 0..<width {
            let y = Int(planes.y[lumaRow + x]), u = upsampled(planes.u, x), v = upsampled(planes.v, x)
            let luma = (y * 19077) >> 8
            pixels[out + 4 * x] = clip(luma + (v * 26149) >> 8 - 14234)
            pixels[out + 4 * x + 1] = clip(luma - (u * 6419) >> 8 - (v * 13320) >> 8 + 8708)
            pixels[out + 4 * x + 2] = clip(luma + (u * 33050) >> 8 - 17685)
        }
    }

    /// A 6-bit fixed-point value to 0...255.
    private static func clip(_ value: Int) -> UInt8 {
        value & ~16383 == 0 ? UInt8(value >> 6) : value < 0 ? 0 : 255
    }
}
