/// A point or vector in a path's coordinates (y grows downward, as on a canvas).
public struct RasterPoint: Equatable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (down is positive).
    public var y: Double

    /// A point from its coordinates.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static func + (a: RasterPoint, b: RasterPoint) -> RasterPoint { RasterPoint(a.x + b.x, a.y + b.y) }
    static func - (a: RasterPoint, b: RasterPoint) -> RasterPoint { RasterPoint(a.x - b.x, a.y - b.y) }
    static func * (a: RasterPoint, s: Double) -> RasterPoint { RasterPoint(a.x * s, a.y * s) }

    /// The dot product with `other`.
    func dot(_ other: RasterPoint) -> Double { x * other.x + y * other.y }
    /// The z component of the cross product with `other` (positive when `other` turns clockwise on screen).
    func cross(_ other: RasterPoint) -> Double { x * other.y - y * other.x }
    /// The length of this vector.
    var length: Double { (x * x + y * y).squareRoot() }
    /// This vector rotated a quarter turn clockwise on screen (counter-clockwise in y-up axes).
    var perpendicular: RasterPoint { RasterPoint(-y, x) }
    /// This vector scaled to length 1 (itself when zero).
    var normalized: RasterPoint {
        let l = length
        return l > 0 ? self * (1 / l) : self
    }
    /// True when both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}
