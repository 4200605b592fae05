/// The inverse transforms of VP8 (RFC 6386, section 14): the Walsh-Hadamard transform of
/// the second-order luma DC block and the integer DCT of each 4x4 block, whose residue is
/// added to the prediction. The arithmetic is libwebp's (its rounding is the RFC's).
enum VP8InverseTransform {
    /// The 16 luma DC values from the second-order block `input` (16 coefficients in raster
    /// order), written to `output[16 * n]` for subblock n.
    static func walshHadamard(_ input: ArraySlice<Int16>, into output: inout [Int16]) {
        let base = input.startIndex
        var temp = [Int](repeating: 0, count: 16)
        for i in 0..<4 {
            let a0 = Int(input[base + i]) + Int(input[base + 12 + i]), a1 = Int(input[base + 4 + i]) + Int(input[base + 8 + i])
            let a2 = Int(input[base + 4 + i]) - Int(input[base + 8 + i]), a3 = Int(input[base + i]) - Int(input[base + 12 + i])
            temp[i] = a0 + a1
            temp[8 + i] = a0 - a1
            temp[4 + i] = a3 + a2
            temp[12 + i] = a3 - a2
        }
        for i in 0..<4 {
            let dc = temp[4 * i] + 3
            let a0 = dc + temp[4 * i + 3], a1 = temp[4 * i + 1] + temp[4 * i + 2]
            let a2 = temp[4 * i + 1] - temp[4 * i + 2], a3 = dc - temp[4 * i + 3]
            let at = 64 * i
            output[at] = Int16(truncatingIfNeeded: (a0 + a1) >> 3)
            output[at + 16] = Int16(truncatingIfNeeded: (a3 + a2) >> 3)
            output[at + 32] = Int16(truncatingIfNeeded: (a0 - a1) >> 3)
            output[at + 48] = Int16(truncatingIfNeeded: (a3 - a2) >> 3)
        }
    }

    /// Adds the inverse DCT of the 16 coefficients at `coefficients[start...]` to the 4x4
    /// block at (`x`, `y`) of `plane`, clamping to 0...255.
    static func addInverseDCT(_ coefficients: [Int16], _ start: Int, to plane: inout [UInt8], stride: Int, x: Int, y: Int) {
        // 20091 / 65536 + 1 and 35468 / 65536: sqrt(2) cos(pi / 8) and sqrt(2) sin(pi / 8).
        func mul1(_ a: Int) -> Int { (a * 20091) >> 16 + a }
        func mul2(_ a: Int) -> Int { (a * 35468) >> 16 }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { temp in
            for i in 0..<4 {  // columns
                let c0 = Int(coefficients[start + i]), c4 = Int(coefficients[start + 4 + i])
                let c8 = Int(coefficients[start + 8 + i]), c12 = Int(coefficients[start + 12 + i])
                let a = c0 + c8, b = c0 - c8
                let c = mul2(c4) - mul1(c12), d = mul1(c4) + mul2(c12)
                temp[4 * i] = a + d
                temp[4 * i + 1] = b + c
                temp[4 * i + 2] = b - c
                temp[4 * i + 3] = a - d
            }
            for i in 0..<4 {  // rows
                let dc = temp[i] + 4
                let a = dc + temp[8 + i], b = dc - temp[8 + i]
                let c = mul2(temp[4 + i]) - mul1(temp[12 + i]), d = mul1(temp[4 + i]) + mul2(temp[12 + i])
                let row = (y + i) * stride + x
                plane[row] = add(plane[row], a + d)
                plane[row + 1] = add(plane[row + 1], b + c)
                plane[row + 2] = add(plane[row + 2], b - c)
                plane[row + 3] = add(plane[row + 3], a - d)
            }
        }
    }

    /// `sample` plus an eighth of `residue`, clamped.
    private static func add(_ sample: UInt8, _ residue: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: clamp(Int(sample) + residue >> 3))
    }
}
