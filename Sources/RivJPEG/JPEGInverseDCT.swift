/// The 8x8 inverse DCT in libjpeg's accurate integer form (`jidctint.c`, the "islow" method,
/// libjpeg's default): the same arithmetic, so the same samples.
enum JPEGInverseDCT {
    private static let constBits = 13, pass1Bits = 2
    private static let f0_298631336 = 2446, f0_390180644 = 3196, f0_541196100 = 4433, f0_765366865 = 6270,
                       f0_899976223 = 7373, f1_175875602 = 9633, f1_501321110 = 12299, f1_847759065 = 15137,
                       f1_961570560 = 16069, f2_053119869 = 16819, f2_562915447 = 20995, f3_072711026 = 25172

    private static func descale(_ x: Int, _ n: Int) -> Int { (x + (1 << (n - 1))) >> n }

    /// Level-shifted, clamped samples of one block: `coefficients` (natural order) times
    /// `quantization`, written 8 a row, `stride` bytes apart, at `output`.
    static func transform(_ coefficients: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int32>,
                          _ output: UnsafeMutablePointer<UInt8>, stride: Int) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { ws in
            for column in 0..<8 {
                func q(_ row: Int) -> Int { Int(coefficients[row * 8 + column]) * Int(quantization[row * 8 + column]) }
                if (1..<8).allSatisfy({ coefficients[$0 * 8 + column] == 0 }) {
                    let dc = q(0) << pass1Bits
                    for row in 0..<8 { ws[row * 8 + column] = dc }
                    continue
                }
                let o = oneDimensional(q(0), q(1), q(2), q(3), q(4), q(5), q(6), q(7))
                let n = constBits - pass1Bits
                ws[column] = descale(o.0, n); ws[8 + column] = descale(o.1, n); ws[16 + column] = descale(o.2, n)
                ws[24 + column] = descale(o.3, n); ws[32 + column] = descale(o.4, n); ws[40 + column] = descale(o.5, n)
                ws[48 + column] = descale(o.6, n); ws[56 + column] = descale(o.7, n)
            }
            for row in 0..<8 {
                let w = ws.baseAddress! + row * 8
                let line = output + row * stride
                if (1..<8).allSatisfy({ w[$0] == 0 }) {
                    let value = clamp(descale(w[0], pass1Bits + 3))
                    for x in 0..<8 { line[x] = value }
                    continue
                }
                let o = oneDimensional(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7])
                let n = constBits + pass1Bits + 3
                line[0] = clamp(descale(o.0, n)); line[1] = clamp(descale(o.1, n)); line[2] = clamp(descale(o.2, n))
                line[3] = clamp(descale(o.3, n)); line[4] = clamp(descale(o.4, n)); line[5] = clamp(descale(o.5, n))
                line[6] = clamp(descale(o.6, n)); line[7] = clamp(descale(o.7, n))
            }
        }
    }

    /// A sample shifted back to 0-255.
    private static func clamp(_ value: Int) -> UInt8 { UInt8(min(255, max(0, value + 128))) }

    /// One pass of the transform over eight values, scaled by 2^13 (not yet descaled).
    private static func oneDimensional(_ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int)
        -> (Int, Int, Int, Int, Int, Int, Int, Int) {
        // Even part.
        var z1 = (i2 + i6) * f0_541196100
        let tmp2e = z1 - i6 * f1_847759065
        let tmp3e = z1 + i2 * f0_765366865
        let tmp0e = (i0 + i4) << constBits
        let tmp1e = (i0 - i4) << constBits
        let tmp10 = tmp0e + tmp3e, tmp13 = tmp0e - tmp3e, tmp11 = tmp1e + tmp2e, tmp12 = tmp1e - tmp2e
        // Odd part.
        var tmp0 = i7, tmp1 = i5, tmp2 = i3, tmp3 = i1
        z1 = tmp0 + tmp3
        var z2 = tmp1 + tmp2, z3 = tmp0 + tmp2, z4 = tmp1 + tmp3
        let z5 = (z3 + z4) * f1_175875602
        tmp0 *= f0_298631336; tmp1 *= f2_053119869; tmp2 *= f3_072711026; tmp3 *= f1_501321110
        z1 *= -f0_899976223; z2 *= -f2_562915447; z3 *= -f1_961570560; z4 *= -f0_390180644
        z3 += z5; z4 += z5
        tmp0 += z1 + z3; tmp1 += z2 + z4; tmp2 += z2 + z3; tmp3 += z1 + z4
        return (tmp10 + tmp3, tmp11 + tmp2, tmp12 + tmp1, tmp13 + tmp0, tmp13 - tmp0, tmp12 - tmp1, tmp11 - tmp2, tmp10 - tmp3)
    }
}
