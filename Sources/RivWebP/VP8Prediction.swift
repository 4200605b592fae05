/// The intra predictors of VP8 (RFC 6386, section 12): a block of a plane filled from the
/// samples above it (and above to the right, for 4x4 subblocks), to its left and at its
/// top-left corner. Outside the picture the row above reads 127 and the column to the left
/// 129, as the format says; a DC prediction without a neighbour uses the other one, or 128.
/// One value serves every block of a decode: the caller fills the edges before each block.
struct VP8Prediction {
    /// The samples above (16, 8, or 4 and the 4 above to the right).
    var top = [Int](repeating: 0, count: 16)
    /// The samples to the left.
    var left = [Int](repeating: 0, count: 16)
    var topLeft = 0

    /// A whole-block mode: DC 0, V 1, H 2, TM 3 (the macroblock mode numbers), for a 16x16
    /// luma or 8x8 chroma block at (`x`, `y`) of `plane`; `hasTop`/`hasLeft` choose the DC variant.
    func predictBlock(_ mode: Int, size: Int, hasTop: Bool, hasLeft: Bool, into plane: inout [UInt8], stride: Int, x: Int, y: Int) {
        let shift = size == 16 ? 4 : 3
        var dc = 128
        var topSum = 0, leftSum = 0
        for n in 0..<size { topSum += top[n]; leftSum += left[n] }
        switch (hasTop, hasLeft) {
        case (true, true): dc = (topSum + leftSum + size) >> (shift + 1)
        case (true, false): dc = (topSum + size / 2) >> shift
        case (false, true): dc = (leftSum + size / 2) >> shift
        case (false, false): break
        }
        for j in 0..<size {
            let row = (y + j) * stride + x
            for i in 0..<size {
                let value: Int
                switch mode {
                case 1: value = top[i]
                case 2: value = left[j]
                case 3: value = clamp(top[i] + left[j] - topLeft)
                default: value = dc
                }
                plane[row + i] = UInt8(truncatingIfNeeded: value)
            }
        }
    }

    /// A 4x4 subblock mode (the RFC's numbers: B_DC_PRED 0 ... B_HU_PRED 9) at (`x`, `y`).
    func predictSubblock(_ mode: Int, into plane: inout [UInt8], stride: Int, x: Int, y: Int) {
        // Edge samples as the RFC names them: E is the corner, A-H above, I-L to the left.
        let e = topLeft, a = top[0], b = top[1], c = top[2], d = top[3], f = top[5], g = top[6], h = top[7]
        let ee = top[4], i = left[0], j = left[1], k = left[2], l = left[3]
        func put(_ value: Int, _ column: Int, _ row: Int) { plane[(y + row) * stride + x + column] = UInt8(truncatingIfNeeded: value) }
        switch mode {
        case 1:  // TM
            for r in 0..<4 { for q in 0..<4 { put(clamp(top[q] + left[r] - e), q, r) } }
        case 2:  // VE: the row above smoothed
            for q in 0..<4 {
                let v = avg3(q == 0 ? e : top[q - 1], top[q], top[q + 1])
                for r in 0..<4 { put(v, q, r) }
            }
        case 3:  // HE: the column to the left smoothed
            for r in 0..<4 {
                let v = avg3(r == 0 ? e : left[r - 1], left[r], left[min(r + 1, 3)])
                for q in 0..<4 { put(v, q, r) }
            }
        case 4:  // LD: down and to the left
            put(avg3(a, b, c), 0, 0)
            do { let v = avg3(b, c, d); put(v, 1, 0); put(v, 0, 1) }
            do { let v = avg3(c, d, ee); put(v, 2, 0); put(v, 1, 1); put(v, 0, 2) }
            do { let v = avg3(d, ee, f); put(v, 3, 0); put(v, 2, 1); put(v, 1, 2); put(v, 0, 3) }
            do { let v = avg3(ee, f, g); put(v, 3, 1); put(v, 2, 2); put(v, 1, 3) }
            do { let v = avg3(f, g, h); put(v, 3, 2); put(v, 2, 3) }
            put(avg3(g, h, h), 3, 3)
        case 5:  // RD: down and to the right
            put(avg3(j, k, l), 0, 3)
            do { let v = avg3(i, j, k); put(v, 1, 3); put(v, 0, 2) }
            do { let v = avg3(e, i, j); put(v, 2, 3); put(v, 1, 2); put(v, 0, 1) }
            do { let v = avg3(a, e, i); put(v, 3, 3); put(v, 2, 2); put(v, 1, 1); put(v, 0, 0) }
            do { let v = avg3(b, a, e); put(v, 3, 2); put(v, 2, 1); put(v, 1, 0) }
            do { let v = avg3(c, b, a); put(v, 3, 1); put(v, 2, 0) }
            put(avg3(d, c, b), 3, 0)
        case 6:  // VR: vertical, leaning right
            do { let v = avg2(e, a); put(v, 0, 0); put(v, 1, 2) }
            do { let v = avg2(a, b); put(v, 1, 0); put(v, 2, 2) }
            do { let v = avg2(b, c); put(v, 2, 0); put(v, 3, 2) }
            put(avg2(c, d), 3, 0)
            put(avg3(k, j, i), 0, 3)
            put(avg3(j, i, e), 0, 2)
            do { let v = avg3(i, e, a); put(v, 0, 1); put(v, 1, 3) }
            do { let v = avg3(e, a, b); put(v, 1, 1); put(v, 2, 3) }
            do { let v = avg3(a, b, c); put(v, 2, 1); put(v, 3, 3) }
            put(avg3(b, c, d), 3, 1)
        case 7:  // VL: vertical, leaning left
            put(avg2(a, b), 0, 0)
            do { let v = avg2(b, c); put(v, 1, 0); put(v, 0, 2) }
            do { let v = avg2(c, d); put(v, 2, 0); put(v, 1, 2) }
            do { let v = avg2(d, ee); put(v, 3, 0); put(v, 2, 2) }
            put(avg3(a, b, c), 0, 1)
            do { let v = avg3(b, c, d); put(v, 1, 1); put(v, 0, 3) }
            do { let v = avg3(c, d, ee); put(v, 2, 1); put(v, 1, 3) }
            do { let v = avg3(d, ee, f); put(v, 3, 1); put(v, 2, 3) }
            put(avg3(ee, f, g), 3, 2)
            put(avg3(f, g, h), 3, 3)
        case 8:  // HD: horizontal, leaning down
            do { let v = avg2(i, e); put(v, 0, 0); put(v, 2, 1) }
            do { let v = avg2(j, i); put(v, 0, 1); put(v, 2, 2) }
            do { let v = avg2(k, j); put(v, 0, 2); put(v, 2, 3) }
            put(avg2(l, k), 0, 3)
            put(avg3(a, b, c), 3, 0)
            put(avg3(e, a, b), 2, 0)
            do { let v = avg3(i, e, a); put(v, 1, 0); put(v, 3, 1) }
            do { let v = avg3(j, i, e); put(v, 1, 1); put(v, 3, 2) }
            do { let v = avg3(k, j, i); put(v, 1, 2); put(v, 3, 3) }
            put(avg3(l, k, j), 1, 3)
        case 9:  // HU: horizontal, leaning up
            put(avg2(i, j), 0, 0)
            do { let v = avg2(j, k); put(v, 2, 0); put(v, 0, 1) }
            do { let v = avg2(k, l); put(v, 2, 1); put(v, 0, 2) }
            put(avg3(i, j, k), 1, 0)
            do { let v = avg3(j, k, l); put(v, 3, 0); put(v, 1, 1) }
            do { let v = avg3(k, l, l); put(v, 3, 1); put(v, 1, 2) }
            do { let v = l; put(v, 3, 2); put(v, 2, 2); put(v, 0, 3); put(v, 1, 3); put(v, 2, 3); put(v, 3, 3) }
        default:  // DC
            let dc = (a + b + c + d + i + j + k + l + 4) >> 3
            for r in 0..<4 { for q in 0..<4 { put(dc, q, r) } }
        }
    }

    private func avg3(_ a: Int, _ b: Int, _ c: Int) -> Int { (a + 2 * b + c + 2) >> 2 }
    private func avg2(_ a: Int, _ b: Int) -> Int { (a + b + 1) >> 1 }
}

/// `value` clamped to 0...255.
@inline(__always) func clamp(_ value: Int) -> Int { min(max(value, 0), 255) }
