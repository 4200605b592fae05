import Foundation

/// A 2D affine transform as Rive's `Mat2D` holds it: `[a b c d tx ty]`, mapping
/// `(x, y)` to `(a·x + c·y + tx, b·x + d·y + ty)`.
public struct RenderTransform: Sendable, Equatable {
    /// The six values `[a b c d tx ty]`.
    public var a, b, c, d, tx, ty: Double

    /// A transform from its six values.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that changes nothing.
    public static let identity = RenderTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation.
    public static func translation(_ x: Double, _ y: Double) -> RenderTransform {
        RenderTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Rive's node transform: a rotation (radians), then the translation, the axes scaled.
    static func node(x: Double, y: Double, rotation: Double, scaleX: Double, scaleY: Double) -> RenderTransform {
        let cosine = rotation == 0 ? 1 : cos(rotation), sine = rotation == 0 ? 0 : sin(rotation)
        return RenderTransform(a: cosine * scaleX, b: sine * scaleX, c: -sine * scaleY, d: cosine * scaleY, tx: x, ty: y)
    }

    /// The six values in order, as the JSON and SVG write them.
    public var values: [Double] { [a, b, c, d, tx, ty] }

    /// `self` applied after `other` (`self * other` in Rive's notation).
    public func concatenating(_ other: RenderTransform) -> RenderTransform {
        RenderTransform(a: a * other.a + c * other.b, b: b * other.a + d * other.b,
                        c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                        tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    /// The point mapped by the transform.
    public func apply(_ point: RenderPoint) -> RenderPoint {
        RenderPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The inverse, or the identity when the transform has none (Rive's `invertOrIdentity`).
    func invertedOrIdentity() -> RenderTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return .identity }
        let inverse = 1 / determinant
        return RenderTransform(a: d * inverse, b: -b * inverse, c: -c * inverse, d: a * inverse,
                               tx: (c * ty - d * tx) * inverse, ty: (b * tx - a * ty) * inverse)
    }

    /// `self` applied after `other` in single precision, as `Mat2D::multiply` computes it
    /// (each value rounded to a `Float` first).
    func concatenatingInFloat(_ other: RenderTransform) -> RenderTransform {
        let (a0, a1, a2, a3, a4, a5) = (Float(a), Float(b), Float(c), Float(d), Float(tx), Float(ty))
        let (b0, b1, b2, b3, b4, b5) = (Float(other.a), Float(other.b), Float(other.c), Float(other.d), Float(other.tx), Float(other.ty))
        return RenderTransform(a: Double(a0 * b0 + a2 * b1), b: Double(a1 * b0 + a3 * b1),
                               c: Double(a0 * b2 + a2 * b3), d: Double(a1 * b2 + a3 * b3),
                               tx: Double(a0 * b4 + a2 * b5 + a4), ty: Double(a1 * b4 + a3 * b5 + a5))
    }

    /// The inverse in single precision, or the identity when its determinant is 0 as a
    /// `Float` (`Mat2D::invertOrIdentity`).
    func invertedOrIdentityInFloat() -> RenderTransform {
        let (fa, fb, fc, fd, ftx, fty) = (Float(a), Float(b), Float(c), Float(d), Float(tx), Float(ty))
        let determinant = fa * fd - fb * fc
        guard determinant != 0 else { return .identity }
        let inverse = 1 / determinant
        return RenderTransform(a: Double(fd * inverse), b: Double(-fb * inverse), c: Double(-fc * inverse), d: Double(fa * inverse),
                               tx: Double((fc * fty - fd * ftx) * inverse), ty: Double((fb * ftx - fa * fty) * inverse))
    }

    /// The point mapped in single precision, as `Mat2D::mapPoints` maps a path's
    /// points (the skew term and the translation summed first), so that points the
    /// runtime makes equal come out equal here too.
    func applyInFloat(_ point: RenderPoint) -> RenderPoint {
        let x = Float(point.x), y = Float(point.y)
        let mappedX = Float(a) * x + (Float(c) * y + Float(tx))
        let mappedY = Float(d) * y + (Float(b) * x + Float(ty))
        return RenderPoint(x: Double(mappedX), y: Double(mappedY))
    }

    /// Whether this is exactly the identity.
    var isIdentity: Bool { self == .identity }

    /// Whether all six values are finite.
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
