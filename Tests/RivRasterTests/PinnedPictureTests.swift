import Testing
import RivPNG
@testable import RivRaster
import RivTestSupport

/// One picture that uses every kind of drawing (fills under both rules, gradients, strokes,
/// a clip, feathers, blend modes, an image), pinned by the hash of its 8-bit pixels: speed
/// work on the rasterizer or the PNG writer must leave every pixel as it is, and the PNG
/// must decode to those very pixels.
@Suite struct PinnedPictureTests {
    /// The picture, `width` pixels wide and two thirds as high.
    static func picture(width: Int) throws -> Canvas {
        let canvas = try Canvas(width: width, height: width * 2 / 3)
        let scale = RasterTransform.scale(Double(width) / 300, Double(width) / 300)
        func at(_ transform: RasterTransform) -> RasterTransform { scale.concatenating(transform) }
        try canvas.fill(TestShapes.rect(0, 0, 300, 200), paint: RasterPaint(.linear(start: RasterPoint(0, 0), end: RasterPoint(300, 200),
                                                                                    stops: [GradientStop(0, 0xFF10_2030), GradientStop(1, 0xFFE0_D0C0)])),
                        transform: scale)
        try canvas.fill(TestShapes.pentagram(centerX: 70, centerY: 70, radius: 55), rule: .evenOdd, paint: .color(0xCC_FF40_20), transform: scale)
        try canvas.fill(TestShapes.ellipse(centerX: 200, centerY: 60, radiusX: 70, radiusY: 40),
                        paint: RasterPaint(.radial(center: RasterPoint(200, 60), radius: 70,
                                                   stops: [GradientStop(0, 0xFFFF_FFFF), GradientStop(0.6, 0x8000_80FF), GradientStop(1, 0x0000_0000)]),
                                           blendMode: .multiply),
                        transform: scale)
        try canvas.stroke(TestShapes.polygon([(20, 180), (90, 120), (150, 185), (280, 130)], closed: false), thickness: 9, cap: .round, join: .miter,
                          paint: .color(0xFF20_C040), transform: scale)
        try canvas.pushClip(TestShapes.ellipse(centerX: 150, centerY: 120, radiusX: 110, radiusY: 60), transform: scale)
        try canvas.fill(TestShapes.regularPolygon(centerX: 150, centerY: 120, radius: 60, sides: 7),
                        paint: RasterPaint(.solid(0xFF30_60F0), opacity: 0.8, blendMode: .screen, feather: 14), transform: scale)
        try canvas.fill(TestShapes.rect(100, 90, 120, 12), paint: RasterPaint(.solid(0xFFFF_FF00), feather: 3), transform: scale)
        var texels: [UInt8] = []
        for i in 0..<12 { texels += [UInt8(i * 20), UInt8(255 - i * 20), UInt8(i * 7), UInt8(255 - i * 9)] }
        let image = try RasterImage(width: 4, height: 3, rgba: texels)
        try canvas.drawImage(image, transform: at(RasterTransform(9, 2, -2, 9, 180, 110)), opacity: 0.9, blendMode: .overlay)
        try canvas.popClip()
        try canvas.stroke(TestShapes.regularPolygon(centerX: 250, centerY: 160, radius: 30, sides: 5), thickness: 4, cap: .butt, join: .bevel,
                          paint: RasterPaint(.solid(0x8000_0000), blendMode: .difference), transform: scale)
        return canvas
    }

    @Test("the picture's 8-bit pixels keep their hash, and its PNG decodes to them", arguments: [(300, "b26a88b3a1d191df"), (1024, "20bf8594500ddcb6")])
    func pinned(width: Int, hash: String) throws {
        let canvas = try Self.picture(width: width)
        let pixels = canvas.rgba8()
        #expect(pixels.withUnsafeBytes { FNV1a64.hexString($0) } == hash, "\(width) px")
        let decoded = try PNGImage(decoding: try canvas.pngData())
        #expect(decoded.header.width == canvas.width && decoded.header.height == canvas.height)
        #expect(decoded.rgba16().map { UInt8($0 >> 8) } == pixels)
    }
}
