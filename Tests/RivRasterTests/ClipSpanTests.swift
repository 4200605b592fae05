import Testing
@testable import RivRaster

/// A drawing under a clip is clipped and blended only between each row's first and last
/// pixel the clip covers; the picture is the one the whole row would give.
@Suite struct ClipSpanTests {
    private let black: UInt32 = 0xFF00_0000

    /// A clip of two squares side by side with a gap between, over rows 4..<12 only.
    private func twoSquares() -> RasterPath {
        var path = RasterPath()
        for (x, width) in [(3.5, 5.0), (20, 6.25)] {
            path.move(to: RasterPoint(x, 4)); path.line(to: RasterPoint(x + width, 4))
            path.line(to: RasterPoint(x + width, 12)); path.line(to: RasterPoint(x, 12)); path.close()
        }
        return path
    }

    @Test("each row's span runs from its first to its last covered pixel, gaps inside included; a row covering nothing has none")
    func spans() {
        var accumulator = CoverageAccumulator(box: PixelBox(x: 2, y: 0, width: 30, height: 16))
        accumulator.add(Contour.flatten(twoSquares(), transform: .identity, tolerance: 0.02))
        let clip = ClipMask(accumulator.mask(rule: .nonZero))
        // Canvas columns 3 (half covered) to 26 (a quarter covered); offsets from canvas column 0.
        #expect(clip.visible(0..<40, x: 0, y: 5) == 3..<27)
        #expect(clip.visible(10..<15, x: 0, y: 5) == 10..<15, "the gap between the squares stays in the span")
        #expect(clip.visible(0..<40, x: 2, y: 5) == 1..<25, "offsets from another column")
        #expect(clip.visible(0..<40, x: 0, y: 2).isEmpty, "a row the clip does not cover")
        #expect(clip.visible(0..<40, x: 0, y: 20).isEmpty, "a row outside the clip's box")
        #expect(clip.visible(27..<40, x: 0, y: 5).isEmpty, "columns right of the span")
    }

    @Test("a fill under a clip of two pieces a row: each pixel is the clip's coverage, the gap and the rows outside untouched")
    func fillUnderTwoPieces() throws {
        let clipped = try Canvas(width: 32, height: 16), reference = try Canvas(width: 32, height: 16)
        try clipped.pushClip(twoSquares())
        try clipped.fill(TestShapes.rect(0, 0, 32, 16), paint: .color(black))
        try reference.fill(twoSquares(), paint: .color(black))
        #expect(clipped.rgba8() == reference.rgba8())
    }

    @Test("a sharp fill under a clip of its own outline (a circle, a triangle) is the fill alone: its edge pixels keep their coverage, not its square")
    func fillUnderItsOwnOutline() throws {
        for shape in [TestShapes.ellipse(centerX: 15.3, centerY: 14.7, radiusX: 11.2, radiusY: 9.6),
                      TestShapes.polygon([(3.2, 4.1), (27.6, 9.3), (8.4, 26.5)], closed: true)] {
            let clipped = try Canvas(width: 32, height: 32), alone = try Canvas(width: 32, height: 32)
            try clipped.pushClip(shape)
            try clipped.fill(shape, paint: .color(black))
            try alone.fill(shape, paint: .color(black))
            // Multiplying the two coverages would make a half-covered edge pixel a quarter covered.
            #expect(clipped.rgba8() == alone.rgba8())
        }
    }

    @Test("a feather under a clip one pixel wide, small and large blurs: the blurred coverage times the clip's", arguments: [0.6, 3.0, 12.0])
    func featherUnderNarrowClip(feather: Double) throws {
        let size = 40
        let clipped = try Canvas(width: size, height: size), blurred = try Canvas(width: size, height: size)
        let clip = TestShapes.rect(17, 2, 1, 30)
        let shape = TestShapes.rect(10, 10, 12, 12)
        try clipped.pushClip(clip)
        try clipped.fill(shape, paint: RasterPaint(.solid(black), feather: feather))
        try blurred.fill(shape, paint: RasterPaint(.solid(black), feather: feather))
        for y in 0..<size {
            for x in 0..<size {
                let expected = x == 17 && (2..<32).contains(y) ? blurred.pixel(x, y)[3] : 0
                #expect(abs(Int(clipped.pixel(x, y)[3]) - Int(expected)) <= 1, "feather \(feather) at (\(x), \(y))")
            }
        }
    }

    @Test("a feather blurred far more up and down than across, its columns short of a narrow clip's: nothing is drawn")
    func featherShortOfTheClip() throws {
        let canvas = try Canvas(width: 60, height: 60)
        try canvas.pushClip(TestShapes.rect(40, 0, 1, 60))
        // σ 0.5 px across, 25 px down: the shape's box reaches the clip only through the vertical margin.
        try canvas.fill(TestShapes.rect(1, 0.2, 4, 0.4), paint: RasterPaint(.solid(black), feather: 1),
                        transform: RasterTransform(1, 0, 0, 50, 0, 0))
        #expect(canvas.coveredArea == 0)
    }
}
