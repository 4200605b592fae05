/// The dequantised coefficients of the macroblocks of a key frame, read from the token
/// partitions (RFC 6386, section 13), and the "has coefficients" flags of the blocks above
/// and to the left that choose each block's first probabilities.
struct VP8Residuals {
    /// The coefficients of the current macroblock: 16 luma blocks, 4 U, 4 V, 16 each, in
    /// raster order within a block.
    private(set) var coefficients = [Int16](repeating: 0, count: 384)
    /// Whether block n of ``coefficients`` has a coefficient that is not zero.
    private(set) var nonZero = [Bool](repeating: false, count: 24)
    private var above: [UInt8]
    private var left = [UInt8](repeating: 0, count: 9)

    /// Flags for a frame `macroblockColumns` wide. Per column and for the left neighbour:
    /// 4 luma, 2 U, 2 V and the second-order (Y2) flag.
    init(macroblockColumns: Int) { above = [UInt8](repeating: 0, count: 9 * macroblockColumns) }

    /// Starts a row of macroblocks: nothing to the left.
    mutating func startRow() { left = [UInt8](repeating: 0, count: 9) }

    /// Reads the coefficients of the macroblock at column `mx`; returns whether all are zero.
    mutating func read(_ tokens: inout VP8BoolDecoder, modes: VP8MacroblockModes, mx: Int,
                       probabilities: [UInt8], quantizers: VP8FrameParameters.Quantizers) -> Bool {
        for i in coefficients.indices { coefficients[i] = 0 }
        let top = 9 * mx
        var firstType = 3, first = 0
        if !modes.hasSubblocks {
            var dc = [Int16](repeating: 0, count: 16)
            let count = Self.block(&tokens, probabilities, type: 1, context: Int(above[top + 8] + left[8]), first: 0,
                                   quantizer: quantizers.y2, into: &dc, at: 0)
            above[top + 8] = count > 0 ? 1 : 0
            left[8] = above[top + 8]
            if count > 1 {
                VP8InverseTransform.walshHadamard(dc[...], into: &coefficients)
            } else {
                let value = Int16(truncatingIfNeeded: (Int(dc[0]) + 3) >> 3)
                for n in 0..<16 { coefficients[16 * n] = value }
            }
            firstType = 0
            first = 1
        }
        var any = false
        for y in 0..<4 {
            for x in 0..<4 {
                let n = 4 * y + x
                let count = Self.block(&tokens, probabilities, type: firstType, context: Int(above[top + x] + left[y]), first: first,
                                       quantizer: quantizers.y1, into: &coefficients, at: 16 * n)
                let flag: UInt8 = count > first ? 1 : 0
                above[top + x] = flag
                left[y] = flag
                nonZero[n] = count > 1 || coefficients[16 * n] != 0
                any = any || nonZero[n]
            }
        }
        for plane in 0..<2 {
            for y in 0..<2 {
                for x in 0..<2 {
                    let n = 16 + 4 * plane + 2 * y + x
                    let a = top + 4 + 2 * plane + x, l = 4 + 2 * plane + y
                    let count = Self.block(&tokens, probabilities, type: 2, context: Int(above[a] + left[l]), first: 0,
                                           quantizer: quantizers.uv, into: &coefficients, at: 16 * n)
                    above[a] = count > 0 ? 1 : 0
                    left[l] = above[a]
                    nonZero[n] = count > 1 || coefficients[16 * n] != 0
                    any = any || nonZero[n]
                }
            }
        }
        return !any
    }

    /// A macroblock without coefficients (its skip flag): its blocks count as empty for the
    /// neighbours, the Y2 flag too unless it has subblocks (which have no Y2 block).
    mutating func skip(modes: VP8MacroblockModes, mx: Int) {
        for i in coefficients.indices { coefficients[i] = 0 }
        for i in nonZero.indices { nonZero[i] = false }
        for i in 0..<8 { above[9 * mx + i] = 0; left[i] = 0 }
        if !modes.hasSubblocks { above[9 * mx + 8] = 0; left[8] = 0 }
    }

    /// Reads one block's tokens from position `first` (section 13.2), writing each
    /// dequantised coefficient to `out[at + zigzag position]`; returns the position after
    /// the last token before the end of block (16 when none).
    private static func block(_ tokens: inout VP8BoolDecoder, _ probabilities: [UInt8], type: Int, context: Int, first: Int,
                              quantizer: (dc: Int, ac: Int), into out: inout [Int16], at: Int) -> Int {
        var context = context, afterZero = false
        var n = first
        while n < 16 {
            let base = ((type * 8 + Int(VP8Tables.bands[n])) * 3 + context) * 11
            let token = tokens.tree(VP8Tables.tokenTree, probabilities, base: base, start: afterZero ? 2 : 0)
            if token == 11 { return n }  // dct_eob
            afterZero = token == 0
            context = min(token, 2)
            if token > 0 {
                var value = token
                if token >= 5 {  // DCT_CAT1 ... DCT_CAT6: extra bits, most significant first
                    var extra = 0, p = Int(VP8Tables.categoryStarts[token - 5])
                    while VP8Tables.categoryProbabilities[p] != 0 {
                        extra = extra << 1 | (tokens.bit(Int(VP8Tables.categoryProbabilities[p])) ? 1 : 0)
                        p += 1
                    }
                    value = Int(VP8Tables.categoryBases[token - 5]) + extra
                }
                let signed = tokens.signed(value) * (n > 0 ? quantizer.ac : quantizer.dc)
                out[at + Int(VP8Tables.zigzag[n])] = Int16(truncatingIfNeeded: signed)
            }
            n += 1
        }
        return 16
    }
}
