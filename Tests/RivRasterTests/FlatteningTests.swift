import Testing
@testable import RivRaster

/// How curves become lines: the tolerance, culling outside the canvas, the bounds.
@Suite struct FlatteningTests {
    private func curve(from start: RasterPoint, _ c1: RasterPoint, _ c2: RasterPoint, _ end: RasterPoint) -> RasterPath {
        var path = RasterPath()
        path.move(to: start)
        path.cubic(to: end, control1: c1, control2: c2)
        return path
    }

    @Test("a curve is cut finely enough for the tolerance; one wholly outside the visible box is one line")
    func culling() {
        let arc = curve(from: RasterPoint(0, 0), RasterPoint(0, 50), RasterPoint(50, 50), RasterPoint(50, 0))
        let visible = (minX: 0.0, minY: 0.0, maxX: 100.0, maxY: 100.0)
        let inside = Contour.flatten(arc, transform: .identity, tolerance: 0.02, visible: visible)
        #expect(inside[0].points.count > 40)
        for offset in [RasterTransform.translation(-200, 0), .translation(200, 0), .translation(0, -200), .translation(0, 200)] {
            let outside = Contour.flatten(arc, transform: offset, tolerance: 0.02, visible: visible)
            #expect(outside[0].points.count == 2)
        }
    }

    @Test("a path of huge curves becomes at most maximumPoints points, however many curves it has")
    func budget() {
        var path = RasterPath()
        path.move(to: RasterPoint(0, 0))
        for i in 0..<5000 {
            let y = Double(i % 2 == 0 ? 1 : -1) * 1e9
            path.cubic(to: RasterPoint(0, 0), control1: RasterPoint(-1e9, y), control2: RasterPoint(1e9, y))
        }
        let contours = Contour.flatten(path, transform: .identity, tolerance: 0.02, visible: (0, 0, 100, 100))
        #expect(contours[0].points.count <= Contour.maximumPoints + Contour.maximumPiecesPerCurve + 5001)
    }

    @Test("a round join or cap is at most 2^10 chords, however wide the stroke against the tolerance")
    func arcBound() {
        var stroker = Stroker(halfWidth: 1e9, cap: .round, join: .round, tolerance: 1e-9)
        let zigzag = Contour(points: (0..<100).map { RasterPoint(Double($0), Double($0 % 2)) }, closed: false)
        let outline = stroker.outline([zigzag])
        // Per side: a point per segment end, an arc per corner; two caps of two arcs.
        #expect(outline[0].points.count <= 2 * (100 + 98 * 1025) + 4 * 1025)
    }

    @Test("culling keeps the pixels: a shape closed by a curve far left of the canvas draws as without culling")
    func cullingKeepsPixels() throws {
        var path = RasterPath()
        path.move(to: RasterPoint(5, 2))
        path.line(to: RasterPoint(-10, 2))
        path.cubic(to: RasterPoint(-10, 18), control1: RasterPoint(-900, -500), control2: RasterPoint(-900, 700))
        path.line(to: RasterPoint(5, 18))
        path.close()
        let canvas = try Canvas(width: 20, height: 20)
        try canvas.fill(path, paint: .color(0xFF00_0000))
        var accumulator = CoverageAccumulator(box: PixelBox(x: 0, y: 0, width: 20, height: 20))
        let unculled = Contour.flatten(path, transform: .identity, tolerance: 0.02)
        #expect(unculled[0].points.count > 100)
        accumulator.add(unculled)
        let mask = accumulator.mask(rule: .nonZero)
        let bytes = canvas.rgba8()
        for y in 0..<20 {
            for x in 0..<20 {
                #expect(abs(Int(bytes[(y * 20 + x) * 4 + 3]) - Int((mask.value(x: x, y: y) * 255).rounded())) <= 1, "(\(x), \(y))")
            }
        }
        #expect(canvas.pixel(4, 10)[3] == 255 && canvas.pixel(5, 10)[3] == 0)
    }
}
