/// A pushed clip: its coverage mask and, for each row of the mask's box, the columns between
/// the first and the last pixel whose coverage is not 0. A drawing under the clip is
/// clipped and blended only there: elsewhere in the row the clip makes its coverage 0.
struct ClipMask {
    /// The clip's coverage, already intersected with the clips below it.
    let mask: CoverageMask
    /// Per row, the first column and one past the last (box coordinates) with coverage above
    /// 0, at `2 * row` and `2 * row + 1`; equal when the row has none.
    private let spans: [Int32]

    /// A clip of nothing.
    static let empty = ClipMask(.empty)

    /// The clip of `mask`: one scan of its rows to find each row's covered columns.
    init(_ mask: CoverageMask) {
        self.mask = mask
        let box = mask.box
        spans = mask.values.withUnsafeBufferPointer { values in
            [Int32](unsafeUninitializedCapacity: 2 * box.height) { spans, count in
                for row in 0..<box.height {
                    let line = values.baseAddress! + row * box.width
                    var first = 0, end = box.width
                    while first < end && !(line[first] > 0) { first += 1 }
                    while end > first && !(line[end - 1] > 0) { end -= 1 }
                    spans[2 * row] = Int32(first)
                    spans[2 * row + 1] = Int32(end)
                }
                count = 2 * box.height
            }
        }
    }

    /// The columns of `columns` (offsets from canvas column `x`) that lie within row `y`'s
    /// covered columns; empty when the row is outside the clip's box.
    @inline(__always)
    func visible(_ columns: Range<Int>, x: Int, y: Int) -> Range<Int> {
        let box = mask.box
        guard y >= box.y, y < box.maxY else { return columns.lowerBound..<columns.lowerBound }
        let row = y - box.y, shift = box.x - x
        let lower = max(columns.lowerBound, Int(spans[2 * row]) + shift)
        let upper = min(columns.upperBound, Int(spans[2 * row + 1]) + shift)
        return lower < upper ? lower..<upper : lower..<lower
    }

    /// Clips `coverage[i]`, the coverage of canvas pixel (`x + i`, `y`), by the clip's, for the
    /// `i` in `columns` (which lie within the clip's box): a sharp edge's coverage takes the
    /// smaller of the two (the area inside both, where the edges run together, as Rive's
    /// renderer clips and cairo's clip of a path gives), a feathered one is multiplied by the
    /// clip's (a blurred picture seen through the clip's mask, as rsvg draws it).
    @inline(__always)
    func apply(to coverage: UnsafeMutablePointer<Float>, in columns: Range<Int>, x: Int, y: Int, feathered: Bool) {
        mask.values.withUnsafeBufferPointer { clipValues in
            let from = clipValues.baseAddress! + (y - mask.box.y) * mask.box.width + x - mask.box.x
            if feathered {
                for i in columns { coverage[i] *= from[i] }
            } else {
                for i in columns { coverage[i] = min(coverage[i], from[i]) }
            }
        }
    }
}
