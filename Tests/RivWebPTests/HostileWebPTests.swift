import RivImage
import Testing
@testable import RivWebP

/// Damaged and hostile WebPs: each is a typed error with an offset inside the file, never a
/// crash, a hang or a large allocation.
@Suite struct HostileWebPTests {
    func outcome(_ bytes: [UInt8]) -> Result<RGBAImage, ImageDecodingError> {
        var options = ImageDecodingOptions()
        options.budget = nil
        return Result { () throws(ImageDecodingError) in try WebPDecoder.decode(bytes, options: options) }
    }

    @Test(arguments: ["lossless-alpha.webp", "lossless-palette.webp"])
    func everyTruncationIsATypedError(_ name: String) throws {
        let bytes = try webpImages.bytes(name)
        var errors = 0
        for length in 0..<bytes.count {
            if case .failure(let error) = outcome(Array(bytes[0..<length])) {
                errors += 1
                #expect(error.offset <= length, "\(length) bytes: \(error)")
            }
        }
        #expect(errors == bytes.count, "every file cut short fails (the RIFF size says more)")
    }

    @Test func flippedBitsDecodeOrFailWithATypedError() throws {
        let bytes = try webpImages.bytes("lossless-alpha.webp")
        var decoded = 0, failed = 0
        for at in 0..<bytes.count {
            var damaged = bytes
            damaged[at] ^= UInt8(1 << (at % 8))
            switch outcome(damaged) {
            case .success(let image): decoded += 1; #expect(image.pixels.count == image.width * image.height * 4)
            case .failure(let error): failed += 1; #expect(error.offset <= bytes.count)
            }
        }
        #expect(decoded + failed == bytes.count)
        #expect(failed > 0 && decoded > 0, "\(decoded) decoded, \(failed) failed")
    }

    @Test func hugeDimensionsFailBeforeAllocating() throws {
        var bytes = try webpImages.bytes("lossless-opaque.webp")
        // The VP8L header after RIFF (12) and the chunk header (8): 16384 x 16384 pixels.
        bytes[21] = 0xFF; bytes[22] = 0xFF; bytes[23] = 0xFF; bytes[24] = bytes[24] & 0xF0 | 0x0F
        guard case .failure(let error) = outcome(bytes) else { Issue.record("decoded"); return }
        #expect(error.kind == .tooLarge)
        #expect(error.offset == 12)
    }

    @Test func animationsAreRefused() throws {
        let bytes = try webpImages.bytes("lossy-alpha.webp")
        var animated = bytes
        animated[20] |= 0x02  // the VP8X animation flag
        guard case .failure(let error) = outcome(animated) else { Issue.record("decoded"); return }
        #expect(error.kind == .unsupported)
    }

    @Test func notAWebPIsNamed() {
        guard case .failure(let error) = outcome(Array("RIFF\u{4}\0\0\0WAVE".utf8)) else { Issue.record("decoded"); return }
        #expect(error.kind == .notRecognized)
    }
}
