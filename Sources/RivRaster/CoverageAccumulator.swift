/// Exact-area coverage of polygons, the way font rasterizers compute it: each edge adds, to the
/// cells of every row it crosses, the signed area it sweeps to its right within that row;
/// a running sum along the row then gives each pixel's area-weighted winding number, which
/// the fill rule turns into coverage. Work is linear in the edges' length in pixels and in the
/// columns between each row's first and last touched cell; memory is one float per pixel of
/// the box (plus two a row).
struct CoverageAccumulator {
    /// The pixels accumulated; edges outside it count only through their winding.
    let box: PixelBox
    private let stride: Int
    /// Zero except where edges have been added and their rows not yet taken.
    private var cells: [Float]
    /// Per row, the first and last cell an edge touched (at `2 * row` and `2 * row + 1`; first
    /// after last: none), so a row is summed and cleared only there.
    private var touched: [Int32]

    /// An accumulator over `box` (not empty), its cells in `storage`'s memory: a buffer kept
    /// from drawing to drawing (so large boxes do not map fresh pages each time) that must hold
    /// only zeros, as ``storage()`` hands it back.
    init(box: PixelBox, storage: [Float] = []) {
        self.box = box
        stride = box.width + 2
        cells = storage
        if cells.count < stride * box.height { cells.append(contentsOf: repeatElement(0, count: stride * box.height - cells.count)) }
        touched = [Int32](unsafeUninitializedCapacity: 2 * box.height) { touched, count in
            for row in 0..<box.height { touched[2 * row] = Int32.max; touched[2 * row + 1] = -1 }
            count = 2 * box.height
        }
    }

    /// The cells' memory for the next accumulator, every cell zero again (rows not taken are cleared here).
    consuming func storage() -> [Float] {
        for row in 0..<box.height where touched[2 * row] <= touched[2 * row + 1] { clear(row) }
        return cells
    }

    /// Adds every contour of `contours` (each closed by a line back to its start).
    mutating func add(_ contours: [Contour]) {
        for contour in contours where contour.points.count > 1 {
            var previous = contour.points[contour.points.count - 1]
            for point in contour.points {
                addEdge(from: previous, to: point)
                previous = point
            }
        }
    }

    /// Adds the edge from `p` to `q` (canvas coordinates). The part above or below the box
    /// is cut off (it covers none of its rows); the parts left or right of it are moved onto
    /// its left or right side, where they still change the winding of the pixels to their right.
    mutating func addEdge(from p: RasterPoint, to q: RasterPoint) {
        let width = Double(box.width), height = Double(box.height)
        var x0 = p.x - Double(box.x), y0 = p.y - Double(box.y)
        var x1 = q.x - Double(box.x), y1 = q.y - Double(box.y)
        guard y0 != y1 else { return }
        let direction: Float = y0 < y1 ? 1 : -1
        if y0 > y1 { swap(&x0, &x1); swap(&y0, &y1) }
        guard y1 > 0, y0 < height else { return }
        let slope = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 += slope * -y0; y0 = 0 }
        if y1 > height { x1 = x0 + slope * (height - y0); y1 = height }
        guard y1 > y0 else { return }
        // Cut where the edge crosses the box's left or right side, then clamp each piece.
        var cuts: [Double] = []
        for side in [0.0, width] where (x0 - side) * (x1 - side) < 0 {
            cuts.append(y0 + (side - x0) / (x1 - x0) * (y1 - y0))
        }
        if cuts.count == 2 && cuts[0] > cuts[1] { cuts.swapAt(0, 1) }
        var startY = y0, startX = x0
        for endY in cuts + [y1] {
            let endX = endY == y1 ? x1 : x0 + slope * (endY - y0)
            if endY > startY {
                line(min(max(startX, 0), width), startY, min(max(endX, 0), width), endY, direction)
            }
            startY = endY
            startX = endX
        }
    }

    /// Accumulates a line inside the box, `y0 < y1`, both x within 0...width.
    private mutating func line(_ xStart: Double, _ y0: Double, _ xEnd: Double, _ y1: Double, _ direction: Float) {
        let slope = (xEnd - xStart) / (y1 - y0)
        var x = xStart
        let firstRow = Int(y0), endRow = min(Int(y1.rounded(.up)), box.height)
        let stride = self.stride, width = Double(box.width)
        // Moved out while the cells are written (one buffer each, no copy).
        var spans = touched
        touched = []
        defer { touched = spans }
        spans.withUnsafeMutableBufferPointer { spans in cells.withUnsafeMutableBufferPointer { cells in
            for row in firstRow..<endRow {
                let base = row * stride
                let dy = min(Double(row + 1), y1) - max(Double(row), y0)
                // Clamped: rounding must not carry a step past the box's sides.
                let xNext = row + 1 >= endRow ? xEnd : min(max(x + slope * dy, 0), width)
                let d = Float(dy) * direction
                let left = min(x, xNext), right = max(x, xNext)
                let leftFloor = left.rounded(.down), rightCeil = right.rounded(.up)
                let leftIndex = Int(leftFloor), rightIndex = Int(rightCeil)
                spans[2 * row] = min(spans[2 * row], Int32(leftIndex))
                spans[2 * row + 1] = max(spans[2 * row + 1], Int32(max(rightIndex, leftIndex + 1)))
                if rightIndex <= leftIndex + 1 {
                    // Within one pixel column: the area right of the edge's mid-point.
                    let mid = Float(0.5 * (x + xNext) - leftFloor)
                    cells[base + leftIndex] += d - d * mid
                    cells[base + leftIndex + 1] += d * mid
                } else {
                    let s = Float(1 / (right - left))
                    let leftFraction = Float(left - leftFloor)
                    let a0 = 0.5 * s * (1 - leftFraction) * (1 - leftFraction)
                    let rightFraction = Float(right - rightCeil + 1)
                    let am = 0.5 * s * rightFraction * rightFraction
                    cells[base + leftIndex] += d * a0
                    if rightIndex == leftIndex + 2 {
                        cells[base + leftIndex + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - leftFraction)
                        cells[base + leftIndex + 1] += d * (a1 - a0)
                        for column in (leftIndex + 2)..<(rightIndex - 1) { cells[base + column] += d * s }
                        let a2 = a1 + Float(rightIndex - leftIndex - 3) * s
                        cells[base + rightIndex - 1] += d * (1 - a2 - am)
                    }
                    cells[base + rightIndex] += d * am
                }
                x = xNext
            }
        } }
    }

    /// The coverage of each pixel under `rule`, written into `storage`'s memory. `mirrored`
    /// says the path's own coordinates were mirrored on the way to the canvas (for
    /// ``FillRule/clockwise``). Takes every row (see ``takeRow(_:rule:mirrored:into:)``).
    mutating func mask(rule: FillRule, mirrored: Bool = false, storage: [Float] = []) -> CoverageMask {
        var values = storage
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(0, count: box.width * box.height))
        let width = box.width
        values.withUnsafeMutableBufferPointer { values in
            for row in 0..<box.height { _ = takeRow(row, rule: rule, mirrored: mirrored, into: values.baseAddress! + row * width) }
        }
        return CoverageMask(box: box, values: values)
    }

    /// The coverage under `rule` of row `row`'s pixels, written into `out` (indexed by column)
    /// over the columns returned; every other column of the row has coverage 0 and is left as
    /// it is. The row's cells are cleared. `mirrored` as for ``mask(rule:mirrored:storage:)``.
    mutating func takeRow(_ row: Int, rule: FillRule, mirrored: Bool, into out: UnsafeMutablePointer<Float>) -> Range<Int> {
        let first = Int(touched[2 * row]), last = Int(touched[2 * row + 1]), width = box.width
        guard first <= last else { return 0..<0 }
        // Before the first touched cell the sum is 0; after the last it no longer changes.
        let start = min(first, width), end = min(last + 1, width)
        // Clockwise contours on screen sum to negative areas here.
        let clockwiseSign: Float = mirrored ? 1 : -1
        var sum: Float = 0
        cells.withUnsafeBufferPointer { cells in
            let from = cells.baseAddress! + row * stride
            // One loop per rule, so each is specialised.
            switch rule {
            case .nonZero: sum = Self.sum(from, start..<end, into: out, .nonZero, clockwiseSign)
            case .evenOdd: sum = Self.sum(from, start..<end, into: out, .evenOdd, clockwiseSign)
            case .clockwise: sum = Self.sum(from, start..<end, into: out, .clockwise, clockwiseSign)
            }
        }
        clear(row)
        let rest = Self.coverage(sum, rule, clockwiseSign)
        guard end < width, rest != 0 else { return start..<end }
        (out + end).update(repeating: rest, count: width - end)
        return start..<width
    }

    /// The running sum of `cells` over `columns`, each column's coverage under `rule` written
    /// to `out`; returns the sum at the end. Eight cells that are all zero leave the sum as it
    /// is, so their eight coverages are one value written eight times (no chain of additions):
    /// the inside and outside of large shapes, and of holes, cost a store per pixel. The
    /// additions that are made are those of a plain loop, in its order.
    @inline(__always)
    private static func sum(_ cells: UnsafePointer<Float>, _ columns: Range<Int>, into out: UnsafeMutablePointer<Float>,
                            _ rule: FillRule, _ clockwiseSign: Float) -> Float {
        var sum: Float = 0, column = columns.lowerBound
        let raw = UnsafeRawPointer(cells)
        while column + 8 <= columns.upperBound {
            let eight = raw.loadUnaligned(fromByteOffset: column * MemoryLayout<Float>.stride, as: SIMD8<Float>.self)
            if all(eight .== 0) {
                (out + column).update(repeating: coverage(sum, rule, clockwiseSign), count: 8)
            } else {
                for lane in 0..<8 {
                    sum += eight[lane]
                    out[column + lane] = coverage(sum, rule, clockwiseSign)
                }
            }
            column += 8
        }
        for column in column..<columns.upperBound {
            sum += cells[column]
            out[column] = coverage(sum, rule, clockwiseSign)
        }
        return sum
    }

    /// The coverage of area-weighted winding `sum` under `rule`: min(1, |sum|) for nonzero,
    /// |sum| folded into 0...1 with period 2 for even-odd, clamp(sum × `clockwiseSign`, 0, 1)
    /// for clockwise.
    @inline(__always)
    private static func coverage(_ sum: Float, _ rule: FillRule, _ clockwiseSign: Float) -> Float {
        switch rule {
        case .nonZero:
            return min(1, abs(sum))
        case .evenOdd:
            let folded = abs(sum) - 2 * (abs(sum) * 0.5).rounded(.down)  // 0..<2
            return folded > 1 ? 2 - folded : folded
        case .clockwise:
            return min(1, max(0, sum * clockwiseSign))
        }
    }

    /// Zeroes the cells row `row`'s edges touched.
    private mutating func clear(_ row: Int) {
        let first = Int(touched[2 * row]), last = Int(touched[2 * row + 1]), stride = self.stride
        cells.withUnsafeMutableBufferPointer { cells in
            (cells.baseAddress! + row * stride + first).update(repeating: 0, count: last - first + 1)
        }
        touched[2 * row] = Int32.max
        touched[2 * row + 1] = -1
    }
}
