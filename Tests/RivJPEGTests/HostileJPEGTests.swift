import RivImage
import RivTestSupport
import Testing
@testable import RivJPEG

/// Damaged and hostile JPEGs: each is a typed error with an offset inside the file, never a
/// crash, a hang or a large allocation.
@Suite struct HostileJPEGTests {
    func outcome(_ bytes: [UInt8]) -> Result<RGBAImage, ImageDecodingError> {
        var options = ImageDecodingOptions()
        options.budget = nil
        return Result { () throws(ImageDecodingError) in try JPEGDecoder.decode(bytes, options: options) }
    }

    @Test(arguments: ["baseline-420.jpg", "progressive-422-restart.jpg"])
    func everyTruncationIsATypedError(_ name: String) throws {
        let bytes = try jpegImages.bytes(name)
        var errors = 0
        for length in 0..<bytes.count {
            if case .failure(let error) = outcome(Array(bytes[0..<length])) {
                errors += 1
                #expect(error.offset <= length, "\(length) bytes: \(error)")
            }
        }
        #expect(errors == bytes.count, "every file cut short fails (the end-of-image marker is missing at least)")
    }

    @Test func flippedBitsDecodeOrFailWithATypedError() throws {
        let bytes = try jpegImages.bytes("progressive-422-restart.jpg")
        var decoded = 0, failed = 0
        for at in stride(from: 2, to: bytes.count, by: 3) {
            var damaged = bytes
            damaged[at] ^= UInt8(1 << (at % 8))
            switch outcome(damaged) {
            case .success(let image): decoded += 1; #expect(image.pixels.count == image.width * image.height * 4)
            case .failure(let error): failed += 1; #expect(error.offset <= bytes.count)
            }
        }
        #expect(decoded + failed == (bytes.count - 2 + 2) / 3)
        #expect(failed > 0 && decoded > 0, "\(decoded) decoded, \(failed) failed")
    }

    @Test func hugeDimensionsFailBeforeAllocating() throws {
        var bytes = try jpegImages.bytes("baseline-420.jpg")
        let frame = try #require(TestImageFolder.offset(of: [0xFF, 0xC0], in: bytes))
        for k in 5..<9 { bytes[frame + k] = 0xFF }  // 65535 x 65535 pixels
        guard case .failure(let error) = outcome(bytes) else { Issue.record("decoded"); return }
        #expect(error.kind == .tooLarge)
        #expect(error.offset == frame)
    }

    @Test func aFileOfManyScansIsRefused() throws {
        let bytes = try jpegImages.bytes("grey-progressive.jpg")
        // The first scan (DC coefficients, which decode the same however often they come),
        // repeated until the frame has more than the allowed scans.
        let start = try #require(TestImageFolder.offset(of: [0xFF, 0xDA], in: bytes))
        let end = try #require((start + 2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] != 0 })
        let scan = Array(bytes[start..<end])
        let many = Array(bytes[..<end]) + Array(repeating: scan, count: JPEGDecoding.maximumScans).flatMap { $0 } + Array(bytes[end...])
        guard case .failure(let error) = outcome(many) else { Issue.record("decoded"); return }
        #expect(error.kind == .tooLarge)
        #expect(Array(many[error.offset..<error.offset + 2]) == [0xFF, 0xDA])
        // Fewer repeats, under the limit, decode.
        let fewer = Array(bytes[..<end]) + Array(repeating: scan, count: JPEGDecoding.maximumScans - 20).flatMap { $0 } + Array(bytes[end...])
        #expect(throws: Never.self) { try outcome(fewer).get() }
    }

    @Test func aWrongRestartMarkerIsNamed() throws {
        var bytes = try jpegImages.bytes("h1v2-restart.jpg")
        let rst1 = try #require(TestImageFolder.offset(of: [0xFF, 0xD1], in: bytes))
        bytes[rst1 + 1] = 0xD5
        guard case .failure(let error) = outcome(bytes) else { Issue.record("decoded"); return }
        #expect(error.kind == .badData)
        #expect(error.offset == rst1)
    }
}
