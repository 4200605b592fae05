import RivFormat
import RivImage
import RivSupport
import RivTestSupport
import Testing
import RivTestTags
@testable import RivWebP

/// The decoder gives libwebp's pixels for lossless images and the alpha of lossy ones;
/// lossy colour is refused by name.
@Suite struct WebPDecoderTests {
    /// Each lossless test image and FNV-1a 64 of Pillow's RGBA reading of it (Pillow 13, libwebp 1.6).
    static let pillowHashes = [
        "lossless-alpha.webp": "d27959a43e589119",  // encoder method 6: predictor, cross-colour, subtract green, cache
        "lossless-opaque.webp": "5b283c1fd9081ec7",  // method 0
        "lossless-palette.webp": "4610a62674e2c095",  // 64 colours: colour indexing
    ]

    @Test(arguments: pillowHashes.keys.sorted())
    func losslessImagesDecodeToLibwebpsPixels(_ name: String) throws {
        let image = try WebPDecoder.decode(try webpImages.bytes(name))
        #expect(image.width == 43 && image.height == 29)
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

    @Test func lossyColourIsRefused() throws {
        let bytes = try webpImages.bytes("lossy-alpha.webp")
        do { _ = try WebPDecoder.decode(bytes); Issue.record("decoded") } catch {
            #expect(error.kind == .unsupported)
            #expect(Array(bytes[error.offset..<error.offset + 4]) == Array("VP8 ".utf8))
        }
    }

    @Test func theDecodeReservesItsMemoryFromTheBudget() throws {
        let budget = DecodeBudget(capacity: 1 << 24)
        var options = ImageDecodingOptions()
        options.budget = budget
        _ = try WebPDecoder.decode(try webpImages.bytes("lossless-alpha.webp"), options: options)
        #expect(budget.highWaterMark == WebPDecoder.workingBytes(width: 43, height: 29))
        #expect(budget.heldBytes == 0)
    }

    @Test(.tags(.tools)) func ownImagesAndCorpusAlphaMatchPillow() throws {
        let own = try Self.pillowHashes.keys.sorted().map { try webpImages.bytes($0) }
        var lossy: [(name: String, bytes: [UInt8])] = [("lossy-alpha.webp", try webpImages.bytes("lossy-alpha.webp"))]
        if SharedData.isPresent {
            let corpus = CorpusImages.embedded(.webp)
            #expect(corpus.count >= 6, "the corpus embeds lossy WebPs with alpha")
            lossy += corpus
        } else {
            print(SharedData.skipMessage)
        }
        guard let pillow = try Pillow.rgba(own + lossy.map(\.bytes)) else { print(Pillow.skipMessage); return }
        for (index, bytes) in own.enumerated() {
            #expect(try WebPDecoder.decode(bytes).pixels == pillow[index], "\(Self.pillowHashes.keys.sorted()[index])")
        }
        for (index, image) in lossy.enumerated() {
            let container = try WebPContainer(image.bytes)
            let (width, height) = try VP8FrameHeader.size(image.bytes, container.image)
            let plane = try WebPAlpha.decode(image.bytes, try #require(container.alpha), width: width, height: height)
            #expect(plane == channel(pillow[own.count + index], 3), "\(image.name)")
        }
    }
}
