import Foundation
import RivFormat

/// A vertex of a path as `Path::buildPath` reads it.
enum PathVertex {
    /// A corner, rounded by `radius` when it is not 0 (negative rounds inwards).
    case straight(RenderPoint, radius: Double)
    /// A point with its incoming and outgoing control points.
    case cubic(RenderPoint, in: RenderPoint, out: RenderPoint)

    /// A vertex record of a points path (straight or one of the three cubic kinds);
    /// nil for a vertex kind that is no path vertex.
    init?(_ record: SceneRecord) {
        typealias PK = Schema.PropertyKey
        let point = RenderPoint(x: record.number(PK.vertexX, default: 0), y: record.number(PK.vertexY, default: 0))
        func polar(_ rotation: Double, _ distance: Double) -> RenderPoint {
            RenderPoint(x: cos(rotation) * distance, y: sin(rotation) * distance)
        }
        switch record.type {
        case Schema.TypeKey.straightVertex:
            self = .straight(point, radius: record.number(PK.straightVertexRadius, default: 0))
        case Schema.TypeKey.cubicDetachedVertex:
            self = .cubic(point, in: point + polar(record.number(PK.cubicDetachedVertexInRotation, default: 0), record.number(PK.cubicDetachedVertexInDistance, default: 0)),
                          out: point + polar(record.number(PK.cubicDetachedVertexOutRotation, default: 0), record.number(PK.cubicDetachedVertexOutDistance, default: 0)))
        case Schema.TypeKey.cubicMirroredVertex:
            let arm = polar(record.number(PK.cubicMirroredVertexRotation, default: 0), record.number(PK.cubicMirroredVertexDistance, default: 0))
            self = .cubic(point, in: point - arm, out: point + arm)
        case Schema.TypeKey.cubicAsymmetricVertex:
            let rotation = record.number(PK.cubicAsymmetricVertexRotation, default: 0)
            self = .cubic(point, in: point - polar(rotation, record.number(PK.cubicAsymmetricVertexInDistance, default: 0)),
                          out: point + polar(rotation, record.number(PK.cubicAsymmetricVertexOutDistance, default: 0)))
        default:
            return nil
        }
    }

    var translation: RenderPoint {
        switch self {
        case .straight(let point, _), .cubic(let point, _, _): point
        }
    }

    /// The point a neighbour's corner rounds towards: the control point facing it, or the point.
    var towardsPrevious: RenderPoint {
        if case .cubic(_, _, let out) = self { out } else { translation }
    }

    var towardsNext: RenderPoint {
        if case .cubic(_, let `in`, _) = self { `in` } else { translation }
    }
}

extension PathVertex {
    /// The contour `Path::buildPath` makes of `vertices`.
    static func buildPath(_ vertices: [PathVertex], closed: Bool) -> RenderPath {
        var path = RenderPath()
        let count = vertices.count
        guard count >= 2 else { return path }
        var out: RenderPoint, start: RenderPoint, startIn: RenderPoint
        var previousIsCubic: Bool, startIsCubic: Bool
        switch vertices[0] {
        case .cubic(let point, let `in`, let vertexOut):
            startIsCubic = true
            previousIsCubic = true
            startIn = `in`
            out = vertexOut
            start = point
            path.move(start)
        case .straight(let point, let radius):
            startIsCubic = false
            previousIsCubic = false
            if radius != 0 {
                let corner = roundedCorner(at: point, radius: radius, previous: vertices[count - 1].towardsPrevious, next: vertices[1].towardsNext)
                startIn = corner.enter
                start = corner.enter
                path.move(corner.enter)
                path.cubic(corner.outPoint, corner.inPoint, corner.exit)
                out = corner.exit
            } else {
                startIn = point
                start = point
                out = point
                path.move(point)
            }
        }
        for index in 1..<count {
            switch vertices[index] {
            case .cubic(let point, let `in`, let vertexOut):
                path.cubic(out, `in`, point)
                previousIsCubic = true
                out = vertexOut
            case .straight(let point, let radius):
                if radius != 0 {
                    let corner = roundedCorner(at: point, radius: radius, previous: vertices[index - 1].towardsPrevious,
                                               next: vertices[(index + 1) % count].towardsNext)
                    if previousIsCubic {
                        path.cubic(out, corner.enter, corner.enter)
                    } else {
                        path.line(corner.enter)
                    }
                    path.cubic(corner.outPoint, corner.inPoint, corner.exit)
                    out = corner.exit
                    previousIsCubic = false
                } else if previousIsCubic {
                    path.cubic(out, point, point)
                    previousIsCubic = false
                    out = point
                } else {
                    out = point
                    path.line(point)
                }
            }
        }
        if closed {
            if previousIsCubic || startIsCubic {
                path.cubic(out, startIn, start)
            } else {
                path.line(start)
            }
            path.close()
        }
        return path
    }

    /// A rounded corner: where the curve enters and leaves, and its control points.
    private struct Corner {
        var enter, outPoint, inPoint, exit: RenderPoint
    }

    /// The corner in float32, as the runtime computes it: where two corners meet on
    /// an edge, their ends differ by the runtime's rounding, and the line between
    /// them is kept or pruned as the runtime's is.
    private static func roundedCorner(at point: RenderPoint, radius: Double, previous: RenderPoint, next: RenderPoint) -> Corner {
        typealias V = SIMD2<Float>
        let position = V(point)
        func unit(_ v: V) -> (V, Float) {
            let length = (v * v).sum().squareRoot()
            return length > 0 ? (v / length, length) : (v, length)
        }
        let (toPrevious, toPreviousLength) = unit(V(previous) - position)
        let (toNext, toNextLength) = unit(V(next) - position)
        let renderRadius = min(toPreviousLength / 2, min(toNextLength / 2, abs(Float(radius))))
        let ideal = idealControlDistance(toPrevious, toNext, renderRadius)
        var corner = Corner(enter: RenderPoint(position + toPrevious * renderRadius),
                            outPoint: RenderPoint(position + toPrevious * (renderRadius - ideal)),
                            inPoint: RenderPoint(position + toNext * (renderRadius - ideal)),
                            exit: RenderPoint(position + toNext * renderRadius))
        if radius < 0 {
            rotate(next: corner.exit, previous: corner.enter, point: point, out: &corner.outPoint, in: &corner.inPoint)
        }
        return corner
    }

    /// `Path::computeIdealControlPointDistance`.
    private static func idealControlDistance(_ toPrevious: SIMD2<Float>, _ toNext: SIMD2<Float>, _ radius: Float) -> Float {
        let cross = toPrevious.x * toNext.y - toPrevious.y * toNext.x
        let dot = toPrevious.x * toNext.x + toPrevious.y * toNext.y
        let angle = abs(atan2(cross, dot))
        let pi: Float = 3.14159265
        return min(radius, (4.0 / 3.0) * tan(pi / (2 * ((2 * pi) / angle))) * radius
                   * (angle < pi / 2 ? 1 + cos(angle) : 2 - sin(angle)))
    }

    /// `rotatePoints`: an inward corner's control points turned about the corner's ends.
    private static func rotate(next: RenderPoint, previous: RenderPoint, point: RenderPoint, out: inout RenderPoint, in inPoint: inout RenderPoint) {
        let v1 = previous - next, v2 = point - next
        let angle = atan2(v1.x * v2.y - v1.y * v2.x, v1.x * v2.x + v1.y * v2.y)
        func turn(_ target: RenderPoint, about center: RenderPoint, by radians: Double) -> RenderPoint {
            let s = sin(radians), c = cos(radians)
            let x = target.x - center.x, y = target.y - center.y
            return RenderPoint(x: x * c - y * s + center.x, y: x * s + y * c + center.y)
        }
        out = turn(out, about: previous, by: angle * 2)
        inPoint = turn(inPoint, about: next, by: -angle * 2)
    }
}
