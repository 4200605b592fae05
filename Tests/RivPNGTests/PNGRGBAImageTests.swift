import RivImage
import RivSupport
import RivTestSupport
import Testing
import RivTestTags
@testable import RivPNG

/// A decoded PNG as the image decoders' one pixel type: 8-bit RGBA, palette and tRNS applied.
@Suite struct PNGRGBAImageTests {
    static let formats: [(PNGHeader.ColorType, UInt8)] = [(.grey, 1), (.grey, 2), (.grey, 8), (.rgb, 8), (.palette, 4), (.greyAlpha, 8), (.rgba, 8), (.rgba, 16)]

    /// A 13x7 synthetic image; a palette image has 16 colours, two of them translucent.
    static func image(_ colorType: PNGHeader.ColorType, _ depth: UInt8) -> PNGImage {
        PNGTestImages.synthetic(width: 13, height: 7, colorType: colorType, bitDepth: depth,
                                palette: colorType == .palette ? (0..<48).map { UInt8($0 * 5) } : [],
                                transparency: colorType == .palette ? [0, 128] : [])
    }

    @Test func everyFormatGivesTheHighBytesOfItsSixteenBitSamples() throws {
        for (colorType, depth) in Self.formats {
            let image = Self.image(colorType, depth)
            let rgba = image.rgbaImage()
            #expect(rgba.width == 13 && rgba.height == 7)
            #expect(rgba.pixels == image.rgba16().map { UInt8($0 >> 8) }, "\(colorType) \(depth)")
        }
    }

    @Test(.tags(.tools)) func eightBitFormatsMatchPillow() throws {
        let eightBit = Self.formats.filter { $0.1 <= 8 }
        let images = eightBit.map { Self.image($0.0, $0.1) }
        guard let pillow = try Pillow.rgba(images.map { PNGTestImages.encode($0) }) else { print(Pillow.skipMessage); return }
        for (index, image) in images.enumerated() {
            #expect(image.rgbaImage().pixels == pillow[index], "\(eightBit[index])")
        }
    }
}

extension PNGRGBAImageTests {
    @Test("decodeRGBA gives rgbaImage()'s pixels, refuses a decode over the limit from the header before decoding, and reserves from the budget")
    func decodeUnderLimits() throws {
        let image = Self.image(.rgba, 8)
        let bytes = PNGTestImages.encode(image)
        var options = ImageDecodingOptions()
        let budget = DecodeBudget(capacity: 1 << 20)
        options.budget = budget
        #expect(try PNGImage.decodeRGBA(bytes, options: options) == image.rgbaImage())
        #expect(budget.highWaterMark > 0 && budget.heldBytes == 0)
        do {
            _ = try PNGImage.decodeRGBA(bytes, options: ImageDecodingOptions(maximumBytes: 100))
            Issue.record("decoded over the limit")
        } catch {
            #expect(error.kind == .tooLarge)
        }
    }
}

extension PNGRGBAImageTests {
    @Test("a tRNS key makes exactly the pixels of its colour transparent, at 8 and 16 bits, grey and RGB; 8-bit RGBA keeps its bytes")
    func transparencyKey() throws {
        for (colorType, depth) in [(PNGHeader.ColorType.grey, UInt8(8)), (.grey, 16), (.rgb, 8), (.rgb, 16)] {
            let plain = Self.image(colorType, depth)
            let samples = plain.rgba16()
            // The key: the first pixel's colour, as the file writes it (two bytes a sample).
            let width = depth == 16 ? 2 : 1
            let firstPixel = Array(plain.rows[0..<colorType.channels * width])
            let key = stride(from: 0, to: firstPixel.count, by: width).flatMap { at in
                depth == 16 ? [firstPixel[at], firstPixel[at + 1]] : [0, firstPixel[at]]
            }
            let keyed = PNGImage(header: plain.header, palette: [], transparency: key, rows: plain.rows)
            let result = keyed.rgba16()
            var transparent = 0
            for pixel in 0..<samples.count / 4 {
                let colour = Array(samples[pixel * 4..<pixel * 4 + 3])
                let expectedAlpha: UInt16 = colour == Array(samples[0..<3]) ? 0 : 65535
                transparent += expectedAlpha == 0 ? 1 : 0
                #expect(Array(result[pixel * 4..<pixel * 4 + 3]) == colour && result[pixel * 4 + 3] == expectedAlpha, "\(colorType) \(depth) pixel \(pixel)")
            }
            #expect(transparent >= 1)
            #expect(keyed.rgbaImage().pixels == result.map { UInt8($0 >> 8) }, "\(colorType) \(depth)")
        }
        let rgba = Self.image(.rgba, 8)
        #expect(rgba.rgbaImage().pixels == rgba.rows)
    }
}
