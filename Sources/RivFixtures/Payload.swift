/// The one factory of asset bytes for fixtures, tests and the benchmark.
///
/// Most payloads start with their format's magic number, followed by a
/// deterministic filler so that two payloads of one format differ;
/// ``gradientPNG(width:height:)`` and ``flatGreyPNG(width:height:)`` are whole,
/// valid PNGs, and ``Minimal`` holds just enough leading bytes for a format check.
public enum Payload {
    /// The first eight bytes of every PNG file.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The first four bytes of a TrueType font: sfnt version 1.0.
    public static let trueTypeVersion: [UInt8] = [0x00, 0x01, 0x00, 0x00]

    /// A whole PNG (signature, header, stored-deflate data, end chunk) of
    /// `width` × `height` pixels with a colour gradient.
    public static func gradientPNG(width: Int, height: Int) -> [UInt8] {
        PNGImage.gradient(width: width, height: height)
    }

    /// A whole 8-bit grey PNG of `width` × `height` pixels whose rows repeat the
    /// first (a gradient), in a file of under a hundredth of its decoded size.
    public static func flatGreyPNG(width: Int, height: Int) -> [UInt8] {
        PNGImage.flatGrey(width: width, height: height)
    }

    /// The signature, then (from 25 filler bytes on) a 1x1 `IHDR` chunk in place
    /// of the first 25, so that a download of it has a readable header.
    public static func png(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        guard count >= pngHeader.count else { return pngSignature + filler(count, seed) }
        return pngSignature + pngHeader + filler(count - pngHeader.count, seed)
    }

    /// An `IHDR` chunk of a 1x1 RGBA image: length, type, 13 bytes, CRC.
    private static let pngHeader: [UInt8] = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]

    /// A PNG that ends where its format says: a 1x1 `IHDR`, a private chunk `riVf`
    /// holding `count` filler bytes, then `IEND`, every chunk with its CRC, so a
    /// folder source serves it at once. It has no image data: nothing draws it.
    public static func wholePNG(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        pngSignature + pngHeader + PNGImage.chunk("riVf", filler(count, seed)) + PNGImage.chunk("IEND", [])
    }

    /// A TrueType font whose table directory is empty, so it is whole at any length.
    public static func wholeTTF(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        trueTypeVersion + [0x00, 0x00] + filler(count, seed)
    }

    /// The start of image, then (from 11 filler bytes on) a start-of-frame
    /// segment of a 1x1 image in place of the first 11, so that a download of it
    /// has a readable header; an APP0 marker and filler when shorter.
    public static func jpeg(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        guard count >= frame.count - 2 else { return [0xFF, 0xD8, 0xFF, 0xE0] + filler(count, seed) }
        return [0xFF, 0xD8] + frame + filler(count - (frame.count - 2), seed)
    }

    /// The TrueType version, then filler.
    public static func ttf(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        trueTypeVersion + filler(count, seed)
    }

    /// A RIFF header whose size counts the filler, the `WAVE` form type, then filler.
    public static func wav(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        let size = UInt32(4 + count)
        return Array("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + Array("WAVE".utf8) + filler(count, seed)
    }

    /// The Lua bytecode signature (`ESC Lua`), then filler.
    public static func luaBytecode(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        [0x1B, 0x4C, 0x75, 0x61] + filler(count, seed)
    }

    /// `count` bytes of a sequence that `seed` shifts.
    public static func filler(_ count: Int, _ seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &* 7 &+ 3) }
    }
}
