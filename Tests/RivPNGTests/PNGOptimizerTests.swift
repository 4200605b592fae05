import Foundation
import RivTestSupport
import Testing
import RivTestTags
@testable import RivPNG

@Suite struct PNGOptimizerTests {
    /// Every format PNG has, 16-bit both exactly-8-bit and not, with and without tRNS.
    static let formats: [PNGImage] = {
        var palette: [UInt8] = []
        for entry in 0..<40 { palette += [UInt8(entry * 6), UInt8(255 - entry * 5), UInt8(entry * 3)] }
        var images: [PNGImage] = []
        for depth: UInt8 in [1, 2, 4, 8, 16] {
            images.append(PNGTestImages.synthetic(width: 37, height: 19, colorType: .grey, bitDepth: depth))
        }
        for depth: UInt8 in [1, 2, 4, 8] {
            let entries = min(40, 1 << Int(depth))
            images.append(PNGTestImages.synthetic(width: 29, height: 23, colorType: .palette, bitDepth: depth,
                                                  palette: Array(palette[0..<entries * 3]), transparency: [0, 128]))
        }
        for type: PNGHeader.ColorType in [.rgb, .greyAlpha, .rgba] {
            for seed in [1, 2] { images.append(PNGTestImages.synthetic(width: 31, height: 17, colorType: type, bitDepth: 16, seed: seed)) }
            images.append(PNGTestImages.synthetic(width: 31, height: 17, colorType: type, bitDepth: 8))
        }
        images.append(PNGTestImages.synthetic(width: 20, height: 20, colorType: .rgb, bitDepth: 8, transparency: [0, 3, 0, 4, 0, 5]))
        images.append(PNGTestImages.synthetic(width: 20, height: 20, colorType: .grey, bitDepth: 8, transparency: [0, 7]))
        return images
    }()

    @Test func everyFormatRoundTripsThroughTheOwnDecoder() throws {
        for (index, image) in Self.formats.enumerated() {
            for strategy in PNGEncoder.Strategy.allCases {
                let decoded = try PNGImage(decoding: PNGTestImages.encode(image, strategy: strategy))
                #expect(decoded == image, "format \(index) strategy \(strategy)")
            }
        }
    }

    @Test func theBigramStrategyGivesEachRowTheFilterWithTheFewestDistinctBytePairs() {
        let image = PNGTestImages.synthetic(width: 40, height: 12, colorType: .rgba, bitDepth: 8)
        let stride = image.rowBytes + 1
        func pairs(_ data: [UInt8], row: Int) -> Int {
            let bytes = data[(row * stride + 1)..<((row + 1) * stride)]
            return Set(zip(bytes, bytes.dropFirst()).map { Int($0) << 8 | Int($1) }).count
        }
        let chosen = PNGEncoder.filtered(image, strategy: .bigrams)
        let fixed = [PNGEncoder.Strategy.none, .sub, .up, .average, .paeth].map { PNGEncoder.filtered(image, strategy: $0) }
        for row in 0..<image.header.height {
            #expect(pairs(chosen, row: row) == fixed.map { pairs($0, row: row) }.min(), "row \(row)")
        }
    }

    @Test func optimisingKeepsEveryPixelAndNeverGrows() throws {
        for (index, image) in Self.formats.enumerated() {
            let original = PNGTestImages.encode(image, strategy: .none)
            let result = try PNGOptimizer.optimize(original)
            #expect(result.bytes.count <= original.count, "format \(index)")
            #expect(try PNGImage(decoding: result.bytes).rgba16() == image.rgba16(), "format \(index)")
        }
    }

    @Test func reductionsPickTheSmallerExactFormat() throws {
        // Exactly-8-bit 16-bit RGBA, all opaque and grey, few values: becomes a 1-channel format of at most 8 bits.
        let header = PNGHeader(width: 64, height: 64, bitDepth: 16, colorType: .rgba, interlaced: false)
        var rows: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let v = UInt8((x / 8 + y / 8) * 9)
                rows += [v, v, v, v, v, v, 255, 255]
            }
        }
        let image = PNGImage(header: header, palette: [], transparency: [], rows: rows)
        let result = try PNGOptimizer.optimize(PNGTestImages.encode(image))
        #expect(result.outcome == .optimized)
        #expect(result.header.colorType == .grey || result.header.colorType == .palette)
        #expect(result.header.bitDepth <= 8)
        #expect(try PNGImage(decoding: result.bytes).rgba16() == image.rgba16())
    }

    @Test func anAlreadyTinyFileIsKeptAsItWas() throws {
        let optimised = try PNGOptimizer.optimize(PNGTestImages.encode(Self.formats[0])).bytes
        let again = try PNGOptimizer.optimize(optimised)
        #expect(again.outcome == .keptOriginal)
        #expect(again.bytes == optimised)
    }

    @Test func colourChunksAreKeptAndOthersDropped() throws {
        let gamma = PNGChunk(type: "gAMA", offset: 0, data: [0, 0, 0xB1, 0x8F])
        let text = PNGChunk(type: "tEXt", offset: 0, data: ArraySlice(Array("Comment\0".utf8) + [UInt8](repeating: 65, count: 300)))
        let image = PNGTestImages.synthetic(width: 40, height: 40, colorType: .rgba, bitDepth: 8)
        let result = try PNGOptimizer.optimize(PNGTestImages.encode(image, chunks: [gamma, text]))
        let file = try PNGFile(bytes: result.bytes)
        #expect(file.ancillaryChunks.map(\.type) == ["gAMA"])
        #expect(Array(file.ancillaryChunks[0].data) == [0, 0, 0xB1, 0x8F])
        #expect(result.droppedChunks == ["tEXt"])
    }

    @Test func anICCProfileKeepsGreyAndColourApart() throws {
        // Colour pixels that happen to be grey, with an RGB profile: they must stay a colour format.
        let header = PNGHeader(width: 30, height: 30, bitDepth: 8, colorType: .rgb, interlaced: false)
        var rows: [UInt8] = []
        for i in 0..<900 { let v = UInt8(i % 251); rows += [v, v, v] }
        let profile = PNGChunk(type: "iCCP", offset: 0, data: ArraySlice(Array("p\0\0".utf8) + Deflater.zlib([1, 2, 3], effort: .quick)))
        let image = PNGImage(header: header, palette: [], transparency: [], rows: rows)
        let result = try PNGOptimizer.optimize(PNGTestImages.encode(image, strategy: .none, chunks: [profile]))
        #expect(result.header.colorType == .rgb || result.header.colorType == .palette)
        let plain = try PNGOptimizer.optimize(PNGTestImages.encode(image, strategy: .none))
        #expect(plain.header.colorType == .grey)
    }

    @Test("the smallest corpus PNG of each kind (colour type, depth, interlacing, chunks) keeps its pixels, in the own decoder and in Pillow; the own decoder reads every corpus PNG as Pillow does",
          .tags(.corpus, .tools)) func corpusImagesKeepTheirPixelsInTheOwnDecoderAndPillow() throws {
        guard SharedData.isPresent else { print(SharedData.skipMessage); return }
        let images = PNGTestImages.corpusKinds
        #expect(images.count >= 10, "the corpus holds embedded and out-of-band PNGs of many kinds")
        // Each image on its own thread: the thorough encoder is slow in a debug build.
        let lock = NSLock()
        nonisolated(unsafe) var results: [Int: Result<[UInt8], any Error>] = [:]
        DispatchQueue.concurrentPerform(iterations: images.count) { index in
            let outcome = Result { try PNGOptimizer.optimize(images[index].bytes).bytes }
            lock.lock()
            results[index] = outcome
            lock.unlock()
        }
        var outputs: [[UInt8]] = []
        for (index, (name, bytes)) in images.enumerated() {
            let optimized = try #require(results[index]).get()
            #expect(optimized.count <= bytes.count, "\(name)")
            #expect(try PNGImage(decoding: optimized).rgba16() == PNGImage(decoding: bytes).rgba16(), "\(name)")
            outputs.append(optimized)
        }
        let every = PNGTestImages.corpus
        guard let before = try Pillow.rgba(every.map(\.bytes)), let after = try Pillow.rgba(outputs) else {
            print(Pillow.skipMessage)
            return
        }
        let position = Dictionary(every.indices.map { (every[$0].bytes, $0) }, uniquingKeysWith: { first, _ in first })
        for index in images.indices {
            #expect(before[position[images[index].bytes]!] == after[index], "\(images[index].name): Pillow reads other pixels")
        }
        // The own decoder agrees with Pillow on every input (8-bit images: Pillow's RGBA is the high bytes).
        for index in every.indices {
            let own = try PNGImage(decoding: every[index].bytes)
            if own.header.bitDepth <= 8 {
                #expect(own.rgba16().map { UInt8($0 >> 8) } == before[index], "\(every[index].name): own decoder and Pillow differ")
            }
        }
    }
}
