import Testing
@testable import RivRaster

/// A gradient whose stops are all one colour is drawn as that solid colour (no colour row
/// per pixel), with the same pixels.
@Suite struct OneColourGradientTests {
    private let orange: UInt32 = 0xFFFF_5400

    @Test("linear and radial gradients of one colour are solid; two colours are not")
    func solid() {
        let one = [GradientStop(0.78, orange), GradientStop(1, orange)]
        let linear = ColorSource(RasterPaint(.linear(start: RasterPoint(0, 0), end: RasterPoint(0, 40), stops: one)), inverse: .identity)
        let radial = ColorSource(RasterPaint(.radial(center: RasterPoint(5, 5), radius: 9, stops: one)), inverse: .identity)
        let two = ColorSource(RasterPaint(.linear(start: RasterPoint(0, 0), end: RasterPoint(0, 40),
                                                  stops: [GradientStop(0, orange), GradientStop(1, 0xFFFF_5401)])), inverse: .identity)
        #expect(linear.solidColor == ColorSource.premultiplied(orange, opacity: 1))
        #expect(radial.solidColor == ColorSource.premultiplied(orange, opacity: 1))
        #expect(two.solidColor == nil)
    }

    @Test("a one-colour gradient draws the pixels of the solid colour, anti-aliased edges included")
    func samePixels() throws {
        let gradient = try Canvas(width: 24, height: 24), solid = try Canvas(width: 24, height: 24)
        let circle = TestShapes.ellipse(centerX: 12, centerY: 12, radiusX: 9.3, radiusY: 8.1)
        let stops = [GradientStop(0.2, orange), GradientStop(0.9, orange)]
        try gradient.fill(circle, paint: RasterPaint(.linear(start: RasterPoint(3, 0), end: RasterPoint(20, 24), stops: stops), opacity: 0.6))
        try solid.fill(circle, paint: RasterPaint(.solid(orange), opacity: 0.6))
        #expect(gradient.rgba8() == solid.rgba8())
    }
}
