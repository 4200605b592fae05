/// The contents of a PNG's IHDR chunk: size, pixel format and interlacing.
public struct PNGHeader: Equatable, Sendable {
    /// How a pixel's samples are laid out.
    public enum ColorType: UInt8, Sendable {
        /// One grey sample.
        case grey = 0
        /// Red, green and blue samples.
        case rgb = 2
        /// One index into the PLTE chunk.
        case palette = 3
        /// A grey sample and an alpha sample.
        case greyAlpha = 4
        /// Red, green, blue and alpha samples.
        case rgba = 6

        /// How many samples each pixel has.
        public var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        /// The bit depths PNG allows for this colour type.
        var allowedDepths: [UInt8] {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    /// Width in pixels (1 to 2^31 - 1).
    public let width: Int
    /// Height in pixels (1 to 2^31 - 1).
    public let height: Int
    /// Bits per sample (per palette index for palette images).
    public let bitDepth: UInt8
    /// The pixel layout.
    public let colorType: ColorType
    /// True for Adam7 interlacing.
    public let interlaced: Bool

    /// A header; the values are checked by `init(chunkData:offset:)` when read from a file.
    public init(width: Int, height: Int, bitDepth: UInt8, colorType: ColorType, interlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.interlaced = interlaced
    }

    /// Reads the 13 bytes of an IHDR chunk whose data starts at `offset` in the file.
    init(chunkData data: ArraySlice<UInt8>, offset: Int) throws(PNGError) {
        func bad(_ detail: String) -> PNGError { PNGError(.badChunk, chunk: "IHDR", offset: offset, detail) }
        guard data.count == 13 else { throw bad("IHDR holds \(data.count) bytes, not 13") }
        let bytes = Array(data)
        let width = Int(bigEndian32(bytes, 0))
        let height = Int(bigEndian32(bytes, 4))
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw bad("width \(width) and height \(height) must be 1 to 2^31-1")
        }
        guard let colorType = ColorType(rawValue: bytes[9]) else { throw bad("colour type \(bytes[9]) is not 0, 2, 3, 4 or 6") }
        guard colorType.allowedDepths.contains(bytes[8]) else {
            throw bad("bit depth \(bytes[8]) is not allowed for colour type \(bytes[9])")
        }
        guard bytes[10] == 0 else { throw bad("compression method \(bytes[10]) is not 0 (deflate)") }
        guard bytes[11] == 0 else { throw bad("filter method \(bytes[11]) is not 0 (adaptive)") }
        guard bytes[12] <= 1 else { throw bad("interlace method \(bytes[12]) is not 0 or 1 (Adam7)") }
        self.init(width: width, height: height, bitDepth: bytes[8], colorType: colorType, interlaced: bytes[12] == 1)
    }

    /// The 13 bytes of this header's IHDR chunk.
    var chunkData: [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendBigEndian(UInt32(width))
        bytes.appendBigEndian(UInt32(height))
        bytes += [bitDepth, colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        return bytes
    }

    /// Bits per pixel.
    public var bitsPerPixel: Int { Int(bitDepth) * colorType.channels }

    /// The distance in bytes between a byte and the byte it is filtered against (at least 1).
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one row of `pixels` pixels, without the filter byte.
    func rowBytes(pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// The size of the decompressed image data, filter bytes included, for this header's
    /// dimensions and interlacing; nil when it does not fit in an Int.
    var rawDataSize: Int? {
        var total = 0
        for pass in (interlaced ? Adam7.passes : [Adam7.whole]) {
            let (columns, rows) = pass.size(width: width, height: height)
            guard columns > 0, rows > 0 else { continue }
            let (product, overflow) = rows.multipliedReportingOverflow(by: 1 + rowBytes(pixels: columns))
            guard !overflow else { return nil }
            let (sum, overflowed) = total.addingReportingOverflow(product)
            guard !overflowed else { return nil }
            total = sum
        }
        return total
    }
}

func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
