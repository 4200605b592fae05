/// A point in a path or a paint, in the units of the artboard.
public struct RenderPoint: Sendable, Equatable {
    /// The coordinates.
    public var x, y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        (self.x, self.y) = (x, y)
    }

    static func + (lhs: RenderPoint, rhs: RenderPoint) -> RenderPoint { RenderPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    static func - (lhs: RenderPoint, rhs: RenderPoint) -> RenderPoint { RenderPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// `self + direction × scale` (Rive's `Vec2D::scaleAndAdd`).
    func adding(_ direction: RenderPoint, times scale: Double) -> RenderPoint {
        RenderPoint(x: x + direction.x * scale, y: y + direction.y * scale)
    }

    var length: Double { (x * x + y * y).squareRoot() }
}

/// One command of a path.
public enum PathCommand: Sendable, Equatable {
    /// Starts a contour at the point.
    case move(RenderPoint)
    /// A straight line to the point.
    case line(RenderPoint)
    /// A cubic Bézier curve through two control points to the last.
    case cubic(RenderPoint, RenderPoint, RenderPoint)
    /// Closes the contour.
    case close
}

/// A path as Rive's runtime hands it to the renderer: contours of lines and cubics.
public struct RenderPath: Sendable, Equatable {
    /// The commands in order.
    public internal(set) var commands: [PathCommand] = []

    /// An empty path.
    public init() {}

    mutating func move(_ point: RenderPoint) { commands.append(.move(point)) }
    mutating func line(_ point: RenderPoint) { commands.append(.line(point)) }
    mutating func cubic(_ out: RenderPoint, _ in: RenderPoint, _ to: RenderPoint) { commands.append(.cubic(out, `in`, to)) }
    mutating func close() { commands.append(.close) }

    /// Appends `other`'s commands mapped by `transform` (Rive's `RawPath::addPath`).
    mutating func append(_ other: RenderPath, transformedBy transform: RenderTransform) {
        commands.reserveCapacity(commands.count + other.commands.count)
        for command in other.commands { commands.append(command.transformed(by: transform)) }
    }

    /// Appends `other`'s commands mapped by `transform` in single precision (the
    /// runtime's `RawPath` holds `Float` points), leaving out every line or curve whose
    /// points all equal the point before it (`ShapePaintPath::addPath`, which prunes
    /// empty segments).
    mutating func appendPruned(_ other: RenderPath, transformedBy transform: RenderTransform) {
        var last: RenderPoint?
        for command in other.commands {
            let mapped = command.mapped(transform.applyInFloat)
            switch mapped {
            case .move(let point):
                last = point
            case .line(let point):
                if point == last { continue }
                last = point
            case .cubic(let out, let `in`, let to):
                if out == last && `in` == last && to == last { continue }
                last = to
            case .close:
                break
            }
            commands.append(mapped)
        }
    }

    /// The contours drawn backwards (`RawPath::addPathBackwards`): the points in
    /// reverse order, each contour's move and close swapped to its other end.
    func reversed() -> RenderPath {
        var points: [RenderPoint] = []
        var verbs: [PathCommand] = []
        for command in commands {
            verbs.append(command)
            switch command {
            case .move(let point), .line(let point): points.append(point)
            case .cubic(let out, let `in`, let to): points += [out, `in`, to]
            case .close: break
            }
        }
        guard case .move = verbs.first else { return self }
        points.reverse()
        var result = RenderPath()
        var next = 0
        func take() -> RenderPoint {
            next += 1
            return points[next - 1]
        }
        result.move(take())
        var closed = false
        for (position, verb) in verbs.enumerated().reversed() {
            if case .close = verb {
                closed = true
                continue
            }
            if case .move = verb, closed {
                result.close()
                closed = false
            }
            guard position > 0 else { break }
            switch verb {
            case .move: result.move(take())
            case .line: result.line(take())
            case .cubic: result.cubic(take(), take(), take())
            case .close: break
            }
        }
        return result
    }

    /// The path mapped by `transform`.
    public func transformed(by transform: RenderTransform) -> RenderPath {
        var result = RenderPath()
        result.append(self, transformedBy: transform)
        return result
    }

    /// Whether every point of the path is finite.
    var isFinite: Bool {
        commands.allSatisfy { command in
            switch command {
            case .move(let point), .line(let point): point.x.isFinite && point.y.isFinite
            case .cubic(let out, let `in`, let to): [out, `in`, to].allSatisfy { $0.x.isFinite && $0.y.isFinite }
            case .close: true
            }
        }
    }

    /// The number of points the path holds: one a move or line, three a cubic, none a
    /// close (what ``RenderLimits/points`` counts).
    public var pointCount: Int {
        commands.reduce(0) { count, command in
            switch command {
            case .move, .line: count + 1
            case .cubic: count + 3
            case .close: count
            }
        }
    }
}

extension PathCommand {
    func transformed(by transform: RenderTransform) -> PathCommand {
        mapped(transform.apply)
    }

    /// The command with each of its points mapped by `map`.
    func mapped(_ map: (RenderPoint) -> RenderPoint) -> PathCommand {
        switch self {
        case .move(let point): .move(map(point))
        case .line(let point): .line(map(point))
        case .cubic(let out, let `in`, let to): .cubic(map(out), map(`in`), map(to))
        case .close: .close
        }
    }
}
