import Foundation
import RivPNG
import RivSupport

/// rsvg-convert (librsvg), the judge pictures are compared with: an SVG rasterized by it,
/// and the comparison of two pictures composited over black and over white.
public enum RsvgJudge {
    /// The rsvg-convert executable, when installed.
    public static let executable = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// rsvg-convert's picture of `svg` (`width` pixels wide, its height keeping the aspect;
    /// nil: the SVG's own size): its size and RGBA at 16 bits a channel. rsvg-convert draws
    /// no WebP image, so each inline WebP is given to it as the PNG Pillow makes of it.
    public static func rasterize(_ svg: String, width: Int? = nil) throws -> (width: Int, height: Int, rgba16: [UInt16]) {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let svg = try webPsAsPNGs(svg)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("riv-rsvg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("picture.svg"), output = folder.appendingPathComponent("picture.png")
        try AtomicFile.write(Data(svg.utf8), to: input, replacing: false, flushing: false)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = (width.map { ["-w", String($0)] } ?? []) + ["-o", output.path, input.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        let image = try PNGImage(decoding: [UInt8](Data(contentsOf: output)))
        return (image.header.width, image.header.height, image.rgba16())
    }

    /// `svg` with each `data:image/webp;base64,...` image replaced by Pillow's PNG of it
    /// (unchanged when it holds none or Pillow is absent).
    static func webPsAsPNGs(_ svg: String) throws -> String {
        let marker = "data:image/webp;base64,"
        let pieces = svg.components(separatedBy: marker)
        guard pieces.count > 1 else { return svg }
        let encoded = pieces.dropFirst().map { String($0.prefix { $0 != "\"" && $0 != "'" }) }
        guard let pngs = try Pillow.pngs(encoded.map { [UInt8](Data(base64Encoded: $0) ?? Data()) }) else { return svg }
        var result = pieces[0]
        for (index, piece) in pieces.dropFirst().enumerated() {
            result += "data:image/png;base64," + Data(pngs[index]).base64EncodedString() + piece.dropFirst(encoded[index].count)
        }
        return result
    }

    /// How two pictures of the same size differ, each composited over black and over white
    /// at 8 bits: the pixels whose largest channel difference (over either background)
    /// exceeds 8/255 and 64/255.
    public struct Difference: Sendable, Equatable {
        /// The pixels compared.
        public var pixels: Int
        /// The pixels off by more than 8/255, and by more than 64/255.
        public var over8 = 0, over64 = 0

        /// Whether at most `share8` of the pixels are off by more than 8/255 and `share64` by more than 64/255.
        public func within(_ share8: Double, _ share64: Double) -> Bool {
            Double(over8) <= share8 * Double(pixels) && Double(over64) <= share64 * Double(pixels)
        }
    }

    /// The difference between `ours` (straight RGBA, 8 bits) and `theirs` (rsvg's, 16 bits),
    /// pixel by pixel over the `pixels` both hold.
    public static func difference(_ ours: [UInt8], _ theirs: [UInt16], pixels: Int) -> Difference {
        var result = Difference(pixels: pixels)
        for pixel in 0..<pixels {
            var largest = 0
            for background in [0, 255] {
                let ourAlpha = Int(ours[pixel * 4 + 3]), theirAlpha = Int(theirs[pixel * 4 + 3] >> 8)
                for k in 0..<3 {
                    let our = (Int(ours[pixel * 4 + k]) * ourAlpha + background * (255 - ourAlpha)) / 255
                    let their = (Int(theirs[pixel * 4 + k] >> 8) * theirAlpha + background * (255 - theirAlpha)) / 255
                    largest = max(largest, abs(our - their))
                }
            }
            if largest > 8 { result.over8 += 1 }
            if largest > 64 { result.over64 += 1 }
        }
        return result
    }
}
