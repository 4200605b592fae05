import RivSupport

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
        guard let fields = PNGHeaderFields(chunkData: data) else { throw bad("IHDR holds \(data.count) bytes, not 13") }
        guard fields.problem == nil, let colorType = ColorType(rawValue: fields.colorType) else { throw bad(fields.problem ?? "") }
        self.init(width: fields.width, height: fields.height, bitDepth: fields.bitDepth, colorType: colorType,
                  interlaced: fields.interlaceMethod == 1)
    }

    /// The 13 bytes of this header's IHDR chunk.
    var chunkData: [UInt8] {
        PNGHeaderFields(width: width, height: height, bitDepth: bitDepth, colorType: colorType.rawValue,
                        interlaceMethod: interlaced ? 1 : 0).chunkData
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
