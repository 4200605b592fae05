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

    @Test(arguments: ["lossless-alpha.webp", "lossless-palette.webp", "lossy-alpha.webp"])
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

    @Test(arguments: ["lossless-alpha.webp", "lossy-alpha.webp", "lossy-simple-filter.webp"])
    func flippedBitsDecodeOrFailWithATypedError(_ name: String) throws {
        let bytes = try webpImages.bytes(name)
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

    /// The VP8 chunk of `name` cut to `length` bytes, in a simple container whose sizes say so.
    func lossyPrefix(_ name: String, _ length: Int) throws -> [UInt8] {
        let bytes = try webpImages.bytes(name)
        let chunk = try WebPContainer(bytes).image
        let data = Array(bytes[chunk.data.lowerBound..<chunk.data.lowerBound + length]) + (length % 2 == 1 ? [0] : [])
        func uint32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return Array("RIFF".utf8) + uint32(12 + data.count) + Array("WEBPVP8 ".utf8) + uint32(length) + data
    }

    @Test(arguments: ["lossy-opaque.webp", "lossy-simple-filter.webp"])
    func lossyDataCutShortIsTruncatedAtAnOffsetInside(_ name: String) throws {
        let full = try WebPContainer(try webpImages.bytes(name)).image.data.count
        var truncated = 0
        for length in 0..<full {
            let bytes = try lossyPrefix(name, length)
            guard case .failure(let error) = outcome(bytes) else { continue }
            #expect(error.offset <= bytes.count, "\(length) bytes: \(error)")
            if error.kind == .truncated { truncated += 1 }
        }
        // The last few bytes can be the encoder's padding, which the decoder never reads.
        #expect(truncated >= full - 16, "\(truncated) of \(full) prefixes are truncated")
        #expect(throws: Never.self) { try WebPDecoder.decode(try lossyPrefix(name, full)) }
    }

    @Test func hugeLossyDimensionsFailBeforeAllocating() throws {
        var bytes = try webpImages.bytes("lossy-opaque.webp")
        // The VP8 frame's 14-bit width and height after the chunk header (20), tag (3) and start code (3).
        bytes[26] = 0xFF; bytes[27] = 0x3F; bytes[28] = 0xFF; bytes[29] = 0x3F
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
