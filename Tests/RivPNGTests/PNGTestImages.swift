import Foundation
import RivFormat
import RivTestSupport
@testable import RivPNG

/// Real PNGs for the tests: the image assets embedded in the corpus `.riv` files (read
/// with RivFormat) and the referenced PNGs in `out_of_band` folders. Empty when ../shared is absent.
enum PNGTestImages {
    static let corpus: [(name: String, bytes: [UInt8])] = {
        guard let root = SharedData.corpus else { return [] }
        var seen = Set<[UInt8]>()
        var images: [(String, [UInt8])] = []
        for image in CorpusImages.embedded(.png) where seen.insert(image.bytes).inserted { images.append(image) }
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "png" && url.path.contains("/out_of_band/") {
                if let data = try? Data(contentsOf: url), seen.insert(Array(data)).inserted {
                    images.append((url.lastPathComponent, Array(data)))
                }
            }
        }
        return images.sorted { $0.0 < $1.0 }
    }()

    /// The smallest of ``corpus``'s images of each kind (colour type, bit depth, interlacing and
    /// the set of ancillary chunk types): every sort of PNG the corpus holds, without the
    /// large repeats of one sort (ten 1000 x 1000 layers of one car, six skins of one
    /// zombie) that the optimiser, in a debug build, spends most of its time on.
    static let corpusKinds: [(name: String, bytes: [UInt8])] = {
        var smallest: [String: (name: String, bytes: [UInt8], pixels: Int)] = [:]
        for image in corpus {
            guard let file = try? PNGFile(bytes: image.bytes) else { continue }
            let header = file.header
            let kind = "\(header.colorType) \(header.bitDepth) \(header.interlaced) " + Set(file.ancillaryChunks.map(\.type)).sorted().joined(separator: ",")
            let pixels = header.width * header.height
            if let known = smallest[kind], known.pixels <= pixels { continue }
            smallest[kind] = (image.name, image.bytes, pixels)
        }
        return smallest.values.map { ($0.name, $0.bytes) }.sorted { $0.0 < $1.0 }
    }()

    /// A PNG file of `image`, deflated by the project's own encoder with the given filter.
    static func encode(_ image: PNGImage, strategy: PNGEncoder.Strategy = .paeth, chunks: [PNGChunk] = []) -> [UInt8] {
        PNGEncoder.file(image, compressed: Deflater.zlib(PNGEncoder.filtered(image, strategy: strategy), effort: .quick),
                        before: chunks, after: [])
    }

    /// A deterministic image of the given format: smooth diagonals plus noise.
    static func synthetic(width: Int, height: Int, colorType: PNGHeader.ColorType, bitDepth: UInt8,
                          palette: [UInt8] = [], transparency: [UInt8] = [], seed: Int = 1) -> PNGImage {
        let header = PNGHeader(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: false)
        var rows = [UInt8](repeating: 0, count: header.rowBytes(pixels: width) * height)
        var state = UInt32(truncatingIfNeeded: seed) &* 2_654_435_761 | 1
        let maxIndex = colorType == .palette ? palette.count / 3 : 1 << min(8, Int(bitDepth))
        let stride = header.rowBytes(pixels: width)
        for y in 0..<height {
            for x in 0..<width * colorType.channels {
                state = state &* 1_103_515_245 &+ 12345
                let smooth = (x / colorType.channels + y) / 3
                let value = (smooth + Int(state >> 28)) % maxIndex
                if bitDepth == 16 {
                    // Even seeds: both bytes equal, so the image is exactly 8-bit.
                    rows[y * stride + 2 * x] = UInt8(value)
                    rows[y * stride + 2 * x + 1] = seed % 2 == 0 ? UInt8(value) : UInt8(truncatingIfNeeded: value &* 7)
                } else {
                    let bit = x * Int(bitDepth)
                    rows[y * stride + bit >> 3] |= UInt8(value) << UInt8(8 - Int(bitDepth) - bit & 7)
                }
            }
        }
        return PNGImage(header: header, palette: palette, transparency: transparency, rows: rows)
    }
}
