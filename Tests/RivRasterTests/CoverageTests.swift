import Testing
import RivRaster

/// Exact-area anti-aliasing and the fill rules, pixel by pixel.
@Suite struct CoverageTests {
    @Test("a pixel half covered by a vertical edge is half opaque; whole pixels are opaque or clear")
    func halfCoveredPixel() throws {
        let canvas = try Canvas(width: 8, height: 4)
        try canvas.fill(TestShapes.rect(2.5, 0, 3.5, 4), paint: .color(0xFFFF_FFFF))
        #expect(canvas.pixel(1, 1)[3] == 0)
        #expect(canvas.pixel(2, 1)[3] == 128)
        #expect(canvas.pixel(3, 1) == [255, 255, 255, 255])
        #expect(canvas.pixel(5, 1)[3] == 255)
        #expect(canvas.pixel(6, 1)[3] == 0)
    }

    @Test("a diagonal through a pixel's corners covers half of it; a corner pixel cut at its middle, an eighth")
    func diagonalCoverage() throws {
        let canvas = try Canvas(width: 6, height: 6)
        try canvas.fill(TestShapes.polygon([(0, 0), (4, 0), (0, 4)], closed: true), paint: .color(0xFF00_0000))
        #expect(canvas.pixel(1, 2)[3] == 128)  // x + y = 4 cuts [1,2]x[2,3] corner to corner
        #expect(canvas.pixel(0, 0)[3] == 255)
        #expect(canvas.pixel(2, 2)[3] == 0)
        let corner = try Canvas(width: 2, height: 2)
        try corner.fill(TestShapes.polygon([(0, 0), (0.5, 0), (0, 0.5)], closed: true), paint: .color(0xFF00_0000))
        #expect(corner.pixel(0, 0)[3] == 32)  // 1/8 of 255 = 31.9
    }

    @Test("a pentagram: the centre is clear under even-odd and filled under nonzero; the points are filled under both")
    func evenOddAgainstNonZero() throws {
        let star = TestShapes.pentagram(centerX: 20, centerY: 20, radius: 18)
        let evenOdd = try Canvas(width: 40, height: 40), nonZero = try Canvas(width: 40, height: 40)
        try evenOdd.fill(star, rule: .evenOdd, paint: .color(0xFFFF_0000))
        try nonZero.fill(star, rule: .nonZero, paint: .color(0xFFFF_0000))
        #expect(evenOdd.pixel(20, 20)[3] == 0)
        #expect(nonZero.pixel(20, 20) == [255, 0, 0, 255])
        #expect(evenOdd.pixel(19, 8) == [255, 0, 0, 255])  // in the top point
        #expect(nonZero.pixel(19, 8) == [255, 0, 0, 255])
    }

    @Test("clockwise fills clockwise contours only, judged in the path's coordinates (a mirroring transform keeps it)")
    func clockwise() throws {
        let clockwise = TestShapes.rect(2, 2, 4, 4)  // clockwise on screen
        let counter = TestShapes.polygon([(2, 2), (2, 6), (6, 6), (6, 2)], closed: true)
        for (path, filled) in [(clockwise, true), (counter, false)] {
            for transform in [RasterTransform.identity, RasterTransform(-1, 0, 0, 1, 8, 0)] {
                let canvas = try Canvas(width: 8, height: 8)
                try canvas.fill(path, rule: .clockwise, paint: .color(0xFF00_0000), transform: transform)
                #expect(canvas.pixel(4, 4)[3] == (filled ? 255 : 0))
            }
        }
    }

    @Test("shapes reaching past the canvas cover it as far as they reach; coordinates of 1e30 draw without a hang")
    func pastTheEdges() throws {
        let canvas = try Canvas(width: 10, height: 10)
        try canvas.fill(TestShapes.polygon([(-1e30, -5), (5.5, -5), (5.5, 1e30), (-1e30, 1e30)], closed: true), paint: .color(0xFF00_00FF))
        #expect(canvas.pixel(0, 0) == [0, 0, 255, 255])
        #expect(canvas.pixel(5, 9)[3] == 128)
        #expect(canvas.pixel(6, 9)[3] == 0)
        var curve = RasterPath()
        curve.move(to: RasterPoint(0, 0))
        curve.cubic(to: RasterPoint(1e30, 0), control1: RasterPoint(-1e30, 1e30), control2: RasterPoint(1e30, -1e30))
        try canvas.fill(curve, paint: .color(0xFF00_0000))
    }

    @Test("refused input: sizes, points, non-finite numbers, clips and images, with nothing drawn")
    func refusals() throws {
        #expect(throws: RasterError.canvasSize(width: 0, height: 5)) { try Canvas(width: 0, height: 5) }
        #expect(throws: RasterError.canvasSize(width: 16384, height: 16384)) { try Canvas(width: 16384, height: 16384) }
        let canvas = try Canvas(width: 4, height: 4)
        #expect(throws: RasterError.notFinite("path point")) {
            try canvas.fill(TestShapes.rect(0, 0, .nan, 2), paint: .color(0xFF00_0000))
        }
        #expect(throws: RasterError.notFinite("transform")) {
            try canvas.fill(TestShapes.rect(0, 0, 2, 2), paint: .color(0xFF00_0000), transform: RasterTransform(.infinity, 0, 0, 1, 0, 0))
        }
        #expect(throws: RasterError.notFinite("stroke thickness")) {
            try canvas.stroke(TestShapes.rect(0, 0, 2, 2), thickness: .nan, paint: .color(0xFF00_0000))
        }
        #expect(throws: RasterError.noClipToPop) { try canvas.popClip() }
        #expect(throws: RasterError.imageSize(width: 2, height: 2, bytes: 15)) { try RasterImage(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 15)) }
        let image = try RasterImage(width: 1, height: 1, rgba: [0, 0, 0, 255])
        #expect(throws: RasterError.badMesh("index 3 is not one of the 3 vertices")) {
            try canvas.drawImageMesh(image, vertices: [RasterPoint(0, 0), RasterPoint(1, 0), RasterPoint(0, 1)],
                                     uvs: [RasterPoint(0, 0), RasterPoint(1, 0), RasterPoint(0, 1)], indices: [0, 1, 3])
        }
        for _ in 0..<Canvas.maximumClipDepth { try canvas.pushClip(TestShapes.rect(0, 0, 4, 4)) }
        #expect(throws: RasterError.clipTooDeep) { try canvas.pushClip(TestShapes.rect(0, 0, 4, 4)) }
        #expect(canvas.coveredArea == 0)
    }
}
