/// A 2D affine transform `[a b c d tx ty]`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty), as in SVG's `matrix(a b c d e f)` and Rive's `Mat2D`.
public struct RasterTransform: Equatable, Sendable {
    /// The x-axis image's x component.
    public var a: Double
    /// The x-axis image's y component.
    public var b: Double
    /// The y-axis image's x component.
    public var c: Double
    /// The y-axis image's y component.
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// A transform from its six values.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that changes nothing.
    public static let identity = RasterTransform(1, 0, 0, 1, 0, 0)

    /// A scale by `sx` horizontally and `sy` vertically.
    public static func scale(_ sx: Double, _ sy: Double) -> RasterTransform { RasterTransform(sx, 0, 0, sy, 0, 0) }

    /// A translation by (`tx`, `ty`).
    public static func translation(_ tx: Double, _ ty: Double) -> RasterTransform { RasterTransform(1, 0, 0, 1, tx, ty) }

    /// `self` applied after `first` (a point goes through `first`, then `self`).
    public func concatenating(_ first: RasterTransform) -> RasterTransform {
        RasterTransform(a * first.a + c * first.b, b * first.a + d * first.b,
                        a * first.c + c * first.d, b * first.c + d * first.d,
                        a * first.tx + c * first.ty + tx, b * first.tx + d * first.ty + ty)
    }

    /// Where `point` goes.
    public func apply(_ point: RasterPoint) -> RasterPoint {
        RasterPoint(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
    }

    /// The determinant `a·d - b·c` (negative when the transform mirrors).
    var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform collapses the plane (or is not finite).
    var inverse: RasterTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        guard inv.isFinite else { return nil }
        return RasterTransform(d * inv, -b * inv, -c * inv, a * inv,
                               (c * ty - d * tx) * inv, (b * tx - a * ty) * inv)
    }

    /// The largest factor by which the transform stretches a length (its largest singular value).
    var maximumScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mean = (p + q) / 2, spread = (((p - q) / 2) * ((p - q) / 2) + r * r).squareRoot()
        return (mean + spread).squareRoot()
    }

    /// True when the six values are finite.
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
