import Testing
import RivRaster

/// Strokes: caps, joins, the inner side of curves and strokes through transforms.
@Suite struct StrokeTests {
    private func line(from: (Double, Double), to: (Double, Double)) -> RasterPath {
        TestShapes.polygon([from, to], closed: false)
    }

    @Test("caps: butt stops at the end, square goes on half the width, round adds a half disc of the exact area")
    func caps() throws {
        var areas: [StrokeCap: Double] = [:]
        for cap in [StrokeCap.butt, .square, .round] {
            let canvas = try Canvas(width: 40, height: 20)
            try canvas.stroke(line(from: (10, 10), to: (20, 10)), thickness: 6, cap: cap, paint: .color(0xFF00_0000))
            areas[cap] = canvas.coveredArea
            #expect(canvas.pixel(15, 7)[3] == 255)
            #expect(canvas.pixel(15, 6)[3] == 0)
            #expect(canvas.pixel(20, 9)[3] == (cap == .butt ? 0 : 255))
            if cap != .round { #expect(canvas.pixel(22, 7)[3] == (cap == .square ? 255 : 0)) }
            #expect(canvas.pixel(23, 9)[3] == 0)  // past the cap's reach of 3
        }
        #expect(abs(areas[.butt]! - 60) < 0.01)
        #expect(abs(areas[.square]! - 96) < 0.01)
        #expect(abs(areas[.round]! - (60 + 9 * Double.pi)) < 0.05)  // two half discs of radius 3
    }

    @Test("a thick stroke round a circle covers the ring's area: the inner side does not count overlaps twice")
    func ringArea() throws {
        let canvas = try Canvas(width: 100, height: 100)
        let circle = TestShapes.ellipse(centerX: 50, centerY: 50, radiusX: 30, radiusY: 30)
        try canvas.stroke(circle, thickness: 20, join: .round, paint: .color(0xFF00_0000))
        let ring = Double.pi * (40 * 40 - 20 * 20)
        #expect(abs(canvas.coveredArea - ring) / ring < 0.002)
        #expect(canvas.pixel(50, 50)[3] == 0)
        #expect(canvas.pixel(50, 15)[3] == 255)
    }

    @Test("joins on a right angle: miter fills the corner square, bevel half of it, round a quarter disc")
    func joins() throws {
        var areas: [StrokeJoin: Double] = [:]
        for join in [StrokeJoin.miter, .bevel, .round] {
            let canvas = try Canvas(width: 40, height: 40)
            try canvas.stroke(TestShapes.polygon([(10, 30), (30, 30), (30, 10)], closed: false), thickness: 4, join: join,
                              paint: .color(0xFF00_0000))
            areas[join] = canvas.coveredArea
        }
        // Two 20x4 arms overlapping in the 2x2 inner corner square, plus the outer corner's 2x2 square.
        let arms: Double = 80 + 80 - 4
        #expect(abs(areas[.miter]! - (arms + 4)) < 0.01)
        #expect(abs(areas[.bevel]! - (arms + 2)) < 0.01)
        #expect(abs(areas[.round]! - (arms + Double.pi)) < 0.02)
    }

    @Test("a miter sharper than the limit of 4 is bevelled")
    func miterLimit() throws {
        let sharp = TestShapes.polygon([(5, 30), (35, 28), (5, 26)], closed: false)  // a turn of about 172 degrees
        let miter = try Canvas(width: 60, height: 60), bevel = try Canvas(width: 60, height: 60)
        try miter.stroke(sharp, thickness: 2, join: .miter, paint: .color(0xFF00_0000))
        try bevel.stroke(sharp, thickness: 2, join: .bevel, paint: .color(0xFF00_0000))
        #expect(miter.rgba8() == bevel.rgba8())
    }

    @Test("the stroke is made in the path's coordinates, then transformed: a scale of 3 by 1 widens vertical strokes only")
    func strokeThroughTransform() throws {
        let canvas = try Canvas(width: 60, height: 20)
        try canvas.stroke(line(from: (5, 2), to: (5, 18)), thickness: 2, paint: .color(0xFF00_0000), transform: .scale(3, 1))
        try canvas.stroke(line(from: (12, 10), to: (18, 10)), thickness: 2, paint: .color(0xFF00_0000), transform: .scale(3, 1))
        #expect(canvas.pixel(12, 10)[3] == 255 && canvas.pixel(17, 10)[3] == 255)  // x 12...18: 6 wide
        #expect(canvas.pixel(11, 10)[3] == 0 && canvas.pixel(18, 10)[3] == 0)
        #expect(canvas.pixel(45, 9)[3] == 255 && canvas.pixel(45, 11)[3] == 0)  // y 9...11: 2 high
    }

    @Test("a closed contour of two points turns back at both ends with joins, not caps")
    func closedThereAndBack() throws {
        let closed = TestShapes.polygon([(10, 10), (30, 10)], closed: true)
        let open = TestShapes.polygon([(10, 10), (30, 10)], closed: false)
        let joined = try Canvas(width: 40, height: 20), capped = try Canvas(width: 40, height: 20)
        try joined.stroke(closed, thickness: 6, cap: .butt, join: .round, paint: .color(0xFF00_0000))
        try capped.stroke(open, thickness: 6, cap: .round, paint: .color(0xFF00_0000))
        #expect(abs(joined.coveredArea - capped.coveredArea) < 0.05)
        #expect(joined.pixel(31, 10)[3] == 255)
    }

    @Test("a zero-length contour: a round cap draws a disc, a butt cap nothing")
    func dot() throws {
        var path = RasterPath()
        path.move(to: RasterPoint(10, 10))
        path.line(to: RasterPoint(10, 10))
        let round = try Canvas(width: 20, height: 20), butt = try Canvas(width: 20, height: 20)
        try round.stroke(path, thickness: 8, cap: .round, paint: .color(0xFF00_0000))
        try butt.stroke(path, thickness: 8, cap: .butt, paint: .color(0xFF00_0000))
        #expect(abs(round.coveredArea - 16 * Double.pi) < 0.05)
        #expect(butt.coveredArea == 0)
    }
}
