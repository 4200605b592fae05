import RivFormat
import RivImage
import RivSupport
import RivTestSupport
import Testing
import RivTestTags
@testable import RivWebP

/// The decoder gives libwebp's pixels for lossless and lossy images.
@Suite struct WebPDecoderTests {
    /// Each test image and FNV-1a 64 of Pillow's RGBA reading of it (Pillow 13, libwebp 1.6).
    static let pillowHashes = [
        "lossless-alpha.webp": "d27959a43e589119",  // encoder method 6: predictor, cross-colour, subtract green, cache
        "lossless-opaque.webp": "5b283c1fd9081ec7",  // method 0
        "lossless-palette.webp": "4610a62674e2c095",  // 64 colours: colour indexing
        "lossy-alpha.webp": "eb69cb5144837b4e",  // VP8X with ALPH, normal filter, 4 segments
        "lossy-opaque.webp": "d784d20878ea5e4b",  // simple container, normal filter, sharpness 5, 2 segments
        "lossy-partitions.webp": "c74826877f5dce93",  // 45x150, 8 token partitions: rows 8 and 9 back in partitions 0 and 1
        "lossy-simple-filter.webp": "d1a7aed0785c0ec4",  // the simple loop filter, sharpness 2
        "lossy-unfiltered.webp": "162dd587e7fc79e9",  // no loop filter, 1 segment
    ]

    @Test(arguments: pillowHashes.keys.sorted())
    func ownImagesDecodeToLibwebpsPixels(_ name: String) throws {
        let image = try WebPDecoder.decode(try webpImages.bytes(name))
        #expect(TestImageFolder.hash(image.pixels) == Self.pillowHashes[name], "\(name)")
    }

    @Test func metaPrefixCodesAreTheGroupsTheEntropyImageNames() throws {
        // A 96x64 image whose entropy image names a later prefix-code group before an earlier
        // one: each pixel gets the group read at the index it names, not at its first use.
        let image = try WebPDecoder.decode(try webpImages.bytes("lossless-groups.webp"))
        #expect(image.width == 96 && image.height == 64)
        #expect(TestImageFolder.hash(image.pixels) == "cdaa1e270156a334", "Pillow's pixels")
    }

    @Test func theAlphaOfALossyImageIsLibwebps() throws {
        let bytes = try webpImages.bytes("lossy-alpha.webp")
        let container = try WebPContainer(bytes)
        let alpha = try #require(container.alpha)
        #expect(bytes[alpha.data.lowerBound] == 1 | 1 << 2, "VP8L-compressed, horizontally filtered")
        let plane = try WebPAlpha.decode(bytes, alpha, width: 43, height: 29)
        #expect(TestImageFolder.hash(plane) == "06b2c28df9a795f8", "Pillow's alpha, which is the lossless image's")
    }

    @Test(arguments: ["lossless-alpha.webp", "lossy-alpha.webp"])
    func theDecodeReservesItsMemoryFromTheBudget(_ name: String) throws {
        let budget = DecodeBudget(capacity: 1 << 24)
        var options = ImageDecodingOptions()
        options.budget = budget
        _ = try WebPDecoder.decode(try webpImages.bytes(name), options: options)
        #expect(budget.highWaterMark == WebPDecoder.workingBytes(width: 43, height: 29))
        #expect(budget.heldBytes == 0)
    }

    @Test(.tags(.tools)) func ownImagesAndCorpusImagesMatchPillow() throws {
        var images = try Self.pillowHashes.keys.sorted().map { (name: $0, bytes: try webpImages.bytes($0)) }
        if SharedData.isPresent {
            let corpus = CorpusImages.embedded(.webp)
            #expect(corpus.count >= 6, "the corpus embeds lossy WebPs with alpha")
            images += corpus
        } else {
            print(SharedData.skipMessage)
        }
        guard let pillow = try Pillow.rgba(images.map(\.bytes)) else { print(Pillow.skipMessage); return }
        for (index, image) in images.enumerated() {
            #expect(try WebPDecoder.decode(image.bytes).pixels == pillow[index], "\(image.name)")
        }
    }
}
