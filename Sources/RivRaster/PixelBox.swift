/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
struct PixelBox: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    static let empty = PixelBox(x: 0, y: 0, width: 0, height: 0)

    var isEmpty: Bool { width <= 0 || height <= 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    /// The pixels in both boxes.
    func intersection(_ other: PixelBox) -> PixelBox {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .empty
    }

    /// This box grown by `margin` pixels on every side.
    func grown(by margin: Int) -> PixelBox {
        isEmpty ? self : PixelBox(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// The pixels touched by the points' bounds, within `limit` (bounds far outside it are cut first,
    /// so no coordinate overflows).
    static func covering(_ contours: [Contour], within limit: PixelBox) -> PixelBox {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours {
            for p in contour.points {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return .empty }
        let x0 = max(minX.rounded(.down), Double(limit.x)), y0 = max(minY.rounded(.down), Double(limit.y))
        let x1 = min(maxX.rounded(.up), Double(limit.maxX)), y1 = min(maxY.rounded(.up), Double(limit.maxY))
        guard x1 > x0, y1 > y0 else { return .empty }
        return PixelBox(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
}
