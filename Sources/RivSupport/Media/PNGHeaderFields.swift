/// The 13 bytes of a PNG's `IHDR` chunk, field by field as stored, and the rules
/// PNG sets for them. The one reader of that chunk: RivFormat takes an embedded
/// image's pixel size from it, RivPNG its whole header.
package struct PNGHeaderFields: Sendable, Equatable {
    /// The chunk's four-letter type, `IHDR`.
    package static let chunkType: [UInt8] = [0x49, 0x48, 0x44, 0x52]
    /// Where `IHDR`'s type starts in a PNG file: after the 8-byte signature and the chunk's length.
    package static let typeOffset = 12
    /// The size of the chunk's data.
    package static let byteCount = 13

    /// Pixels across, as stored (PNG allows 1 to 2^31 - 1).
    package var width: Int
    /// Pixels down, as stored (PNG allows 1 to 2^31 - 1).
    package var height: Int
    /// Bits per sample, or per palette index.
    package var bitDepth: UInt8
    /// The pixel layout: 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    package var colorType: UInt8
    /// The compression method (PNG defines 0, deflate).
    package var compressionMethod: UInt8
    /// The filter method (PNG defines 0, adaptive).
    package var filterMethod: UInt8
    /// The interlace method: 0 none, 1 Adam7.
    package var interlaceMethod: UInt8

    /// Fields with compression and filter method 0, PNG's only ones.
    package init(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlaceMethod: UInt8) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.compressionMethod = 0
        self.filterMethod = 0
        self.interlaceMethod = interlaceMethod
    }

    /// Reads the chunk's data: width and height big-endian, then five one-byte fields;
    /// nil unless `data` holds exactly 13 bytes. The values are not checked (see ``problem``).
    package init?(chunkData data: some Collection<UInt8>) {
        guard data.count == Self.byteCount else { return nil }
        let bytes = Array(data)
        width = bytes.bigEndian(at: 0, width: 4)
        height = bytes.bigEndian(at: 4, width: 4)
        (bitDepth, colorType, compressionMethod, filterMethod, interlaceMethod) = (bytes[8], bytes[9], bytes[10], bytes[11], bytes[12])
    }

    /// The chunk's 13 bytes of data.
    package var chunkData: [UInt8] {
        let word = { (value: Int) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return word(width) + word(height) + [bitDepth, colorType, compressionMethod, filterMethod, interlaceMethod]
    }

    /// The bit depths PNG allows for each colour type.
    private static func allowedDepths(colorType: UInt8) -> [UInt8]? {
        switch colorType {
        case 0: [1, 2, 4, 8, 16]
        case 3: [1, 2, 4, 8]
        case 2, 4, 6: [8, 16]
        default: nil
        }
    }

    /// The first rule of PNG these fields break, in words; nil when they keep them all.
    package var problem: String? {
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            return "width \(width) and height \(height) must be 1 to 2^31-1"
        }
        guard let depths = Self.allowedDepths(colorType: colorType) else { return "colour type \(colorType) is not 0, 2, 3, 4 or 6" }
        guard depths.contains(bitDepth) else { return "bit depth \(bitDepth) is not allowed for colour type \(colorType)" }
        guard compressionMethod == 0 else { return "compression method \(compressionMethod) is not 0 (deflate)" }
        guard filterMethod == 0 else { return "filter method \(filterMethod) is not 0 (adaptive)" }
        guard interlaceMethod <= 1 else { return "interlace method \(interlaceMethod) is not 0 or 1 (Adam7)" }
        return nil
    }
}
