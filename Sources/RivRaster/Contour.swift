/// One contour of a path flattened into a polyline.
struct Contour {
    /// The polyline's points (a curve becomes several).
    var points: [RasterPoint] = []
    /// True when the path closed the contour.
    var closed = false

    /// The contours of `path` under `transform`, curves cut into lines until no point of a
    /// line is farther than `tolerance` from the curve (Wang's bound on the second
    /// differences), at most ``maximumPiecesPerCurve`` lines a curve and ``maximumPoints`` in
    /// all (past that, each curve is one line). A curve whose control points all lie outside
    /// `visible` on one side is one line: left of it or right of it, above or below it, a line
    /// with the same ends changes the winding of the pixels inside it as the curve does.
    static func flatten(_ path: RasterPath, transform: RasterTransform, tolerance: Double,
                        visible: (minX: Double, minY: Double, maxX: Double, maxY: Double)? = nil) -> [Contour] {
        var total = 0
        func pieces(secondDifference m: Double, factor: Double, _ points: [RasterPoint]) -> Int {
            if let v = visible, points.allSatisfy({ $0.x < v.minX }) || points.allSatisfy({ $0.x > v.maxX })
                || points.allSatisfy({ $0.y < v.minY }) || points.allSatisfy({ $0.y > v.maxY }) { return 1 }
            let n = total < maximumPoints ? Contour.pieces(secondDifference: m, factor: factor, tolerance: tolerance) : 1
            total += n
            return n
        }
        var contours: [Contour] = []
        var current = Contour()
        var start = transform.apply(RasterPoint(0, 0))
        func finish() {
            if !current.points.isEmpty { contours.append(current) }
            current = Contour()
        }
        func last() -> RasterPoint {
            if current.points.isEmpty { current.points.append(start) }
            return current.points[current.points.count - 1]
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                finish()
                start = transform.apply(p)
                current.points.append(start)
            case .line(let p):
                _ = last()
                current.points.append(transform.apply(p))
            case .quad(let c, let p):
                let p0 = last(), p1 = transform.apply(c), p2 = transform.apply(p)
                let n = pieces(secondDifference: (p0 - p1 * 2 + p2).length, factor: 0.25, [p0, p1, p2])
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.points.append(p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t))
                }
            case .cubic(let c1, let c2, let p):
                let p0 = last(), p1 = transform.apply(c1), p2 = transform.apply(c2), p3 = transform.apply(p)
                let m = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
                let n = pieces(secondDifference: m, factor: 0.75, [p0, p1, p2, p3])
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.points.append(p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t))
                }
            case .close:
                if !current.points.isEmpty {
                    current.closed = true
                    let first = current.points[0]
                    finish()
                    start = first
                }
            }
        }
        finish()
        return contours
    }

    /// The most lines one curve becomes.
    static let maximumPiecesPerCurve = 1024
    /// The most points curves become in one path (64 MiB of points).
    static let maximumPoints = 1 << 22

    private static func pieces(secondDifference m: Double, factor: Double, tolerance: Double) -> Int {
        let n = (factor * m / tolerance).squareRoot().rounded(.up)
        guard n.isFinite, n >= 1 else { return 1 }
        return Int(min(n, Double(maximumPiecesPerCurve)))
    }
}
