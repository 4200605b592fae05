import RivImage
import RivTestSupport
import Testing
import RivTestTags
@testable import RivWebP

/// Lossy (VP8) images decode to libwebp's pixels: its fancy chroma upsampling and YUV
/// conversion, every prediction mode, segments, both loop filters, alpha.
@Suite struct LossyWebPTests {
    /// Sizes (odd, not multiples of 16, one macroblock, several rows), qualities and methods:
    /// low quality and high methods give segments, skipped macroblocks and strong filtering.
    static let requests: [Pillow.LossyWebP] = {
        var requests: [Pillow.LossyWebP] = []
        for (width, height) in [(1, 1), (2, 3), (7, 5), (16, 16), (17, 33), (43, 29), (64, 48), (130, 71)] {
            for quality in [2, 40, 75, 100] {
                for method in [0, 3, 6] {
                    requests.append(Pillow.LossyWebP(width: width, height: height, quality: quality, method: method,
                                                     alpha: (width + quality + method) % 3 == 0))
                }
            }
        }
        return requests
    }()

    @Test(.tags(.tools)) func pillowMadeImagesDecodeToPillowsPixels() throws {
        guard let files = try Pillow.lossyWebPs(Self.requests), let pillow = try Pillow.rgba(files) else { print(Pillow.skipMessage); return }
        var worst = 0, total = 0, samples = 0, differing = 0
        for (index, request) in Self.requests.enumerated() {
            let image = try WebPDecoder.decode(files[index])
            #expect(image.width == request.width && image.height == request.height)
            let reference = pillow[index]
            guard image.pixels.count == reference.count else { Issue.record("\(request): \(image.pixels.count) samples"); continue }
            var maximum = 0
            for (own, theirs) in zip(image.pixels, reference) {
                let difference = abs(Int(own) - Int(theirs))
                maximum = max(maximum, difference)
                total += difference
            }
            samples += reference.count
            worst = max(worst, maximum)
            if maximum > 0 { differing += 1 }
            #expect(maximum == 0, "\(request): differs from Pillow by up to \(maximum)")
        }
        print("lossy WebP vs Pillow: \(Self.requests.count) images, \(differing) differ, max \(worst), mean \(Double(total) / Double(max(samples, 1)))")
    }
}
