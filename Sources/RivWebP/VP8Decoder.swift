import RivImage

/// Decodes the key frame of a `VP8 ` chunk (RFC 6386) to its Y, U and V planes, as libwebp
/// does: the modes of each row of macroblocks from the first partition, their coefficients
/// from the row's token partition, prediction and inverse transforms into planes padded to
/// whole macroblocks, then the loop filter over the whole frame in macroblock order
/// (prediction reads the unfiltered samples, as the format requires).
struct VP8Decoder {
    /// The decoded planes: luma `width` x `height` samples at ``lumaStride`` a row, chroma
    /// half as wide and high (rounded up) at ``chromaStride``.
    struct Planes {
        let width: Int
        let height: Int
        var y: [UInt8]
        var u: [UInt8]
        var v: [UInt8]
        let lumaStride: Int
        let chromaStride: Int
    }

    /// The planes of the frame in `chunk`, `width` x `height` (its header's size).
    static func decode(_ bytes: [UInt8], _ chunk: WebPContainer.Chunk, width: Int, height: Int) throws(ImageDecodingError) -> Planes {
        let d = chunk.data.lowerBound
        let tag = Int(bytes[d]) | Int(bytes[d + 1]) << 8 | Int(bytes[d + 2]) << 16
        guard tag >> 1 & 7 <= 3 else { throw ImageDecodingError(.webp, .malformed, offset: d, "VP8 profile \(tag >> 1 & 7)") }
        guard tag >> 4 & 1 == 1 else { throw ImageDecodingError(.webp, .unsupported, offset: d, "a VP8 frame that is not to be shown") }
        let firstLength = tag >> 5, first = d + 10
        guard firstLength <= chunk.data.upperBound - first else {
            throw ImageDecodingError(.webp, .truncated, offset: chunk.data.upperBound,
                                     "a first partition of \(firstLength) bytes in \(chunk.data.upperBound - first)")
        }
        var header = VP8BoolDecoder(bytes, first..<first + firstLength)
        let parameters = try VP8FrameParameters(&header, bytes: bytes, rest: first + firstLength..<chunk.data.upperBound)
        var tokens = parameters.partitions.map { VP8BoolDecoder(bytes, $0) }
        let columns = (width + 15) / 16, rows = (height + 15) / 16
        var planes = Planes(width: width, height: height, y: [UInt8](repeating: 0, count: columns * rows * 256),
                            u: [UInt8](repeating: 0, count: columns * rows * 64), v: [UInt8](repeating: 0, count: columns * rows * 64),
                            lumaStride: 16 * columns, chromaStride: 8 * columns)
        // Per macroblock: the filter strength index (segment * 2 + subblocks) and whether its inner edges are filtered.
        var filters = [UInt8](repeating: 0, count: parameters.filterType > 0 ? columns * rows : 0)
        var aboveModes = [Int](repeating: 0, count: 4 * columns)
        var residuals = VP8Residuals(macroblockColumns: columns)
        var rowModes: [VP8MacroblockModes] = []
        var edges = VP8Prediction()
        rowModes.reserveCapacity(columns)
        for my in 0..<rows {
            var leftModes = [0, 0, 0, 0]
            rowModes.removeAll(keepingCapacity: true)
            for mx in 0..<columns {
                rowModes.append(VP8MacroblockModes(&header, parameters, above: &aboveModes, column: 4 * mx, left: &leftModes))
            }
            guard !header.exhausted else {
                throw ImageDecodingError(.webp, .truncated, offset: header.offset, "the VP8 first partition ends in macroblock row \(my)")
            }
            residuals.startRow()
            let partition = my & (tokens.count - 1)
            for mx in 0..<columns {
                let modes = rowModes[mx]
                var empty = true
                if modes.skipsCoefficients {
                    residuals.skip(modes: modes, mx: mx)
                } else {
                    empty = residuals.read(&tokens[partition], modes: modes, mx: mx, probabilities: parameters.coefficientProbabilities,
                                           quantizers: parameters.quantizers[modes.segment])
                }
                guard !tokens[partition].exhausted else {
                    throw ImageDecodingError(.webp, .truncated, offset: tokens[partition].offset,
                                             "VP8 token partition \(partition) ends in macroblock (\(mx), \(my))")
                }
                reconstruct(&planes, &edges, modes: modes, residuals: residuals, mx: mx, my: my, columns: columns)
                if !filters.isEmpty {
                    filters[my * columns + mx] = UInt8(2 * modes.segment + (modes.hasSubblocks ? 1 : 0)) | (modes.hasSubblocks || !empty ? 0x80 : 0)
                }
            }
        }
        if !filters.isEmpty { filter(&planes, parameters, filters, columns: columns, rows: rows) }
        return planes
    }

    /// Predicts the macroblock at (`mx`, `my`) and adds its residue; `edges` is scratch.
    private static func reconstruct(_ planes: inout Planes, _ edges: inout VP8Prediction, modes: VP8MacroblockModes, residuals: VP8Residuals,
                                    mx: Int, my: Int, columns: Int) {
        let stride = planes.lumaStride, x0 = 16 * mx, y0 = 16 * my
        func luma(_ x: Int, _ y: Int) -> Int { y < 0 ? 127 : x < 0 ? 129 : Int(planes.y[y * stride + x]) }
        if modes.hasSubblocks {
            for n in 0..<16 {
                let x = x0 + 4 * (n & 3), y = y0 + 4 * (n >> 2)
                for i in 0..<4 {
                    edges.top[i] = luma(x + i, y - 1)
                    edges.left[i] = luma(x - 1, y + i)
                    // The right column's above-right samples are the macroblock's, from the
                    // macroblock above and to the right (its last sample repeated on the right edge).
                    edges.top[4 + i] = n & 3 != 3 ? luma(x + 4 + i, y - 1)
                        : my == 0 ? 127 : mx == columns - 1 ? luma(x0 + 15, y0 - 1) : luma(x0 + 16 + i, y0 - 1)
                }
                edges.topLeft = luma(x - 1, y - 1)
                edges.predictSubblock(modes.subblocks[n], into: &planes.y, stride: stride, x: x, y: y)
                if residuals.nonZero[n] {
                    VP8InverseTransform.addInverseDCT(residuals.coefficients, 16 * n, to: &planes.y, stride: stride, x: x, y: y)
                }
            }
        } else {
            for i in 0..<16 {
                edges.top[i] = luma(x0 + i, y0 - 1)
                edges.left[i] = luma(x0 - 1, y0 + i)
            }
            edges.topLeft = luma(x0 - 1, y0 - 1)
            edges.predictBlock(modes.luma, size: 16, hasTop: my > 0, hasLeft: mx > 0, into: &planes.y, stride: stride, x: x0, y: y0)
            for n in 0..<16 where residuals.nonZero[n] {
                VP8InverseTransform.addInverseDCT(residuals.coefficients, 16 * n, to: &planes.y, stride: stride, x: x0 + 4 * (n & 3), y: y0 + 4 * (n >> 2))
            }
        }
        reconstructChroma(&planes.u, &edges, stride: planes.chromaStride, modes: modes, residuals: residuals, firstBlock: 16, mx: mx, my: my)
        reconstructChroma(&planes.v, &edges, stride: planes.chromaStride, modes: modes, residuals: residuals, firstBlock: 20, mx: mx, my: my)
    }

    /// Predicts one 8x8 chroma block of the macroblock at (`mx`, `my`) and adds the residue
    /// of its 4 blocks, from `firstBlock` in the macroblock's coefficients.
    private static func reconstructChroma(_ plane: inout [UInt8], _ edges: inout VP8Prediction, stride: Int, modes: VP8MacroblockModes,
                                          residuals: VP8Residuals, firstBlock: Int, mx: Int, my: Int) {
        func sample(_ x: Int, _ y: Int) -> Int { y < 0 ? 127 : x < 0 ? 129 : Int(plane[y * stride + x]) }
        let x0 = 8 * mx, y0 = 8 * my
        for i in 0..<8 {
            edges.top[i] = sample(x0 + i, y0 - 1)
            edges.left[i] = sample(x0 - 1, y0 + i)
        }
        edges.topLeft = sample(x0 - 1, y0 - 1)
        edges.predictBlock(modes.chroma, size: 8, hasTop: my > 0, hasLeft: mx > 0, into: &plane, stride: stride, x: x0, y: y0)
        for b in 0..<4 where residuals.nonZero[firstBlock + b] {
            VP8InverseTransform.addInverseDCT(residuals.coefficients, 16 * (firstBlock + b), to: &plane, stride: stride,
                                              x: x0 + 4 * (b & 1), y: y0 + 4 * (b >> 1))
        }
    }

    /// Runs the loop filter over every macroblock, in raster order.
    private static func filter(_ planes: inout Planes, _ parameters: VP8FrameParameters, _ filters: [UInt8], columns: Int, rows: Int) {
        let lumaStride = planes.lumaStride, chromaStride = planes.chromaStride
        planes.y.withUnsafeMutableBufferPointer { y in
            planes.u.withUnsafeMutableBufferPointer { u in
                planes.v.withUnsafeMutableBufferPointer { v in
                    guard let y = y.baseAddress, let u = u.baseAddress, let v = v.baseAddress else { return }
                    for my in 0..<rows {
                        for mx in 0..<columns {
                            let info = filters[my * columns + mx]
                            let strength = parameters.filterStrengths[Int(info & 0x7F)]
                            guard strength.limit > 0 else { continue }
                            let filter = VP8LoopFilter(limit: strength.limit, interior: strength.interior, hevThreshold: strength.hevThreshold)
                            filter.filterMacroblock(simple: parameters.filterType == 1, inner: info & 0x80 != 0, mx: mx, my: my,
                                                    y: y, yStride: lumaStride, u: u, v: v, uvStride: chromaStride)
                        }
                    }
                }
            }
        }
    }
}
