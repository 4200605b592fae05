import Foundation
import Testing
import RivPNG
import RivRaster
import RivTestSupport

/// The same drawing through our rasterizer and through rsvg-convert (librsvg, the judge the
/// renderer's pictures are compared with), from an SVG this test writes.
@Suite struct RsvgComparisonTests {
    /// A canvas and the SVG of what is drawn on it.
    final class Scene {
        let canvas: Canvas
        private(set) var svg: String
        private var definitions = 0

        init(width: Int, height: Int) throws {
            canvas = try Canvas(width: width, height: height)
            svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        }

        func fill(_ path: RasterPath, _ rule: FillRule = .nonZero, _ paint: RasterPaint, _ transform: RasterTransform = .identity) throws {
            try canvas.fill(path, rule: rule, paint: paint, transform: transform)
            let attributes = self.attributes(paint, "fill")
            svg += "<path d=\"\(Self.data(path))\" transform=\"\(Self.matrix(transform))\" fill-rule=\"\(rule == .evenOdd ? "evenodd" : "nonzero")\" \(attributes)/>\n"
        }

        func stroke(_ path: RasterPath, _ thickness: Double, _ cap: StrokeCap, _ join: StrokeJoin, _ paint: RasterPaint,
                    _ transform: RasterTransform = .identity) throws {
            try canvas.stroke(path, thickness: thickness, cap: cap, join: join, paint: paint, transform: transform)
            let attributes = self.attributes(paint, "stroke")
            svg += "<path d=\"\(Self.data(path))\" transform=\"\(Self.matrix(transform))\" fill=\"none\" stroke-width=\"\(thickness)\" stroke-linecap=\"\(cap)\" stroke-linejoin=\"\(join)\" \(attributes)/>\n"
        }

        func withClip(_ path: RasterPath, _ draw: () throws -> Void) throws {
            try canvas.pushClip(path)
            definitions += 1
            svg += "<clipPath id=\"c\(definitions)\"><path d=\"\(Self.data(path))\"/></clipPath><g clip-path=\"url(#c\(definitions))\">\n"
            try draw()
            svg += "</g>\n"
            try canvas.popClip()
        }

        private func attributes(_ paint: RasterPaint, _ kind: String) -> String {
            func stops(_ stops: [GradientStop]) -> String {
                stops.map { "<stop offset=\"\($0.position)\" stop-color=\"\(Self.hex($0.color))\" stop-opacity=\"\(Double($0.color >> 24) / 255)\"/>" }.joined()
            }
            var result: String
            switch paint.shader {
            case .solid(let color):
                result = "\(kind)=\"\(Self.hex(color))\" \(kind)-opacity=\"\(Double(color >> 24) / 255 * paint.opacity)\""
            case .linear(let start, let end, let list):
                definitions += 1
                svg += "<defs><linearGradient id=\"g\(definitions)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(start.x)\" y1=\"\(start.y)\" x2=\"\(end.x)\" y2=\"\(end.y)\">\(stops(list))</linearGradient></defs>\n"
                result = "\(kind)=\"url(#g\(definitions))\" \(kind)-opacity=\"\(paint.opacity)\""
            case .radial(let center, let radius, let list):
                definitions += 1
                svg += "<defs><radialGradient id=\"g\(definitions)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(center.x)\" cy=\"\(center.y)\" r=\"\(radius)\">\(stops(list))</radialGradient></defs>\n"
                result = "\(kind)=\"url(#g\(definitions))\" \(kind)-opacity=\"\(paint.opacity)\""
            }
            if paint.feather > 0 {
                definitions += 1
                svg += "<defs><filter id=\"f\(definitions)\" x=\"-100%\" y=\"-100%\" width=\"300%\" height=\"300%\"><feGaussianBlur stdDeviation=\"\(paint.feather / 2)\"/></filter></defs>\n"
                result += " filter=\"url(#f\(definitions))\""
            }
            if paint.blendMode != .srcOver {
                // SVG's names are Rive's, hyphenated.
                let name = "\(paint.blendMode)".replacing(/[A-Z]/) { "-" + $0.output.lowercased() }
                result += " style=\"mix-blend-mode:\(name)\""
            }
            return result
        }

        static func hex(_ color: UInt32) -> String { String(format: "#%06x", color & 0xFF_FFFF) }

        static func matrix(_ t: RasterTransform) -> String { "matrix(\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty))" }

        static func data(_ path: RasterPath) -> String {
            path.elements.map { element in
                switch element {
                case .move(let p): "M\(p.x),\(p.y)"
                case .line(let p): "L\(p.x),\(p.y)"
                case .quad(let c, let p): "Q\(c.x),\(c.y) \(p.x),\(p.y)"
                case .cubic(let c1, let c2, let p): "C\(c1.x),\(c1.y) \(c2.x),\(c2.y) \(p.x),\(p.y)"
                case .close: "Z"
                }
            }.joined(separator: " ")
        }
    }

    @Test("fills, strokes, gradients, a clip, a blend mode and a feather: at most 0.5% of pixels differ from rsvg by more than 8/255",
          .enabled(if: RsvgJudge.executable != nil, "rsvg-convert is not installed (Debian: librsvg2-bin)"))
    func againstRsvg() throws {
        let scene = try Scene(width: 200, height: 200)
        try scene.fill(TestShapes.pentagram(centerX: 50, centerY: 50, radius: 40), .evenOdd, .color(0xFFE0_2020))
        try scene.fill(TestShapes.pentagram(centerX: 0, centerY: 0, radius: 30), .nonZero, RasterPaint(.solid(0xFF20_40E0), opacity: 0.7),
                       RasterTransform(0.9, 0.4, -0.4, 0.9, 140, 50))
        try scene.fill(TestShapes.ellipse(centerX: 50, centerY: 140, radiusX: 35, radiusY: 25), .nonZero,
                       RasterPaint(.linear(start: RasterPoint(20, 120), end: RasterPoint(80, 160),
                                           stops: [GradientStop(0, 0xFFFF_CC00), GradientStop(0.5, 0x8000_CC88), GradientStop(1, 0xFF00_00FF)])))
        try scene.fill(TestShapes.ellipse(centerX: 145, centerY: 145, radiusX: 40, radiusY: 30), .nonZero,
                       RasterPaint(.radial(center: RasterPoint(135, 140), radius: 45, stops: [GradientStop(0, 0xFFFF_FFFF), GradientStop(1, 0xFF80_3000)])))
        try scene.stroke(TestShapes.polygon([(10, 100), (40, 80), (70, 110), (100, 85)], closed: false), 8, .round, .round, .color(0xC000_A000))
        try scene.stroke(TestShapes.polygon([(110, 100), (130, 80), (150, 110), (190, 85)], closed: false), 6, .square, .miter, .color(0xFF80_00FF))
        var curve = RasterPath()
        curve.move(to: RasterPoint(20, 190))
        curve.cubic(to: RasterPoint(180, 185), control1: RasterPoint(60, 120), control2: RasterPoint(120, 230))
        try scene.stroke(curve, 5, .butt, .bevel, .color(0xFF40_4040), RasterTransform(1, 0, 0, 0.9, 0, 10))
        try scene.stroke(TestShapes.ellipse(centerX: 100, centerY: 100, radiusX: 20, radiusY: 12), 4, .butt, .miter, .color(0xFF00_A0A0),
                         RasterTransform(1.5, 0, 0.3, 1, -50, 0))
        try scene.fill(TestShapes.rect(80, 20, 40, 40), .nonZero, RasterPaint(.solid(0xFF00_C0FF), blendMode: .multiply))
        try scene.fill(TestShapes.rect(160, 10, 25, 25), .nonZero, RasterPaint(.solid(0xFF10_2080), feather: 6))
        try scene.withClip(TestShapes.ellipse(centerX: 100, centerY: 160, radiusX: 18, radiusY: 18)) {
            try scene.fill(TestShapes.rect(90, 140, 40, 40), .nonZero, .color(0xFFFF_8000))
        }
        let reference = try RsvgJudge.rasterize(scene.svg + "</svg>\n")
        let difference = RsvgJudge.difference(scene.canvas.rgba8(), reference.rgba16, pixels: 200 * 200)
        #expect(difference.within(0.005, 1), "\(difference.over8) pixels differ by more than 8/255")
    }
}
