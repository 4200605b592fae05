/// The intra predictors of VP8 (RFC 6386, section 12): a block of a plane filled from the
/// samples above it (and above to the right, for 4x4 subblocks), to its left and at its
/// top-left corner. Outside the picture the row above reads 127 and the column to the left
/// 129, as the format says; a DC prediction without a neighbour uses the other one, or 128.
struct VP8Prediction {
    /// The samples above (16, 8, or 4 and the 4 above to the right).
    var top: [Int]
    /// The samples to the left.
    var left: [Int]
    var topLeft: Int

    /// A whole-block mode: DC 0, V 1, H 2, TM 3 (the macroblock mode numbers), for a 16x16
    /// luma or 8x8 chroma block at (`x`, `y`) of `plane`; `hasTop`/`hasLeft` choose the DC variant.
    func predictBlock(_ mode: Int, size: Int, hasTop: Bool, hasLeft: Bool, into plane: inout [UInt8], stride: Int, x: Int, y: Int) {
        let shift = size == 16 ? 4 : 3
        var dc = 128
        switch (hasTop, hasLeft) {
        case (true, true): dc = (top[0..<size].reduce(0, +) + left[0..<size].reduce(0, +) + size) >> (shift + 1)
        case (true, false): dc = (top[0..<size].reduce(0, +) + size / 2) >> shift
        case (false, true): dc = (left[0..<size].reduce(0, +) + size / 2) >> shift
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
        var p = [Int](repeating: 0, count: 16)
        func set(_ value: Int, _ cells: (Int, Int)...) { for (cx, cy) in cells { p[cy * 4 + cx] = value } }
        switch mode {
        case 1:  // TM
            for r in 0..<4 { for q in 0..<4 { p[r * 4 + q] = clamp(top[q] + left[r] - e) } }
        case 2:  // VE: the row above smoothed
            let row = [avg3(e, a, b), avg3(a, b, c), avg3(b, c, d), avg3(c, d, ee)]
            for r in 0..<4 { for q in 0..<4 { p[r * 4 + q] = row[q] } }
        case 3:  // HE: the column to the left smoothed
            let column = [avg3(e, i, j), avg3(i, j, k), avg3(j, k, l), avg3(k, l, l)]
            for r in 0..<4 { for q in 0..<4 { p[r * 4 + q] = column[r] } }
        case 4:  // LD: down and to the left
            set(avg3(a, b, c), (0, 0))
            set(avg3(b, c, d), (1, 0), (0, 1))
            set(avg3(c, d, ee), (2, 0), (1, 1), (0, 2))
            set(avg3(d, ee, f), (3, 0), (2, 1), (1, 2), (0, 3))
            set(avg3(ee, f, g), (3, 1), (2, 2), (1, 3))
            set(avg3(f, g, h), (3, 2), (2, 3))
            set(avg3(g, h, h), (3, 3))
        case 5:  // RD: down and to the right
            set(avg3(j, k, l), (0, 3))
            set(avg3(i, j, k), (1, 3), (0, 2))
            set(avg3(e, i, j), (2, 3), (1, 2), (0, 1))
            set(avg3(a, e, i), (3, 3), (2, 2), (1, 1), (0, 0))
            set(avg3(b, a, e), (3, 2), (2, 1), (1, 0))
            set(avg3(c, b, a), (3, 1), (2, 0))
            set(avg3(d, c, b), (3, 0))
        case 6:  // VR: vertical, leaning right
            set(avg2(e, a), (0, 0), (1, 2))
            set(avg2(a, b), (1, 0), (2, 2))
            set(avg2(b, c), (2, 0), (3, 2))
            set(avg2(c, d), (3, 0))
            set(avg3(k, j, i), (0, 3))
            set(avg3(j, i, e), (0, 2))
            set(avg3(i, e, a), (0, 1), (1, 3))
            set(avg3(e, a, b), (1, 1), (2, 3))
            set(avg3(a, b, c), (2, 1), (3, 3))
            set(avg3(b, c, d), (3, 1))
        case 7:  // VL: vertical, leaning left
            set(avg2(a, b), (0, 0))
            set(avg2(b, c), (1, 0), (0, 2))
            set(avg2(c, d), (2, 0), (1, 2))
            set(avg2(d, ee), (3, 0), (2, 2))
            set(avg3(a, b, c), (0, 1))
            set(avg3(b, c, d), (1, 1), (0, 3))
            set(avg3(c, d, ee), (2, 1), (1, 3))
            set(avg3(d, ee, f), (3, 1), (2, 3))
            set(avg3(ee, f, g), (3, 2))
            set(avg3(f, g, h), (3, 3))
        case 8:  // HD: horizontal, leaning down
            set(avg2(i, e), (0, 0), (2, 1))
            set(avg2(j, i), (0, 1), (2, 2))
            set(avg2(k, j), (0, 2), (2, 3))
            set(avg2(l, k), (0, 3))
            set(avg3(a, b, c), (3, 0))
            set(avg3(e, a, b), (2, 0))
            set(avg3(i, e, a), (1, 0), (3, 1))
            set(avg3(j, i, e), (1, 1), (3, 2))
            set(avg3(k, j, i), (1, 2), (3, 3))
            set(avg3(l, k, j), (1, 3))
        case 9:  // HU: horizontal, leaning up
            set(avg2(i, j), (0, 0))
            set(avg2(j, k), (2, 0), (0, 1))
            set(avg2(k, l), (2, 1), (0, 2))
            set(avg3(i, j, k), (1, 0))
            set(avg3(j, k, l), (3, 0), (1, 1))
            set(avg3(k, l, l), (3, 1), (1, 2))
            set(l, (3, 2), (2, 2), (0, 3), (1, 3), (2, 3), (3, 3))
        default:  // DC
            let dc = (top[0..<4].reduce(0, +) + left.reduce(0, +) + 4) >> 3
            for n in 0..<16 { p[n] = dc }
        }
        for r in 0..<4 {
            for q in 0..<4 { plane[(y + r) * stride + x + q] = UInt8(truncatingIfNeeded: p[r * 4 + q]) }
        }
    }

    private func avg3(_ a: Int, _ b: Int, _ c: Int) -> Int { (a + 2 * b + c + 2) >> 2 }
    private func avg2(_ a: Int, _ b: Int) -> Int { (a + b + 1) >> 1 }
}

/// `value` clamped to 0...255.
@inline(__always) func clamp(_ value: Int) -> Int { min(max(value, 0), 255) }
