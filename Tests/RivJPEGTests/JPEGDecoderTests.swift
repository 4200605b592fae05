import RivFormat
import RivImage
import RivSupport
import RivTestSupport
import Testing
import RivTestTags
@testable import RivJPEG

/// The decoder gives libjpeg's pixels: baseline and progressive, every subsampling Pillow and
/// cjpeg write, restart intervals, grey and Adobe RGB; what it does not read is refused by name.
@Suite struct JPEGDecoderTests {
    /// Each test image and FNV-1a 64 of Pillow's RGBA reading of it (Pillow 13, libjpeg-turbo).
    static let pillowHashes = [
        "baseline-420.jpg": "f3d76d7e29a18cb0",
        "baseline-444.jpg": "98e0c7303f5b2d26",
        "grey-progressive.jpg": "a2d989b3c2c6dfd5",
        "h1v2-restart.jpg": "c6d906077b78bd9f",
        "progressive-422-restart.jpg": "9c32ee82e85bc825",
        "adobe-rgb.jpg": "c3445cc325e4bf62",
    ]

    @Test(arguments: pillowHashes.keys.sorted())
    func decodesToLibjpegsPixels(_ name: String) throws {
        let image = try JPEGDecoder.decode(try jpegImages.bytes(name))
        #expect(image.width == 43 && image.height == 29)
        #expect(TestImageFolder.hash(image.pixels) == Self.pillowHashes[name], "\(name)")
    }

    @Test func bytesBetweenSegmentsAreSkippedAsLibjpegSkipsThem() throws {
        let bytes = try jpegImages.bytes("baseline-420.jpg")
        let table = try #require(TestImageFolder.offset(of: [0xFF, 0xDB], in: bytes))
        // Stray bytes (a stuffed FF 00 among them) before the quantization table.
        let padded = Array(bytes[..<table]) + [0x00, 0x12, 0xFF, 0x00, 0x34] + Array(bytes[table...])
        #expect(TestImageFolder.hash(try JPEGDecoder.decode(padded).pixels) == Self.pillowHashes["baseline-420.jpg"])
    }

    @Test func fourComponentsAreRefused() throws {
        let bytes = try jpegImages.bytes("cmyk.jpg")
        #expect(throws: ImageDecodingError.self) { try JPEGDecoder.decode(bytes) }
        do { _ = try JPEGDecoder.decode(bytes) } catch {
            #expect(error.kind == .unsupported)
            #expect(error.detail.contains("CMYK"))
            #expect(Array(bytes[error.offset - 9..<error.offset - 7]) == [0xFF, 0xC0], "the offset names the frame header's component count")
        }
    }

    @Test func arithmeticCodingIsRefused() throws {
        let bytes = try jpegImages.bytes("arithmetic.jpg")
        do { _ = try JPEGDecoder.decode(bytes); Issue.record("decoded") } catch {
            #expect(error.kind == .unsupported)
            #expect(Array(bytes[error.offset..<error.offset + 2]) == [0xFF, 0xC9])
        }
    }

    @Test func theDecodeReservesItsMemoryFromTheBudget() throws {
        let budget = DecodeBudget(capacity: 1 << 20)
        var options = ImageDecodingOptions()
        options.budget = budget
        let image = try JPEGDecoder.decode(try jpegImages.bytes("baseline-420.jpg"), options: options)
        // 48x32 luma and two 24x16 chroma planes (3 bytes a sample with their coefficients), and the RGBA output.
        #expect(budget.highWaterMark == (48 * 32 + 2 * 24 * 16) * 3 + image.width * image.height * 4)
        #expect(budget.heldBytes == 0)
    }

    @Test(.tags(.tools)) func ownImagesAndCorpusImagesMatchPillow() throws {
        var images: [(name: String, bytes: [UInt8])] = try Self.pillowHashes.keys.sorted().map { ($0, try jpegImages.bytes($0)) }
        if SharedData.isPresent {
            let corpus = CorpusImages.embedded(.jpeg)
            #expect(corpus.count >= 9, "the corpus embeds 9 distinct JPEGs")
            images += corpus
        } else {
            print(SharedData.skipMessage)
        }
        guard let pillow = try Pillow.rgba(images.map(\.bytes)) else { print(Pillow.skipMessage); return }
        for (index, image) in images.enumerated() {
            let own = try JPEGDecoder.decode(image.bytes)
            #expect(own.pixels.count == pillow[index].count, "\(image.name)")
            let (maximum, mean) = difference(own.pixels, pillow[index])
            #expect(maximum <= 2 && mean < 0.5, "\(image.name): differs from Pillow by up to \(maximum), \(mean) on average")
        }
    }
}
