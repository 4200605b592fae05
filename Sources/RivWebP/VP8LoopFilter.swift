/// The loop filters of VP8 (RFC 6386, section 15), in libwebp's arithmetic: across each
/// macroblock's left and top edges and, for macroblocks with 4x4 subblocks or coefficients,
/// its inner 4x4 edges. The simple filter touches luma only, one sample on each side; the
/// normal filter luma and chroma, up to three samples on each side of a macroblock edge.
struct VP8LoopFilter {
    /// `limit` and `interior` as ``VP8FrameParameters/FilterStrength`` gives them.
    let limit: Int
    let interior: Int
    let hevThreshold: Int

    /// Filters the macroblock at (`mx`, `my`): left edge, inner vertical edges, top edge,
    /// inner horizontal edges, in that order.
    /// The planes are the decoder's, padded to whole macroblocks: every sample an edge
    /// reads lies inside them.
    func filterMacroblock(simple: Bool, inner: Bool, mx: Int, my: Int, y: UnsafeMutablePointer<UInt8>, yStride: Int,
                          u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>, uvStride: Int) {
        let yAt = my * 16 * yStride + mx * 16, uvAt = my * 8 * uvStride + mx * 8
        if simple {
            if mx > 0 { simpleEdge(y, yAt, step: 1, along: yStride, threshold: limit + 4) }
            if inner { for k in 1..<4 { simpleEdge(y, yAt + 4 * k, step: 1, along: yStride, threshold: limit) } }
            if my > 0 { simpleEdge(y, yAt, step: yStride, along: 1, threshold: limit + 4) }
            if inner { for k in 1..<4 { simpleEdge(y, yAt + 4 * k * yStride, step: yStride, along: 1, threshold: limit) } }
            return
        }
        if mx > 0 {
            edge(y, yAt, step: 1, along: yStride, count: 16, threshold: limit + 4, macroblock: true)
            edge(u, uvAt, step: 1, along: uvStride, count: 8, threshold: limit + 4, macroblock: true)
            edge(v, uvAt, step: 1, along: uvStride, count: 8, threshold: limit + 4, macroblock: true)
        }
        if inner {
            for k in 1..<4 { edge(y, yAt + 4 * k, step: 1, along: yStride, count: 16, threshold: limit, macroblock: false) }
            edge(u, uvAt + 4, step: 1, along: uvStride, count: 8, threshold: limit, macroblock: false)
            edge(v, uvAt + 4, step: 1, along: uvStride, count: 8, threshold: limit, macroblock: false)
        }
        if my > 0 {
            edge(y, yAt, step: yStride, along: 1, count: 16, threshold: limit + 4, macroblock: true)
            edge(u, uvAt, step: uvStride, along: 1, count: 8, threshold: limit + 4, macroblock: true)
            edge(v, uvAt, step: uvStride, along: 1, count: 8, threshold: limit + 4, macroblock: true)
        }
        if inner {
            for k in 1..<4 { edge(y, yAt + 4 * k * yStride, step: yStride, along: 1, count: 16, threshold: limit, macroblock: false) }
            edge(u, uvAt + 4 * uvStride, step: uvStride, along: 1, count: 8, threshold: limit, macroblock: false)
            edge(v, uvAt + 4 * uvStride, step: uvStride, along: 1, count: 8, threshold: limit, macroblock: false)
        }
    }

    /// The simple filter across the edge before `start`, 16 samples `along` apart; `step`
    /// crosses the edge.
    private func simpleEdge(_ plane: UnsafeMutablePointer<UInt8>, _ start: Int, step: Int, along: Int, threshold: Int) {
        let threshold2 = 2 * threshold + 1
        for n in 0..<16 {
            let at = start + n * along
            let p1 = Int(plane[at - 2 * step]), p0 = Int(plane[at - step]), q0 = Int(plane[at]), q1 = Int(plane[at + step])
            if 4 * abs(p0 - q0) + abs(p1 - q1) <= threshold2 { adjustCommon(plane, at, step) }
        }
    }

    /// The normal filter across the edge before `start`: `count` positions `along` apart.
    private func edge(_ plane: UnsafeMutablePointer<UInt8>, _ start: Int, step: Int, along: Int, count: Int, threshold: Int, macroblock: Bool) {
        let threshold2 = 2 * threshold + 1
        for n in 0..<count {
            let at = start + n * along
            let p3 = Int(plane[at - 4 * step]), p2 = Int(plane[at - 3 * step]), p1 = Int(plane[at - 2 * step]), p0 = Int(plane[at - step])
            let q0 = Int(plane[at]), q1 = Int(plane[at + step]), q2 = Int(plane[at + 2 * step]), q3 = Int(plane[at + 3 * step])
            guard 4 * abs(p0 - q0) + abs(p1 - q1) <= threshold2,
                  abs(p3 - p2) <= interior, abs(p2 - p1) <= interior, abs(p1 - p0) <= interior,
                  abs(q3 - q2) <= interior, abs(q2 - q1) <= interior, abs(q1 - q0) <= interior else { continue }
            if abs(p1 - p0) > hevThreshold || abs(q1 - q0) > hevThreshold {
                adjustCommon(plane, at, step)
            } else if macroblock {
                let w = clampSigned(3 * (q0 - p0) + clampSigned(p1 - q1))
                let a1 = (27 * w + 63) >> 7, a2 = (18 * w + 63) >> 7, a3 = (9 * w + 63) >> 7
                plane[at - 3 * step] = UInt8(clamp(p2 + a3))
                plane[at - 2 * step] = UInt8(clamp(p1 + a2))
                plane[at - step] = UInt8(clamp(p0 + a1))
                plane[at] = UInt8(clamp(q0 - a1))
                plane[at + step] = UInt8(clamp(q1 - a2))
                plane[at + 2 * step] = UInt8(clamp(q2 - a3))
            } else {
                let a = 3 * (q0 - p0)
                let a1 = clampFilter((a + 4) >> 3), a2 = clampFilter((a + 3) >> 3), a3 = (a1 + 1) >> 1
                plane[at - 2 * step] = UInt8(clamp(p1 + a3))
                plane[at - step] = UInt8(clamp(p0 + a2))
                plane[at] = UInt8(clamp(q0 - a1))
                plane[at + step] = UInt8(clamp(q1 - a3))
            }
        }
    }

    /// The common adjustment of p0 and q0, with the outer taps p1 - q1.
    private func adjustCommon(_ plane: UnsafeMutablePointer<UInt8>, _ at: Int, _ step: Int) {
        let p1 = Int(plane[at - 2 * step]), p0 = Int(plane[at - step]), q0 = Int(plane[at]), q1 = Int(plane[at + step])
        let a = 3 * (q0 - p0) + clampSigned(p1 - q1)
        let a1 = clampFilter((a + 4) >> 3), a2 = clampFilter((a + 3) >> 3)
        plane[at - step] = UInt8(clamp(p0 + a2))
        plane[at] = UInt8(clamp(q0 - a1))
    }

    private func clampSigned(_ value: Int) -> Int { min(max(value, -128), 127) }
    private func clampFilter(_ value: Int) -> Int { min(max(value, -16), 15) }
}
