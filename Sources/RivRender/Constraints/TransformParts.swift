import Foundation

/// A transform taken apart as Rive's `Mat2D::decompose` takes it (translation,
/// rotation, scale and skew), and put back together as `Mat2D::compose` does.
struct TransformParts {
    var x, y, rotation, scaleX, scaleY, skew: Double

    init(_ transform: RenderTransform) {
        let (m0, m1, m2, m3) = (transform.a, transform.b, transform.c, transform.d)
        let denominator = m0 * m0 + m1 * m1
        x = transform.tx
        y = transform.ty
        rotation = atan2(m1, m0)
        scaleX = denominator.squareRoot()
        scaleY = scaleX == 0 ? 0 : (m0 * m3 - m2 * m1) / scaleX
        skew = atan2(m0 * m2 + m1 * m3, denominator)
    }

    /// The transform the parts make.
    var transform: RenderTransform {
        let cosine = cos(rotation), sine = sin(rotation)
        var result = RenderTransform(a: cosine * scaleX, b: sine * scaleX, c: -sine * scaleY, d: cosine * scaleY, tx: x, ty: y)
        if skew != 0 {
            result.c += result.a * skew
            result.d += result.b * skew
        }
        return result
    }

    /// `TransformConstraint::constrainWorld`: `from` taken apart and every part blended
    /// toward `to`'s by `strength` (the angle the short way round), put back together.
    static func blend(_ from: RenderTransform, toward to: RenderTransform, strength t: Double) -> RenderTransform {
        let start = TransformParts(from), end = TransformParts(to)
        var result = end
        result.rotation = blendAngle(from: start.rotation, to: end.rotation, strength: t)
        result.x = start.x * (1 - t) + end.x * t
        result.y = start.y * (1 - t) + end.y * t
        result.scaleX = start.scaleX * (1 - t) + end.scaleX * t
        result.scaleY = start.scaleY * (1 - t) + end.scaleY * t
        result.skew = start.skew * (1 - t) + end.skew * t
        return result.transform
    }

    /// `to`'s angle reached from `from` by the shorter way, `strength` of the way
    /// (both angles first taken modulo a turn).
    static func blendAngle(from: Double, to: Double, strength: Double) -> Double {
        let a = fmod(from, 2 * Double.pi), b = fmod(to, 2 * Double.pi)
        var difference = b - a
        if difference > Double.pi {
            difference -= 2 * Double.pi
        } else if difference < -Double.pi {
            difference += 2 * Double.pi
        }
        return from + difference * strength
    }
}

extension RenderTransform {
    /// The inverse; nil when the transform has none (Rive's `Mat2D::invert` failing).
    func inverted() -> RenderTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return invertedOrIdentity()
    }

    var translationPoint: RenderPoint { RenderPoint(x: tx, y: ty) }
}
