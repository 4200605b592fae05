/// Turns flattened contours into the outline of their stroke, in the contours' own
/// coordinates (Rive strokes a path in its local space, then transforms the outline).
///
/// Each contour gives its left side forward and its right side backward (the left side of
/// the reversed polyline), joined by caps (open contours) or as two loops (closed ones); at
/// a corner the outer side gets the join and the inner side meets where its two edges cross,
/// or goes through the corner itself when they do not (the loop this makes covers only
/// pixels the stroke covers). Filled with the nonzero rule, the outline covers the stroke.
struct Stroker {
    /// The largest ratio of a miter's length to the stroke's width that is drawn as a miter
    /// (SVG's default `stroke-miterlimit`, also Rive's).
    static let miterLimit = 4.0

    let halfWidth: Double
    let cap: StrokeCap
    let join: StrokeJoin
    /// The largest distance allowed between an arc and the lines that draw it.
    let tolerance: Double
    /// How many more points arcs may add (past that, each arc is a chord): with the
    /// contours' points, this bounds the outline's size.
    private var arcPointsLeft = 1 << 22

    /// A stroker for strokes `2 * halfWidth` wide.
    init(halfWidth: Double, cap: StrokeCap, join: StrokeJoin, tolerance: Double) {
        self.halfWidth = halfWidth
        self.cap = cap
        self.join = join
        self.tolerance = tolerance
    }

    /// The outline of the stroke of `contours`.
    mutating func outline(_ contours: [Contour]) -> [Contour] {
        var result: [Contour] = []
        for contour in contours {
            var points: [RasterPoint] = []
            for p in contour.points where points.isEmpty || (p - points[points.count - 1]).length > 1e-9 * max(1, halfWidth) {
                points.append(p)
            }
            if contour.closed, points.count > 2, (points[0] - points[points.count - 1]).length <= 1e-9 * max(1, halfWidth) {
                points.removeLast()
            }
            if points.count == 1 {
                if let dot = self.dot(at: points[0]) { result.append(dot) }
                continue
            }
            if contour.closed {
                result.append(Contour(points: side(points, closed: true), closed: true))
                // Two points there and back: the one loop is the whole outline (the reversed
                // side would trace the same loop again, doubling the edge pixels' coverage).
                if points.count > 2 { result.append(Contour(points: side(points.reversed(), closed: true), closed: true)) }
            } else {
                var outline = side(points, closed: false)
                let n = points.count
                addCap(at: points[n - 1], direction: (points[n - 1] - points[n - 2]).normalized, to: &outline)
                outline += side(points.reversed(), closed: false)
                addCap(at: points[0], direction: (points[0] - points[1]).normalized, to: &outline)
                result.append(Contour(points: outline, closed: true))
            }
        }
        return result
    }

    /// A zero-length contour: a disc (round cap), a square (square cap) or nothing (butt).
    private mutating func dot(at p: RasterPoint) -> Contour? {
        switch cap {
        case .butt: return nil
        case .square:
            let h = halfWidth
            return Contour(points: [p + RasterPoint(-h, -h), p + RasterPoint(h, -h), p + RasterPoint(h, h), p + RasterPoint(-h, h)], closed: true)
        case .round:
            var points: [RasterPoint] = [p + RasterPoint(halfWidth, 0)]
            for (from, to) in [(RasterPoint(1, 0), RasterPoint(0, 1)), (RasterPoint(0, 1), RasterPoint(-1, 0)),
                               (RasterPoint(-1, 0), RasterPoint(0, -1)), (RasterPoint(0, -1), RasterPoint(1, 0))] {
                addArc(around: p, from: from, to: to, into: &points)
            }
            return Contour(points: points, closed: true)
        }
    }

    /// Adds the cap at the end `p` of a side that arrived with direction `direction`: the side
    /// is at p + left normal; the cap goes round to p - left normal.
    private mutating func addCap(at p: RasterPoint, direction t: RasterPoint, to outline: inout [RasterPoint]) {
        let n = t.perpendicular
        switch cap {
        case .butt: break
        case .square:
            outline.append(p + (n + t) * halfWidth)
            outline.append(p + (t - n) * halfWidth)
        case .round:
            addArc(around: p, from: n, to: t, into: &outline)
            addArc(around: p, from: t, to: n * -1, into: &outline)
        }
    }

    /// Adds the points of the arc of radius ``halfWidth`` around `center` from unit direction
    /// `from` to unit direction `to` (at most half a turn apart), `from`'s point excluded:
    /// halved until each chord is within ``tolerance`` of the arc (at most 2^10 chords an arc,
    /// within the budget of arc points). The points between the
    /// ends sit slightly outside the arc (radius × √(β / sin β) for chords of angle β), so the
    /// polygon covers the area the arc does rather than less.
    private mutating func addArc(around center: RasterPoint, from: RasterPoint, to: RasterPoint, into points: inout [RasterPoint],
                        depth: Int = 0, isLast: Bool = true) {
        let sum = from + to
        let half = sum.length / 2  // the cosine of half the angle between them
        if depth >= 10 || arcPointsLeft <= 0 || halfWidth * (1 - half) <= tolerance {
            arcPointsLeft -= 1
            // β² ≈ 8 (1 - cos(β/2)) and β / sin β ≈ 1 + β² / 6.
            let radius = isLast ? halfWidth : halfWidth * (1 + 4 * (1 - half) / 3).squareRoot()
            points.append(center + to * radius)
            return
        }
        // Half a turn apart (a stroke that doubles back): the arc goes round the front, which
        // is a quarter turn counter-clockwise on screen from `from`.
        let mid = sum.length > 1e-12 ? sum.normalized : from.perpendicular * -1
        addArc(around: center, from: from, to: mid, into: &points, depth: depth + 1, isLast: false)
        addArc(around: center, from: mid, to: to, into: &points, depth: depth + 1, isLast: isLast)
    }

    /// The left side of the polyline `points` (at least two, no two in a row equal), offset by
    /// the half-width, with joins at the corners where it is the outer side.
    private mutating func side(_ points: [RasterPoint], closed: Bool) -> [RasterPoint] {
        let n = points.count
        let segments = closed ? n : n - 1
        func direction(_ i: Int) -> RasterPoint { (points[(i + 1) % n] - points[i]).normalized }
        var out: [RasterPoint] = []
        if !closed { out.append(points[0] + direction(0).perpendicular * halfWidth) }
        // Corner k sits at points[k], between segment k - 1 and segment k.
        let corners = closed ? Array(0..<n) : Array(1..<n - 1)
        for k in corners {
            let t0 = direction((k - 1 + segments) % segments), t1 = direction(k % segments)
            let p = points[k]
            let a = p + t0.perpendicular * halfWidth, b = p + t1.perpendicular * halfWidth
            let turn = t0.cross(t1), along = t0.dot(t1)
            if turn > 1e-12 {
                // The inner side: where the previous edge meets the next one, else through the corner.
                let previousStart = out.last ?? (points[(k - 1 + n) % n] + t0.perpendicular * halfWidth)
                let nextEnd = points[(k + 1) % n] + t1.perpendicular * halfWidth
                if let x = Stroker.crossing(previousStart, a, b, nextEnd) {
                    out.append(x)
                } else {
                    out += [a, p, b]
                }
                continue
            }
            out.append(a)
            if along > 0 && -turn < 1e-9 { continue }  // straight on: a and b are the same point
            switch join {
            case .bevel: break
            case .round: addArc(around: p, from: t0.perpendicular, to: t1.perpendicular, into: &out)
            case .miter:
                // The miter is 1 / cos(half the turn) half-widths long.
                let cosHalf = ((1 + along) / 2).squareRoot()
                if cosHalf * Stroker.miterLimit >= 1 {
                    out.append(p + (t0.perpendicular + t1.perpendicular).normalized * (halfWidth / cosHalf))
                }
            }
            if join != .round { out.append(b) }
        }
        if !closed { out.append(points[n - 1] + direction(n - 2).perpendicular * halfWidth) }
        return out
    }

    /// Where segment p1-p2 crosses segment q1-q2, when they cross at a point inside both.
    private static func crossing(_ p1: RasterPoint, _ p2: RasterPoint, _ q1: RasterPoint, _ q2: RasterPoint) -> RasterPoint? {
        let r = p2 - p1, s = q2 - q1
        let denominator = r.cross(s)
        guard abs(denominator) > 1e-12 else { return nil }
        let t = (q1 - p1).cross(s) / denominator, u = (q1 - p1).cross(r) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return p1 + r * t
    }
}
