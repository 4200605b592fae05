/// How much of each pixel of a box a shape covers, 0 to 1 (outside the box: 0).
struct CoverageMask {
    /// The pixels the mask holds.
    var box: PixelBox
    /// `box.width * box.height` coverages, row by row (any values after them are not the mask's:
    /// a buffer kept from drawing to drawing may be longer).
    var values: [Float]

    /// A mask of nothing.
    static let empty = CoverageMask(box: .empty, values: [])

    /// The coverage at canvas pixel (x, y), 0 outside the box.
    @inline(__always)
    func value(x: Int, y: Int) -> Float {
        guard x >= box.x, x < box.maxX, y >= box.y, y < box.maxY else { return 0 }
        return values[(y - box.y) * box.width + x - box.x]
    }

    /// Multiplies this mask by `other` over their boxes' intersection (the intersection of
    /// two coverages, as a clip applies), in this mask's memory.
    mutating func intersect(with other: CoverageMask) {
        self = cropped(to: other.box)
        let box = self.box
        guard !box.isEmpty else { return }
        values.withUnsafeMutableBufferPointer { out in
            other.values.withUnsafeBufferPointer { b in
                for y in box.y..<box.maxY {
                    let rowB = (y - other.box.y) * other.box.width + box.x - other.box.x
                    let rowOut = (y - box.y) * box.width
                    for i in 0..<box.width { out[rowOut + i] *= b[rowB + i] }
                }
            }
        }
    }

    /// This mask cut to `limit`.
    func cropped(to limit: PixelBox) -> CoverageMask {
        let box = self.box.intersection(limit)
        guard box != self.box else { return self }
        guard !box.isEmpty else { return .empty }
        var values = [Float](repeating: 0, count: box.width * box.height)
        for y in box.y..<box.maxY {
            let from = (y - self.box.y) * self.box.width + box.x - self.box.x
            for i in 0..<box.width { values[(y - box.y) * box.width + i] = self.values[from + i] }
        }
        return CoverageMask(box: box, values: values)
    }
}
