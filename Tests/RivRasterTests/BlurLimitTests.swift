import Testing
@testable import RivRaster

/// The feather's blur computed only where the drawing can show it (within the clip), with the
/// same sums as blurring everything and cutting at the end, in memory kept from call to call.
@Suite struct BlurLimitTests {
    /// A mask of `box` whose coverage varies over its pixels (a ramp with holes).
    private func mask(_ box: PixelBox) -> CoverageMask {
        let values = (0..<(box.width * box.height)).map { i -> Float in
            let x = i % box.width, y = i / box.width
            return (x + y) % 7 == 0 ? 0 : Float((x * 3 + y * 5) % 11) / 10
        }
        return CoverageMask(box: box, values: values)
    }

    @Test("within a small limit the blur gives, bit for bit, the full blur cut to that limit", arguments: [0.8, 1.7, 5.0, 12.0])
    func sameSums(sigma: Double) {
        let box = PixelBox(x: -40, y: -30, width: 180, height: 150)
        let blur = GaussianBlur(sigmaX: sigma, sigmaY: sigma * 1.5)
        let everything = PixelBox(x: -1000, y: -1000, width: 3000, height: 3000)
        var full = mask(box), scratch: [Float] = []
        blur.apply(&full, within: everything, scratch: &scratch)
        for limit in [PixelBox(x: 20, y: 10, width: 33, height: 17), PixelBox(x: -60, y: 100, width: 400, height: 5)] {
            var limited = mask(box), kept: [Float] = []
            blur.apply(&limited, within: limit, scratch: &kept)
            let expected = full.cropped(to: limit)
            #expect(limited.box == expected.box)
            #expect(Array(limited.values.prefix(limited.box.width * limited.box.height)) == expected.values, "σ \(sigma), limit \(limit)")
        }
    }

    @Test("a wide blur of a large mask within a small limit keeps memory for the limit and the blur's reach, not the grown mask")
    func boundedByTheLimit() {
        let box = PixelBox(x: 0, y: 0, width: 1200, height: 1200)
        let blur = GaussianBlur(sigmaX: 40, sigmaY: 40)
        let limit = PixelBox(x: 500, y: 500, width: 100, height: 100)
        var blurred = mask(box), scratch: [Float] = []
        blur.apply(&blurred, within: limit, scratch: &scratch)
        #expect(blurred.box == limit)
        // The first horizontal pass keeps the limit's columns grown by the later passes' reach
        // (under 2 x 80) for every row of the mask: under 260 x 1200 values, where the whole
        // grown mask is over 1300 x 1200.
        #expect(scratch.count <= 260 * 1200 && blurred.values.count <= 1200 * 1200, "\(scratch.count), \(blurred.values.count)")
    }
}
