import RivImage

/// What the first partition of a VP8 key frame says before its macroblocks (RFC 6386,
/// sections 9.3 to 9.11): segmentation, the loop filter, the token partitions, the
/// quantizers and the coefficient probabilities.
struct VP8FrameParameters {
    /// The dequantisation factors of one segment: DC and AC for luma, the second-order
    /// luma block (Y2) and chroma.
    struct Quantizers {
        var y1 = (dc: 0, ac: 0)
        var y2 = (dc: 0, ac: 0)
        var uv = (dc: 0, ac: 0)
    }

    /// The loop filter of one segment and block kind (libwebp's precomputed strengths).
    struct FilterStrength {
        /// The edge limit (0: no filtering).
        var limit = 0
        /// The interior limit.
        var interior = 0
        /// The high edge variance threshold.
        var hevThreshold = 0
    }

    var updatesSegmentMap = false
    var segmentProbabilities: [UInt8] = [255, 255, 255]
    /// 0: none, 1: simple, 2: normal.
    var filterType = 0
    /// Indexed by segment * 2 + (1 for a macroblock of 4x4 subblocks).
    var filterStrengths = [FilterStrength](repeating: FilterStrength(), count: 8)
    var quantizers = [Quantizers](repeating: Quantizers(), count: 4)
    /// The coefficient probabilities, laid out as ``VP8Tables/defaultCoefficientProbabilities``.
    var coefficientProbabilities = VP8Tables.defaultCoefficientProbabilities
    var skipProbability: Int?
    /// The byte ranges of the token partitions.
    var partitions: [Range<Int>] = []

    /// Reads the parameters from `header` (the first partition, after the colour space and
    /// clamping bits); `rest` is the data after the first partition.
    init(_ header: inout VP8BoolDecoder, bytes: [UInt8], rest: Range<Int>) throws(ImageDecodingError) {
        _ = header.bit(128)  // colour space
        _ = header.bit(128)  // clamping type: the pixels are clamped either way
        var segmentQuantizers = [0, 0, 0, 0], segmentFilterLevels = [0, 0, 0, 0]
        var segmentsAbsolute = true
        let segmented = header.bit(128)
        if segmented {
            updatesSegmentMap = header.bit(128)
            if header.bit(128) {
                segmentsAbsolute = header.bit(128)
                for s in 0..<4 { segmentQuantizers[s] = header.optionalSigned(7) }
                for s in 0..<4 { segmentFilterLevels[s] = header.optionalSigned(6) }
            }
            if updatesSegmentMap {
                for s in 0..<3 { segmentProbabilities[s] = header.bit(128) ? UInt8(header.literal(8)) : 255 }
            }
        }
        let simple = header.bit(128)
        let level = header.literal(6), sharpness = header.literal(3)
        var referenceDelta = 0, modeDelta = 0
        let usesDeltas = header.bit(128)
        if usesDeltas, header.bit(128) {
            for i in 0..<4 where header.bit(128) {
                let delta = header.signedLiteral(6)
                if i == 0 { referenceDelta = delta }
            }
            for i in 0..<4 where header.bit(128) {
                let delta = header.signedLiteral(6)
                if i == 0 { modeDelta = delta }
            }
        }
        filterType = level == 0 ? 0 : simple ? 1 : 2
        guard !header.exhausted else {
            throw ImageDecodingError(.webp, .truncated, offset: header.offset, "the VP8 frame header ends in its segment or filter fields")
        }
        let partitionCount = 1 << header.literal(2)
        let sizesLength = 3 * (partitionCount - 1)
        guard rest.count >= sizesLength else {
            throw ImageDecodingError(.webp, .truncated, offset: rest.upperBound, "\(partitionCount) token partitions need \(sizesLength) bytes of sizes")
        }
        var start = rest.lowerBound + sizesLength
        for p in 0..<partitionCount {
            var size = rest.upperBound - start
            if p < partitionCount - 1 {
                let at = rest.lowerBound + 3 * p
                size = min(size, Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16)
            }
            partitions.append(start..<start + size)
            start += size
        }
        guard partitions[partitionCount - 1].count > 0 else {
            throw ImageDecodingError(.webp, .truncated, offset: rest.upperBound, "the last VP8 token partition is empty")
        }
        readQuantizers(&header, segmented: segmented, absolute: segmentsAbsolute, segmentQuantizers)
        _ = header.bit(128)  // refresh entropy probabilities: one frame, no matter
        for i in coefficientProbabilities.indices where header.bit(Int(VP8Tables.coefficientUpdateProbabilities[i])) {
            coefficientProbabilities[i] = UInt8(header.literal(8))
        }
        if header.bit(128) { skipProbability = header.literal(8) }
        for s in 0..<4 {
            var base = level
            if segmented { base = segmentFilterLevels[s] + (segmentsAbsolute ? 0 : level) }
            for subblocks in 0..<2 {
                filterStrengths[2 * s + subblocks] = Self.strength(base + (usesDeltas ? referenceDelta + (subblocks == 1 ? modeDelta : 0) : 0),
                                                                   sharpness: sharpness)
            }
        }
    }

    private mutating func readQuantizers(_ header: inout VP8BoolDecoder, segmented: Bool, absolute: Bool, _ segmentQuantizers: [Int]) {
        let base = header.literal(7)
        let y1DC = header.optionalSigned(4), y2DC = header.optionalSigned(4), y2AC = header.optionalSigned(4)
        let uvDC = header.optionalSigned(4), uvAC = header.optionalSigned(4)
        func dc(_ q: Int, _ top: Int = 127) -> Int { Int(VP8Tables.dcQuantizer[min(max(q, 0), top)]) }
        func ac(_ q: Int) -> Int { Int(VP8Tables.acQuantizer[min(max(q, 0), 127)]) }
        for s in 0..<4 {
            let q = segmented ? segmentQuantizers[s] + (absolute ? 0 : base) : base
            var m = Quantizers()
            m.y1 = (dc(q + y1DC), ac(q))
            // Y2: twice the DC factor, 155/100 of the AC factor and at least 8 (section 14.1).
            m.y2 = (2 * dc(q + y2DC), max(8, ac(q + y2AC) * 155 / 100))
            m.uv = (dc(q + uvDC, 117), ac(q + uvAC))
            quantizers[s] = m
        }
    }

    /// The filter strength of a macroblock whose level is `level` (section 15.2, in
    /// libwebp's precomputed form: limits doubled for its four-sample comparisons).
    private static func strength(_ level: Int, sharpness: Int) -> FilterStrength {
        let level = min(max(level, 0), 63)
        guard level > 0 else { return FilterStrength() }
        var interior = level
        if sharpness > 0 {
            interior >>= sharpness > 4 ? 2 : 1
            interior = min(interior, 9 - sharpness)
        }
        interior = max(interior, 1)
        return FilterStrength(limit: 2 * level + interior, interior: interior, hevThreshold: level >= 40 ? 2 : level >= 15 ? 1 : 0)
    }
}
