import Foundation
import RivFormat

/// The vertices a parametric path (rectangle, ellipse, polygon, star, triangle) sets
/// in its `update`, in its own space; nil for another kind of path.
enum ParametricPath {
    /// More points than this on a polygon or star is a damaged file: drawn with this many, and noted.
    static let pointLimit: UInt64 = 10_000

    static func vertices(of record: SceneRecord) -> [PathVertex]? {
        typealias PK = Schema.PropertyKey
        typealias TK = Schema.TypeKey
        guard record.isKind(TK.parametricPath) else { return nil }
        let width = record.number(PK.parametricPathWidth, default: 0), height = record.number(PK.parametricPathHeight, default: 0)
        let ox = -record.number(PK.parametricPathOriginX, default: 0.5) * width
        let oy = -record.number(PK.parametricPathOriginY, default: 0.5) * height
        if record.isKind(TK.rectangle) {
            let radius = record.number(PK.rectangleCornerRadiusTL, default: 0)
            let linked = record.flag(PK.rectangleLinkCornerRadius, default: true)
            return [.straight(RenderPoint(x: ox, y: oy), radius: radius),
                    .straight(RenderPoint(x: ox + width, y: oy), radius: linked ? radius : record.number(PK.rectangleCornerRadiusTR, default: 0)),
                    .straight(RenderPoint(x: ox + width, y: oy + height), radius: linked ? radius : record.number(PK.rectangleCornerRadiusBR, default: 0)),
                    .straight(RenderPoint(x: ox, y: oy + height), radius: linked ? radius : record.number(PK.rectangleCornerRadiusBL, default: 0))]
        }
        if record.isKind(TK.ellipse) {
            let rx = width / 2, ry = height / 2, cx = ox + rx, cy = oy + ry
            let k = Double(Float(0.552284749831))
            return [.cubic(RenderPoint(x: cx, y: cy - ry), in: RenderPoint(x: cx - rx * k, y: cy - ry), out: RenderPoint(x: cx + rx * k, y: cy - ry)),
                    .cubic(RenderPoint(x: cx + rx, y: cy), in: RenderPoint(x: cx + rx, y: cy + k * -ry), out: RenderPoint(x: cx + rx, y: cy + k * ry)),
                    .cubic(RenderPoint(x: cx, y: cy + ry), in: RenderPoint(x: cx + rx * k, y: cy + ry), out: RenderPoint(x: cx - rx * k, y: cy + ry)),
                    .cubic(RenderPoint(x: cx - rx, y: cy), in: RenderPoint(x: cx - rx, y: cy + ry * k), out: RenderPoint(x: cx - rx, y: cy - ry * k))]
        }
        if record.isKind(TK.triangle) {
            return [.straight(RenderPoint(x: ox + width / 2, y: oy), radius: 0),
                    .straight(RenderPoint(x: ox + width, y: oy + height), radius: 0),
                    .straight(RenderPoint(x: ox, y: oy + height), radius: 0)]
        }
        if record.isKind(TK.polygon) {
            let points = Int(min(record.integer(PK.polygonPoints, default: 5), pointLimit))
            let radius = record.number(PK.polygonCornerRadius, default: 0)
            let halfWidth = width / 2, halfHeight = height / 2, cx = ox + halfWidth, cy = oy + halfHeight
            let isStar = record.isKind(TK.star)
            let count = isStar ? points * 2 : points
            guard count > 0 else { return [] }
            let inner = record.number(PK.starInnerRadius, default: 0.5)
            let increment = 2 * Double.pi / Double(count)
            var angle = -Double.pi / 2
            var vertices: [PathVertex] = []
            vertices.reserveCapacity(count)
            for index in 0..<count {
                let scale = isStar && index % 2 == 1 ? inner : 1
                vertices.append(.straight(RenderPoint(x: cx + cos(angle) * halfWidth * scale, y: cy + sin(angle) * halfHeight * scale), radius: radius))
                angle += increment
            }
            return vertices
        }
        return []
    }
}
