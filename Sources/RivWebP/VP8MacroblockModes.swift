/// The prediction modes of one macroblock of a key frame, read from the first partition
/// (RFC 6386, sections 10, 11 and 19.3): its segment, whether it has no coefficients, and
/// its luma and chroma modes.
struct VP8MacroblockModes {
    var segment = 0
    var skipsCoefficients = false
    /// The 16x16 luma mode (DC 0, V 1, H 2, TM 3) or 4 (B_PRED: each subblock its own mode).
    var luma = 0
    /// The 16 subblock modes, in raster order (B_PRED only).
    var subblocks = [Int](repeating: 0, count: 16)
    /// The chroma mode (DC 0, V 1, H 2, TM 3).
    var chroma = 0

    var hasSubblocks: Bool { luma == 4 }

    /// Reads one macroblock's modes. `above` holds the subblock modes of the bottom row of
    /// the macroblock above (4 entries from `column`), `left` those of the right column of
    /// the macroblock to the left; both are updated. A 16x16 mode counts as the subblock
    /// mode of the same prediction (section 11.3).
    init(_ header: inout VP8BoolDecoder, _ parameters: VP8FrameParameters, above: inout [Int], column: Int, left: inout [Int]) {
        if parameters.updatesSegmentMap { segment = header.tree(VP8Tables.segmentTree, parameters.segmentProbabilities) }
        if let probability = parameters.skipProbability { skipsCoefficients = header.bit(probability) }
        luma = header.tree(VP8Tables.keyFrameLumaModeTree, VP8Tables.keyFrameLumaModeProbabilities)
        if hasSubblocks {
            for y in 0..<4 {
                for x in 0..<4 {
                    let context = (10 * above[column + x] + left[y]) * 9
                    let mode = header.tree(VP8Tables.subblockModeTree, VP8Tables.keyFrameSubblockModeProbabilities, base: context)
                    subblocks[4 * y + x] = mode
                    above[column + x] = mode
                    left[y] = mode
                }
            }
        } else {
            // DC, V, H, TM as the subblock modes B_DC_PRED 0, B_VE_PRED 2, B_HE_PRED 3, B_TM_PRED 1.
            let implied = [0, 2, 3, 1][luma]
            for i in 0..<4 { above[column + i] = implied; left[i] = implied }
        }
        chroma = header.tree(VP8Tables.chromaModeTree, VP8Tables.keyFrameChromaModeProbabilities)
    }
}
