import Testing
@testable import RivRaster

/// The blur's passes write into buffers kept from drawing to drawing: whatever those held
/// before, and however long they are, the blurred coverage is the one fresh buffers give.
@Suite struct BlurBufferTests {
    /// A mask of a 9x7 box with a ramp of coverages and a hole.
    private func mask(extra: Int = 0, filler: Float = 0) -> CoverageMask {
        let box = PixelBox(x: 5, y: 3, width: 9, height: 7)
        var values = (0..<box.width * box.height).map { Float($0 % 11) / 10 }
        values[30] = 0
        values += [Float](repeating: filler, count: extra)
        return CoverageMask(box: box, values: values)
    }

    @Test("used buffers, longer than the box and full of other values, blur as fresh ones; exact kernels and box passes",
          arguments: [0.4, 1.5, 2.0, 3.3, 9.0])
    func reusedBuffers(sigma: Double) {
        let blur = GaussianBlur(sigmaX: sigma, sigmaY: sigma * 0.7)
        var fresh = mask(), none: [Float] = []
        blur.apply(&fresh, spare: &none)
        var used = mask(extra: 5000, filler: 7), spare = [Float](repeating: -3, count: 9000)
        blur.apply(&used, spare: &spare)
        #expect(used.box == fresh.box)
        let count = fresh.box.width * fresh.box.height
        #expect(Array(used.values.prefix(count)) == Array(fresh.values.prefix(count)), "σ \(sigma)")
        // A second blur with the buffers the first one left.
        var again = mask()
        blur.apply(&again, spare: &spare)
        #expect(Array(again.values.prefix(count)) == Array(fresh.values.prefix(count)), "σ \(sigma), second time")
    }

    @Test("the blur keeps the area: the sum of the coverages is unchanged, over a box holding the original")
    func areaKept() {
        let blur = GaussianBlur(sigmaX: 2.5, sigmaY: 0.8)
        let original = mask()
        var blurred = original, spare: [Float] = []
        blur.apply(&blurred, spare: &spare)
        #expect(blurred.box.intersection(original.box) == original.box)
        let count = blurred.box.width * blurred.box.height
        #expect(abs(blurred.values.prefix(count).reduce(0, +) - original.values.reduce(0, +)) < 1e-3)
    }
}
