import Testing
import RivPNG
import RivRaster

/// Paints, blend modes, feather, clips, images and the PNG output.
@Suite struct PaintTests {
    private let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF

    @Test("a linear gradient is its first stop's colour at its start, its last at its end and beyond")
    func linearGradientEnds() throws {
        let canvas = try Canvas(width: 12, height: 1)
        let paint = RasterPaint(.linear(start: RasterPoint(0.5, 0.5), end: RasterPoint(9.5, 0.5), stops: [GradientStop(0, red), GradientStop(1, blue)]))
        try canvas.fill(TestShapes.rect(0, 0, 12, 1), paint: paint)
        #expect(canvas.pixel(0, 0) == [255, 0, 0, 255])
        #expect(canvas.pixel(9, 0) == [0, 0, 255, 255])
        #expect(canvas.pixel(11, 0) == [0, 0, 255, 255])
        let middle = canvas.pixel(5, 0)  // position 5/9
        #expect(abs(Int(middle[0]) - 113) <= 1 && abs(Int(middle[2]) - 142) <= 1)
    }

    @Test("a radial gradient: the first stop at the centre, the last at the radius; the gradient follows the transform")
    func radialGradient() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let paint = RasterPaint(.radial(center: RasterPoint(5, 5), radius: 4, stops: [GradientStop(0, 0xFFFF_FFFF), GradientStop(1, 0x0000_0000)]))
        try canvas.fill(TestShapes.rect(0, 0, 10, 10), paint: paint, transform: .scale(2, 2))
        #expect(abs(Int(canvas.pixel(9, 9)[3]) - 232) <= 1)  // pixel centre (9.5, 9.5) is 0.354 path units from the centre: 1 - 0.354 / 4
        #expect(canvas.pixel(18, 10)[3] == 0)  // 4.25 path units away
    }

    @Test("opacity and source-over: half-transparent red over blue")
    func sourceOver() throws {
        let canvas = try Canvas(width: 1, height: 1)
        try canvas.fill(TestShapes.rect(0, 0, 1, 1), paint: .color(blue))
        try canvas.fill(TestShapes.rect(0, 0, 1, 1), paint: RasterPaint(.solid(red), opacity: 128.0 / 255))
        #expect(canvas.pixel(0, 0) == [128, 0, 127, 255])
    }

    @Test("blend modes on known colours", arguments: [
        (BlendMode.multiply, 0xFFFF_FFFF as UInt32, 0xFF33_6699 as UInt32, [0x33, 0x66, 0x99] as [UInt8]),
        (.screen, 0xFF00_0000, 0xFF33_6699, [0x33, 0x66, 0x99]),
        (.difference, 0xFF33_6699, 0xFF33_6699, [0, 0, 0]),
        (.exclusion, 0xFFFF_FFFF, 0xFF33_6699, [0xCC, 0x99, 0x66]),
        (.darken, 0xFF80_2080, 0xFF40_4040, [0x40, 0x20, 0x40]),
        (.lighten, 0xFF80_2080, 0xFF40_4040, [0x80, 0x40, 0x80]),
        (.colorDodge, 0xFF00_8080, 0xFF80_80FF, [0, 255, 255]),
        (.colorBurn, 0xFFFF_8000, 0xFF00_0000, [255, 0, 0]),
        (.hardLight, 0xFF80_8080, 0xFF00_FF00, [0, 255, 0]),
        (.overlay, 0xFF00_FF00, 0xFF80_8080, [0, 255, 0]),
        (.softLight, 0xFF00_FFFF, 0xFF80_80FF, [0, 255, 255]),
        (.hue, 0xFF80_8080, 0xFF00_00FF, [0x80, 0x80, 0x80]),
        (.saturation, 0xFF00_FF00, 0xFF80_8080, [150, 150, 150]),
        (.color, 0xFFFF_FFFF, 0xFFFF_0000, [255, 255, 255]),
        (.luminosity, 0xFF33_3333, 0xFF80_8080, [0x80, 0x80, 0x80]),
    ])
    func blendModes(mode: BlendMode, backdrop: UInt32, source: UInt32, expected: [UInt8]) throws {
        let canvas = try Canvas(width: 1, height: 1)
        try canvas.fill(TestShapes.rect(0, 0, 1, 1), paint: .color(backdrop))
        try canvas.fill(TestShapes.rect(0, 0, 1, 1), paint: RasterPaint(.solid(source), blendMode: mode))
        #expect(canvas.pixel(0, 0) == expected + [255])
    }

    @Test("a blend mode over transparent pixels draws the source as it is")
    func blendOverNothing() throws {
        let canvas = try Canvas(width: 1, height: 1)
        try canvas.fill(TestShapes.rect(0, 0, 1, 1), paint: RasterPaint(.solid(0xFF33_6699), blendMode: .multiply))
        #expect(canvas.pixel(0, 0) == [0x33, 0x66, 0x99, 255])
    }

    @Test("feather blurs the coverage: the area is kept, the edge softens symmetrically, the middle of a large shape stays opaque")
    func feather() throws {
        for feather in [2.0, 6.0, 20.0] {
            let canvas = try Canvas(width: 120, height: 120)
            try canvas.fill(TestShapes.rect(30, 30, 60, 60), paint: RasterPaint(.solid(0xFF00_0000), feather: feather))
            #expect(abs(canvas.coveredArea - 3600) < 3600 * 0.002, "feather \(feather)")
            let inside = canvas.pixel(30, 60)[3], outside = canvas.pixel(29, 60)[3]
            #expect(abs(Int(inside) + Int(outside) - 255) <= 2, "feather \(feather)")
            #expect(canvas.pixel(60, 60)[3] >= 254, "feather \(feather)")
        }
    }

    @Test("an absurd feather is drawn as a blur a third of the canvas wide: bounded work, the area kept")
    func hugeFeather() throws {
        let canvas = try Canvas(width: 64, height: 64)
        try canvas.fill(TestShapes.rect(-1e6, 16, 2e6 + 64, 32), paint: RasterPaint(.solid(0xFF00_0000), feather: 1e12))
        #expect(canvas.pixel(0, 32)[3] > 0)
        #expect(canvas.coveredArea <= 64 * 32 + 1)
    }

    @Test("clips intersect, anti-aliased, and popping one restores the one below")
    func clips() throws {
        let canvas = try Canvas(width: 10, height: 4)
        try canvas.pushClip(TestShapes.rect(0, 0, 6.5, 4))
        try canvas.pushClip(TestShapes.rect(2, 0, 8, 4))
        try canvas.fill(TestShapes.rect(0, 0, 10, 2), paint: .color(red))
        try canvas.popClip()
        try canvas.fill(TestShapes.rect(0, 2, 10, 2), paint: .color(blue))
        try canvas.popClip()
        #expect(canvas.pixel(1, 0)[3] == 0)
        #expect(canvas.pixel(2, 0) == [255, 0, 0, 255])
        #expect(canvas.pixel(6, 0) == [255, 0, 0, 128])
        #expect(canvas.pixel(7, 0)[3] == 0)
        #expect(canvas.pixel(0, 3) == [0, 0, 255, 255])
        #expect(canvas.pixel(6, 3) == [0, 0, 255, 128])
        #expect(canvas.pixel(8, 3)[3] == 0)
    }

    @Test("images: pixel centres land on the image's pixels, between them bilinear, opacity applied")
    func image() throws {
        let image = try RasterImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])
        let canvas = try Canvas(width: 8, height: 4)
        try canvas.drawImage(image, transform: .scale(4, 4))
        #expect(canvas.pixel(0, 0) == [255, 0, 0, 255])
        #expect(canvas.pixel(7, 3) == [0, 0, 255, 255])
        let middle = canvas.pixel(3, 1)  // x = 3.5 / 4 = 0.875: 0.375 of the way from the red centre to the blue
        #expect(middle == [159, 0, 96, 255])
        let faded = try Canvas(width: 8, height: 4)
        try faded.drawImage(image, transform: .scale(4, 4), opacity: 0.5)
        #expect(faded.pixel(0, 0) == [255, 0, 0, 128])
    }

    @Test("a shrunken image averages the image pixels under each canvas pixel: stripes one pixel wide, shrunk 4 times, are grey")
    func shrunkenImage() throws {
        let stripes = (0..<4).flatMap { _ in (0..<16).flatMap { x -> [UInt8] in x % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] } }
        let image = try RasterImage(width: 16, height: 4, rgba: stripes)
        let canvas = try Canvas(width: 4, height: 1)
        try canvas.drawImage(image, transform: .scale(0.25, 0.25))
        for x in 0..<4 { #expect((127...128).contains(canvas.pixel(x, 0)[0]), "pixel \(x)") }
    }

    /// Stripes one pixel wide, black first, shrunk by `scale` onto a canvas one row high: the red channel of each pixel.
    private func stripes(shrunkBy scale: Double, width: Int) throws -> [UInt8] {
        let image = try RasterImage(width: 16, height: 1, rgba: (0..<16).flatMap { x -> [UInt8] in x % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] })
        let canvas = try Canvas(width: width, height: 1)
        try canvas.drawImage(image, transform: .scale(scale, 1))
        return (0..<width).map { canvas.pixel($0, 0)[0] }
    }

    @Test("an image shrunk to more than 3/4 is sampled bilinearly, as rsvg (cairo's good filter) samples it: stripes at 0.8, pixel 0's centre 1/8 of the way to the first white")
    func slightlyShrunkenImage() throws {
        // x = 0.5 / 0.8 = 0.625: 0.125 past the black pixel's centre.
        #expect(try stripes(shrunkBy: 0.8, width: 4) == [32, 159, 159, 32])
    }

    @Test("an image shrunk further averages each pixel's footprint, a box as wide as the image pixels it spans, each image pixel counted by the share it covers: stripes at 0.4")
    func shrunkenImageBox() throws {
        // Pixel 0 spans [0, 2.5]: black, white, half a black; pixel 2 spans [5, 7.5]: white, black, half a white.
        #expect(try stripes(shrunkBy: 0.4, width: 3) == [102, 102, 153])
    }

    @Test("an image mesh's triangles map their texture coordinates onto their vertices")
    func imageMesh() throws {
        let image = try RasterImage(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 255])
        let canvas = try Canvas(width: 8, height: 4)
        // The square drawn mirrored: its left edge takes the image's right edge.
        try canvas.drawImageMesh(image, vertices: [RasterPoint(0, 0), RasterPoint(8, 0), RasterPoint(8, 4), RasterPoint(0, 4)],
                                 uvs: [RasterPoint(1, 0), RasterPoint(0, 0), RasterPoint(0, 1), RasterPoint(1, 1)],
                                 indices: [0, 1, 2, 0, 2, 3])
        #expect(canvas.pixel(0, 3) == [0, 0, 255, 255])
        #expect(canvas.pixel(7, 0) == [255, 0, 0, 255])
    }

    @Test("pngData is a PNG of the canvas' pixels, transparent where nothing was drawn")
    func png() throws {
        let canvas = try Canvas(width: 16, height: 8)
        try canvas.fill(TestShapes.ellipse(centerX: 8, centerY: 4, radiusX: 6, radiusY: 3), paint: RasterPaint(.solid(0xFF20_8040), opacity: 0.5))
        let decoded = try PNGImage(decoding: canvas.pngData())
        #expect(decoded.header.width == 16 && decoded.header.height == 8)
        #expect(decoded.rgba16().map { UInt8($0 >> 8) } == canvas.rgba8())
        #expect(canvas.pixel(0, 0) == [0, 0, 0, 0])
    }
}
