import Testing
@testable import RivRaster

/// The blur's passes write into buffers kept from drawing to drawing: whatever those held
/// before, and however long they are, the blurred coverage is the one fresh buffers give.
/// The vertical passes keep only the columns asked for, with the values of the whole blur.
@Suite struct BlurBufferTests {
    private let everything = PixelBox(x: -100, y: -100, width: 300, height: 300)

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
        blur.apply(&fresh, within: everything, spare: &none)
        var used = mask(extra: 5000, filler: 7), spare = [Float](repeating: -3, count: 9000)
        blur.apply(&used, within: everything, spare: &spare)
        #expect(used.box == fresh.box)
        let count = fresh.box.width * fresh.box.height
        #expect(Array(used.values.prefix(count)) == Array(fresh.values.prefix(count)), "σ \(sigma)")
        // A second blur with the buffers the first one left.
        var again = mask()
        blur.apply(&again, within: everything, spare: &spare)
        #expect(Array(again.values.prefix(count)) == Array(fresh.values.prefix(count)), "σ \(sigma), second time")
    }

    @Test("the blur keeps the area: the sum of the coverages is unchanged, over a box holding the original")
    func areaKept() {
        let blur = GaussianBlur(sigmaX: 2.5, sigmaY: 0.8)
        let original = mask()
        var blurred = original, spare: [Float] = []
        blur.apply(&blurred, within: everything, spare: &spare)
        #expect(blurred.box.intersection(original.box) == original.box)
        let count = blurred.box.width * blurred.box.height
        #expect(abs(blurred.values.prefix(count).reduce(0, +) - original.values.reduce(0, +)) < 1e-3)
    }

    @Test("columns kept by a limit hold the whole blur's values bit for bit; columns out of reach keep nothing",
          arguments: [0.4, 1.5, 3.3, 9.0])
    func keptColumns(sigma: Double) {
        let blur = GaussianBlur(sigmaX: sigma, sigmaY: sigma * 1.3)
        var whole = mask(), spare: [Float] = []
        blur.apply(&whole, within: everything, spare: &spare)
        for columns in [8..<9, 6..<11, 13..<14, -50..<7, 12..<60] {
            var kept = mask(), keptSpare = [Float](repeating: 5, count: 40)
            blur.apply(&kept, within: PixelBox(x: columns.lowerBound, y: -100, width: columns.count, height: 300), spare: &keptSpare)
            let expected = whole.box.intersection(PixelBox(x: columns.lowerBound, y: whole.box.y, width: columns.count, height: whole.box.height))
            #expect(kept.box == expected, "σ \(sigma), columns \(columns)")
            for y in expected.y..<expected.maxY {
                for x in expected.x..<expected.maxX {
                    #expect(kept.value(x: x, y: y) == whole.value(x: x, y: y), "σ \(sigma) at (\(x), \(y))")
                }
            }
        }
        var missed = mask(), missedSpare: [Float] = []
        blur.apply(&missed, within: PixelBox(x: 400, y: 0, width: 3, height: 10), spare: &missedSpare)
        #expect(missed.box.isEmpty)
    }
}
