/// One contour of a path measured along its length as Rive's `ContourMeasure`
/// measures it: lines as they are, each cubic cut into as many straight pieces as
/// Wang's formula asks for at half a unit of tolerance (at most 100), all in
/// float32 as the runtime computes them, so that distances land on the same
/// pieces and a segment cut at a distance has the runtime's points.
struct ContourMeasure {
    typealias Point = SIMD2<Float>

    /// The end of one measured piece: the length up to it, the first point of the
    /// line or cubic it belongs to, and the cubic's parameter at its end.
    private struct Piece {
        var distance: Float
        var pointIndex: Int
        /// The parameter at the piece's end in 30-bit fixed point, as the runtime stores it.
        var fixedT: UInt32
        var isCubic: Bool

        static let fixedOne: UInt32 = (1 << 30) - 1

        var t: Float { Float(fixedT) * (1 / Float(Self.fixedOne)) }
    }

    private let pieces: [Piece]
    private let points: [Point]
    /// The contour's length.
    let length: Float
    /// Whether the contour was closed.
    let isClosed: Bool

    /// Cubics are cut into at most this many pieces.
    private static let maximumPieces: Float = 100
    /// `1 / tolerance` with the runtime's default tolerance of half a unit.
    private static let inverseTolerance: Float = 2

    private init(pieces: [Piece], points: [Point], length: Float, isClosed: Bool) {
        self.pieces = pieces
        self.points = points
        self.length = length
        self.isClosed = isClosed
    }

    /// The contours of `path` that have a length, in order (`ContourMeasureIter`).
    static func contours(of path: RenderPath) -> [ContourMeasure] {
        var result: [ContourMeasure] = []
        var start: Point?
        var points: [Point] = []
        var pieces: [Piece] = []
        var distance: Float = 0
        var isClosed = false
        func finish() {
            if distance > 0 && points.count >= 2 {
                result.append(ContourMeasure(pieces: pieces, points: points, length: distance, isClosed: isClosed))
            }
            points.removeAll(keepingCapacity: true)
            pieces.removeAll(keepingCapacity: true)
            distance = 0
            isClosed = false
        }
        for command in path.commands {
            switch command {
            case .move(let point):
                finish()
                start = Point(point)
            case .line(let target):
                guard begin(&points, start) != nil else { continue }
                let from = points[points.count - 1], to = Point(target)
                if from != to {
                    distance += Self.length(to - from)
                    pieces.append(Piece(distance: distance, pointIndex: points.count - 1, fixedT: Piece.fixedOne, isCubic: false))
                }
                points.append(to)
            case .cubic(let out, let `in`, let target):
                guard begin(&points, start) != nil else { continue }
                let index = points.count - 1
                let curve = [points[index], Point(out), Point(`in`), Point(target)]
                distance = addCubicPieces(curve, pointIndex: index, distance: distance, to: &pieces)
                points += curve[1...]
            case .close:
                guard let first = start, !points.isEmpty else { continue }
                isClosed = true
                let last = points[points.count - 1]
                if last != first {
                    distance += Self.length(first - last)
                    pieces.append(Piece(distance: distance, pointIndex: points.count - 1, fixedT: Piece.fixedOne, isCubic: false))
                    points.append(first)
                }
            }
        }
        finish()
        return result
    }

    /// Starts the contour's points at its move when it has none yet; nil before any move.
    private static func begin(_ points: inout [Point], _ start: Point?) -> Point? {
        guard let start else { return nil }
        if points.isEmpty { points.append(start) }
        return start
    }

    /// Appends the pieces of one cubic and returns the length up to its end.
    private static func addCubicPieces(_ curve: [Point], pointIndex: Int, distance: Float, to pieces: inout [Piece]) -> Float {
        // Wang's formula for a cubic: the larger second difference of the control points.
        let v1 = curve[0] - 2 * curve[1] + curve[2], v2 = curve[1] - 2 * curve[2] + curve[3]
        let pow4 = max((v1 * v1).sum(), (v2 * v2).sum()) * (0.5625 * inverseTolerance * inverseTolerance)
        let estimate = (pow4.squareRoot()).squareRoot().rounded(.up)
        guard estimate.isFinite else { return distance }
        let count = Int(min(estimate, maximumPieces))
        guard count > 0 else { return distance }
        let step = 1 / Float(count)
        var t = step
        var previous = curve[0]
        var total = distance
        for _ in 1..<count {
            let next = evaluate(curve, t)
            total += Self.length(next - previous)
            pieces.append(Piece(distance: total, pointIndex: pointIndex, fixedT: UInt32(t * Float(1 << 30)), isCubic: true))
            previous = next
            t += step
        }
        total += Self.length(curve[3] - previous)
        pieces.append(Piece(distance: total, pointIndex: pointIndex, fixedT: Piece.fixedOne, isCubic: true))
        return total
    }

    /// The cubic's point at `t`, evaluated in its polynomial form as the runtime does.
    private static func evaluate(_ p: [Point], _ t: Float) -> Point {
        let a = p[3] + 3 * (p[1] - p[2]) - p[0]
        let b = 3 * (p[2] - 2 * p[1] + p[0])
        let c = 3 * (p[1] - p[0])
        return ((a * t + b) * t + c) * t + p[0]
    }

    private static func length(_ v: Point) -> Float { (v * v).sum().squareRoot() }

    /// The index of the piece holding `distance` (the first whose end reaches it,
    /// past pieces of no length).
    private func pieceIndex(_ distance: Float) -> Int {
        var low = 0, high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].distance < distance { low = middle + 1 } else { high = middle }
        }
        while low < pieces.count - 1 && pieces[low].distance == 0 { low += 1 }
        return min(low, pieces.count - 1)
    }

    /// The point at `distance` along the contour and the unit tangent there (`getPosTan`).
    func positionAndTangent(at distance: Float) -> (position: Point, tangent: Point) {
        guard !pieces.isEmpty else { return (.zero, .zero) }
        let distance = max(0, min(distance, length))
        let index = pieceIndex(distance)
        let piece = pieces[index]
        let previousDistance = index > 0 ? pieces[index - 1].distance : 0
        let ratio = (distance - previousDistance) / (piece.distance - previousDistance)
        let p = piece.pointIndex
        if !piece.isCubic {
            let a = points[p], b = points[p + 1]
            return (a + (b - a) * ratio, Self.normalized(b - a))
        }
        var previousT: Float = 0
        if index > 0, pieces[index - 1].pointIndex == p { previousT = pieces[index - 1].t }
        let t = previousT + (piece.t - previousT) * ratio
        let curve = Array(points[p...(p + 3)])
        if t == 0 {
            let toward = curve[0] != curve[1] ? curve[1] : curve[1] != curve[2] ? curve[2] : curve[3]
            return (curve[0], toward - curve[0])
        }
        if t == 1 {
            let from = curve[3] != curve[2] ? curve[2] : curve[2] != curve[1] ? curve[1] : curve[0]
            return (curve[3], curve[3] - from)
        }
        let a = (curve[3] + 3 * (curve[1] - curve[2]) - curve[0]) * 3
        let b = 3 * (curve[2] - 2 * curve[1] + curve[0]) * 2
        let c = 3 * (curve[1] - curve[0])
        return (Self.evaluate(curve, t), Self.normalized((a * t + b) * t + c))
    }

    private static func normalized(_ v: Point) -> Point {
        let lengthSquared = (v * v).sum()
        return lengthSquared > 0 ? v * (1 / lengthSquared.squareRoot()) : v
    }

    /// The point and tangent at a fraction of the length of `contours` laid end to
    /// end (`PathMeasure::atPercentage`: the fraction taken modulo 1, a whole
    /// non-zero multiple reaching the end); nil past the contours (the runtime's
    /// zero point and tangent).
    static func positionAndTangent(of contours: [ContourMeasure], atFraction fraction: Float) -> (position: Point, tangent: Point) {
        var inRange = fraction.truncatingRemainder(dividingBy: 1)
        if inRange < 0 { inRange += 1 }
        if fraction != 0 && inRange == 0 { inRange = 1 }
        var remaining = contours.reduce(Float(0)) { $0 + $1.length } * inRange
        for contour in contours {
            if remaining - contour.length <= 0 { return contour.positionAndTangent(at: remaining) }
            remaining -= contour.length
        }
        return (.zero, .zero)
    }

    /// The curve parameter at `distance` within piece `index`.
    private func parameter(_ index: Int, _ distance: Float) -> Float {
        let piece = pieces[index]
        var previousDistance: Float = 0, previousT: Float = 0
        if index > 0 {
            previousDistance = pieces[index - 1].distance
            if pieces[index - 1].pointIndex == piece.pointIndex { previousT = pieces[index - 1].t }
        }
        let ratio = (distance - previousDistance) / (piece.distance - previousDistance)
        let t = previousT + (piece.t - previousT) * ratio
        return min(max(t, previousT), piece.t)
    }

    /// Appends the part of the contour between two distances to `path`
    /// (`ContourMeasure::getSegment`), starting with a move when `startWithMove`.
    func appendSegment(from startDistance: Float, to endDistance: Float, to path: inout RenderPath, startWithMove: Bool) {
        let from = max(0, startDistance), to = min(length, endDistance)
        guard from < to, !pieces.isEmpty else { return }
        var startIndex = pieceIndex(from)
        let endIndex = pieceIndex(to)
        var startT = parameter(startIndex, from)
        let endT = parameter(endIndex, to)
        // A start at the very end of a curve would leave a cubic of one point: the next one starts instead.
        if 1 - startT < 1 / Float(1 << 12) && startIndex < endIndex {
            startIndex += 1
            startT = 0
        }
        let start = pieces[startIndex], end = pieces[endIndex]
        if start.pointIndex == end.pointIndex {
            extract(start, from: startT, to: endT, into: &path, move: startWithMove)
            return
        }
        extract(start, from: startT, to: 1, into: &path, move: startWithMove)
        var index = nextCurve(after: startIndex)
        while index < pieces.count && pieces[index].pointIndex != end.pointIndex {
            let piece = pieces[index]
            let p = piece.pointIndex
            if piece.isCubic {
                path.cubic(RenderPoint(points[p + 1]), RenderPoint(points[p + 2]), RenderPoint(points[p + 3]))
            } else {
                path.line(RenderPoint(points[p + 1]))
            }
            index = nextCurve(after: index)
        }
        extract(end, from: 0, to: endT, into: &path, move: false)
    }

    /// The first piece of the line or curve after the one piece `index` belongs to.
    private func nextCurve(after index: Int) -> Int {
        var next = index + 1
        while next < pieces.count && pieces[next].pointIndex == pieces[index].pointIndex { next += 1 }
        return next
    }

    /// The part of a line or cubic between two parameters.
    private func extract(_ piece: Piece, from startT: Float, to endT: Float, into path: inout RenderPath, move: Bool) {
        let p = piece.pointIndex
        if !piece.isCubic {
            let a = points[p], b = points[p + 1]
            if move { path.move(RenderPoint(a + (b - a) * startT)) }
            path.line(RenderPoint(a + (b - a) * endT))
            return
        }
        var curve = Array(points[p...(p + 3)])
        if startT == 0 && endT == 1 {
            // Whole.
        } else if startT == 0 {
            curve = Self.split(curve, at: endT).first
        } else if endT == 1 {
            curve = Self.split(curve, at: startT).second
        } else {
            let head = Self.split(curve, at: endT).first
            curve = Self.split(head, at: startT / endT).second
        }
        if move { path.move(RenderPoint(curve[0])) }
        path.cubic(RenderPoint(curve[1]), RenderPoint(curve[2]), RenderPoint(curve[3]))
    }

    /// De Casteljau's split of a cubic at `t` into its two halves.
    private static func split(_ p: [Point], at t: Float) -> (first: [Point], second: [Point]) {
        func lerp(_ a: Point, _ b: Point) -> Point { a + (b - a) * t }
        let ab = lerp(p[0], p[1]), bc = lerp(p[1], p[2]), cd = lerp(p[2], p[3])
        let abc = lerp(ab, bc), bcd = lerp(bc, cd)
        let middle = lerp(abc, bcd)
        return ([p[0], ab, abc, middle], [middle, bcd, cd, p[3]])
    }
}

extension SIMD2<Float> {
    init(_ point: RenderPoint) {
        self.init(Float(point.x), Float(point.y))
    }
}

extension RenderPoint {
    init(_ point: SIMD2<Float>) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}
