import Foundation
import RivRaster

/// Paths the raster tests draw.
enum TestShapes {
    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> RasterPath {
        polygon([(x, y), (x + width, y), (x + width, y + height), (x, y + height)], closed: true)
    }

    static func polygon(_ points: [(Double, Double)], closed: Bool) -> RasterPath {
        var path = RasterPath()
        for (i, p) in points.enumerated() {
            if i == 0 { path.move(to: RasterPoint(p.0, p.1)) } else { path.line(to: RasterPoint(p.0, p.1)) }
        }
        if closed { path.close() }
        return path
    }

    /// A five-pointed star drawn as one self-crossing contour (a pentagram): its centre is
    /// wound twice.
    static func pentagram(centerX: Double, centerY: Double, radius: Double) -> RasterPath {
        polygon((0..<5).map { i in
            let (s, c) = sineCosine(turns: Double(i * 2) / 5 - 0.25)
            return (centerX + radius * c, centerY + radius * s)
        }, closed: true)
    }

    /// An ellipse of four cubic curves.
    static func ellipse(centerX cx: Double, centerY cy: Double, radiusX rx: Double, radiusY ry: Double) -> RasterPath {
        let k = 0.5522847498
        var p = RasterPath()
        p.move(to: RasterPoint(cx + rx, cy))
        p.cubic(to: RasterPoint(cx, cy + ry), control1: RasterPoint(cx + rx, cy + ry * k), control2: RasterPoint(cx + rx * k, cy + ry))
        p.cubic(to: RasterPoint(cx - rx, cy), control1: RasterPoint(cx - rx * k, cy + ry), control2: RasterPoint(cx - rx, cy + ry * k))
        p.cubic(to: RasterPoint(cx, cy - ry), control1: RasterPoint(cx - rx, cy - ry * k), control2: RasterPoint(cx - rx * k, cy - ry))
        p.cubic(to: RasterPoint(cx + rx, cy), control1: RasterPoint(cx + rx * k, cy - ry), control2: RasterPoint(cx + rx, cy - ry * k))
        p.close()
        return p
    }

    /// A regular polygon of `sides` corners on a circle (a circle, for many sides).
    static func regularPolygon(centerX: Double, centerY: Double, radius: Double, sides: Int) -> RasterPath {
        polygon((0..<sides).map { i in
            let (s, c) = sineCosine(turns: Double(i) / Double(sides))
            return (centerX + radius * c, centerY + radius * s)
        }, closed: true)
    }

    static func sineCosine(turns: Double) -> (Double, Double) { (sin(turns * 2 * .pi), cos(turns * 2 * .pi)) }
}

extension Canvas {
    /// The RGBA of pixel (x, y), not premultiplied.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let bytes = rgba8()
        let i = (y * width + x) * 4
        return Array(bytes[i..<i + 4])
    }

    /// The sum of every pixel's alpha, in pixels (255 is one pixel).
    var coveredArea: Double {
        let bytes = rgba8()
        return stride(from: 3, to: bytes.count, by: 4).reduce(0.0) { $0 + Double(bytes[$1]) } / 255
    }
}
