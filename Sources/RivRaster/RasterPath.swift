/// A path as the caller builds it: contours of lines and quadratic and cubic Bézier curves,
/// each started by ``move(to:)`` and optionally closed by ``close()``.
///
/// ```swift
/// var triangle = RasterPath()
/// triangle.move(to: RasterPoint(0, 0))
/// triangle.line(to: RasterPoint(10, 0))
/// triangle.line(to: RasterPoint(0, 10))
/// triangle.close()
/// ```
public struct RasterPath: Equatable, Sendable {
    /// One drawing command.
    public enum Element: Equatable, Sendable {
        /// Starts a new contour at the point.
        case move(RasterPoint)
        /// A straight line to the point.
        case line(RasterPoint)
        /// A quadratic Bézier curve through a control point to the end point.
        case quad(RasterPoint, RasterPoint)
        /// A cubic Bézier curve through two control points to the end point.
        case cubic(RasterPoint, RasterPoint, RasterPoint)
        /// Closes the contour with a line back to its first point.
        case close
    }

    /// The commands in order.
    public private(set) var elements: [Element] = []
    /// How many points the commands hold (a cubic holds three); bounded by ``Canvas/maximumPathPoints``.
    public private(set) var pointCount = 0

    /// An empty path.
    public init() {}

    /// Starts a new contour at `point`.
    public mutating func move(to point: RasterPoint) { append(.move(point), points: 1) }
    /// Adds a line to `point` (a contour that was not started starts at the origin).
    public mutating func line(to point: RasterPoint) { append(.line(point), points: 1) }
    /// Adds a quadratic Bézier curve with control point `control` ending at `point`.
    public mutating func quad(to point: RasterPoint, control: RasterPoint) { append(.quad(control, point), points: 2) }
    /// Adds a cubic Bézier curve with control points `control1` and `control2` ending at `point`.
    public mutating func cubic(to point: RasterPoint, control1: RasterPoint, control2: RasterPoint) {
        append(.cubic(control1, control2, point), points: 3)
    }
    /// Closes the current contour.
    public mutating func close() { append(.close, points: 0) }

    private mutating func append(_ element: Element, points: Int) {
        elements.append(element)
        pointCount += points
    }

    /// True when every coordinate is finite.
    var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): p.isFinite
            case .quad(let c, let p): c.isFinite && p.isFinite
            case .cubic(let c1, let c2, let p): c1.isFinite && c2.isFinite && p.isFinite
            case .close: true
            }
        }
    }
}
