/// The five PNG filter types, which turn each byte of a scanline into its
/// difference from a prediction made from the byte to the left (`a`), above (`b`)
/// and above-left (`c`), `stride` bytes being one pixel (at least one byte).
enum RowFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub, up, average, paeth

    /// The Paeth prediction of a byte from its left (`a`), above (`b`) and above-left (`c`)
    /// neighbours: of the three, the nearest to `a + b - c` (`a`, then `b`, on a tie), chosen
    /// as two selections without branches: the nearer of `a` and `b`, then `c` only when
    /// strictly nearer than that.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        @inline(__always) func distance(_ x: Int) -> Int { x < 0 ? 0 &- x : x }
        let a = Int(a), b = Int(b), c = Int(c)
        let pa = distance(b &- c), pb = distance(a &- c), pc = distance(a &+ b &- c &- c)
        let nearer = pb < pa ? b : a
        return UInt8(truncatingIfNeeded: pc < min(pa, pb) ? c : nearer)
    }

    /// Undoes this filter on `row` in place; `previous` is the row above, already unfiltered
    /// (nil on the first row of a pass, which behaves as a row of zeros).
    func unfilter(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, stride: Int) {
        // The common strides as constants, so each loop is compiled for its pixel size.
        switch stride {
        case 1: unfilter(row, previous: previous, count: count, fixedStride: 1)
        case 3: unfilter(row, previous: previous, count: count, fixedStride: 3)
        case 4 where self == .paeth && previous != nil:
            Self.unfilterPaeth(row, previous: previous!, count: count, first: 0, step: 4)
        case 8 where self == .paeth && previous != nil:
            Self.unfilterPaeth(row, previous: previous!, count: count, first: 0, step: 8)
            Self.unfilterPaeth(row, previous: previous!, count: count, first: 4, step: 8)
        case 4: unfilter(row, previous: previous, count: count, fixedStride: 4)
        case 8: unfilter(row, previous: previous, count: count, fixedStride: 8)
        default: unfilter(row, previous: previous, count: count, fixedStride: stride)
        }
    }

    /// ``unfilter(_:previous:count:stride:)`` with the first pixel's bytes (no left neighbour)
    /// taken out of the loops, which then have no branch per byte.
    @inline(__always)
    private func unfilter(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, fixedStride stride: Int) {
        let lead = min(stride, count)
        switch (self, previous) {
        case (.none, _), (.up, nil): return
        case (.sub, _), (.paeth, nil):
            for i in lead..<count { row[i] &+= row[i - stride] }
        case (.up, let previous?):
            for i in 0..<count { row[i] &+= previous[i] }
        case (.average, nil):
            for i in lead..<count { row[i] &+= row[i - stride] >> 1 }
        case (.average, let previous?):
            for i in 0..<lead { row[i] &+= previous[i] >> 1 }
            for i in lead..<count { row[i] &+= UInt8((UInt16(row[i - stride]) + UInt16(previous[i])) >> 1) }
        case (.paeth, let previous?):
            // With no left or above-left neighbour the predictor is the byte above.
            for i in 0..<lead { row[i] &+= previous[i] }
            for i in lead..<count {
                row[i] &+= Self.paethPredictor(row[i - stride], previous[i], previous[i - stride])
            }
        }
    }

    /// Undoes Paeth on four bytes of each pixel, those at `first` to `first + 3` of every
    /// `step` bytes (the pixel size; `count` is a whole number of pixels), as the lanes of one
    /// vector: the left and above-left neighbours stay in registers rather than being read back
    /// from what was just written.
    @inline(__always)
    private static func unfilterPaeth(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
                                      count: Int, first: Int, step: Int) {
        var a = SIMD4<Int16>(), c = SIMD4<Int16>()
        let target = UnsafeMutableRawPointer(row), above = UnsafeRawPointer(previous)
        var i = first
        while i + 4 <= count {
            let b = SIMD4<Int16>(truncatingIfNeeded: above.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt8>.self))
            let x = SIMD4<Int16>(truncatingIfNeeded: target.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt8>.self))
            let pa = pointwiseMax(b &- c, c &- b), pb = pointwiseMax(a &- c, c &- a)
            let pc = pointwiseMax(a &+ b &- c &- c, c &+ c &- a &- b)
            var predictor = a
            predictor.replace(with: b, where: pb .< pa)
            predictor.replace(with: c, where: pc .< pointwiseMin(pa, pb))
            a = (x &+ predictor) & 0xFF
            target.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: a), toByteOffset: i, as: SIMD4<UInt8>.self)
            c = b
            i += step
        }
    }

    /// Writes this filter applied to `row` into `output` (`count` bytes); `previous` is the
    /// unfiltered row above (nil on the first row).
    func filter(_ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, stride: Int,
                into output: UnsafeMutablePointer<UInt8>) {
        let lead = min(stride, count)
        switch (self, previous) {
        case (.none, _), (.up, nil):
            output.update(from: row, count: count)
        case (.sub, _), (.paeth, nil):
            output.update(from: row, count: lead)
            for i in lead..<count { output[i] = row[i] &- row[i - stride] }
        case (.up, let previous?):
            for i in 0..<count { output[i] = row[i] &- previous[i] }
        case (.average, nil):
            output.update(from: row, count: lead)
            for i in lead..<count { output[i] = row[i] &- row[i - stride] >> 1 }
        case (.average, let previous?):
            for i in 0..<lead { output[i] = row[i] &- previous[i] >> 1 }
            for i in lead..<count {
                output[i] = row[i] &- UInt8(truncatingIfNeeded: (UInt16(row[i - stride]) &+ UInt16(previous[i])) >> 1)
            }
        case (.paeth, let previous?):
            // With no left or above-left neighbour the predictor is the byte above.
            for i in 0..<lead { output[i] = row[i] &- previous[i] }
            for i in lead..<count { output[i] = row[i] &- Self.paethPredictor(row[i - stride], previous[i], previous[i - stride]) }
        }
    }
}
