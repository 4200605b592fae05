/// A decoded PNG image: its pixel format and its scanlines, unfiltered and (for
/// Adam7 files) de-interlaced, packed as PNG packs them, `rowBytes` bytes a row.
public struct PNGImage: Equatable, Sendable {
    /// The pixel format; `interlaced` is always false (the rows are in image order).
    public let header: PNGHeader
    /// The palette as red, green, blue triples (palette images only).
    public let palette: [UInt8]
    /// The tRNS data, as in ``PNGFile/transparency``.
    public let transparency: [UInt8]
    /// The packed rows, top to bottom, without filter bytes.
    public let rows: [UInt8]

    /// Bytes in one packed row.
    public var rowBytes: Int { header.rowBytes(pixels: header.width) }

    /// An image from its parts; `rows` must hold `height` rows of `rowBytes` bytes.
    init(header: PNGHeader, palette: [UInt8], transparency: [UInt8], rows: [UInt8]) {
        self.header = header
        self.palette = palette
        self.transparency = transparency
        self.rows = rows
    }

    /// The default limit on the decompressed size of an image, filter bytes included (512 MiB).
    public static let defaultMaximumRawBytes = 512 << 20

    /// Decodes a PNG file: chunks, decompression (bounded by the size the header implies and
    /// by `maximumRawBytes`), unfiltering and de-interlacing.
    public init(decoding bytes: [UInt8], maximumRawBytes: Int = PNGImage.defaultMaximumRawBytes) throws(PNGError) {
        try self.init(file: try PNGFile(bytes: bytes), maximumRawBytes: maximumRawBytes)
    }

    /// Decodes the image data of a file already split into chunks.
    public init(file: PNGFile, maximumRawBytes: Int = PNGImage.defaultMaximumRawBytes) throws(PNGError) {
        let header = file.header
        let offset = file.compressedDataOffset
        guard let rawSize = header.rawDataSize, rawSize <= maximumRawBytes else {
            throw PNGError(.tooLarge, chunk: "IHDR", offset: 16,
                           "\(header.width)x\(header.height) pixels of \(header.bitsPerPixel) bits need more than the \(maximumRawBytes) bytes allowed")
        }
        // Deflate cannot expand a byte into more than 1032 bytes (a 258-byte match in 2 bits),
        // so a stream too short for the header's size fails before anything is allocated.
        let (reachable, overflow) = file.compressedData.count.multipliedReportingOverflow(by: 1032)
        guard overflow || reachable >= rawSize else {
            throw PNGError(.wrongDataLength, chunk: "IDAT", offset: offset,
                           "\(file.compressedData.count) compressed bytes cannot hold the \(rawSize) bytes the header needs")
        }
        var raw: [UInt8]
        do {
            raw = try Inflater.inflate(zlib: file.compressedData, expectedSize: rawSize)
        } catch {
            throw PNGError(error.tooLong ? .wrongDataLength : .badCompressedData, chunk: "IDAT",
                           offset: offset + error.inputOffset, error.detail)
        }
        let stride = header.rowBytes(pixels: header.width)
        // A non-interlaced image's rows are moved down over their filter bytes in place (below).
        var rows = [UInt8](repeating: 0, count: header.interlaced ? stride * header.height : 0)
        let failure: PNGError? = raw.withUnsafeMutableBufferPointer { raw in
            rows.withUnsafeMutableBufferPointer { rows in
                var start = 0
                for (passIndex, pass) in (header.interlaced ? Adam7.passes : [Adam7.whole]).enumerated() {
                    let (columns, passRows) = pass.size(width: header.width, height: header.height)
                    guard columns > 0, passRows > 0 else { continue }
                    let passStride = header.rowBytes(pixels: columns)
                    for row in 0..<passRows {
                        let at = start + row * (passStride + 1)
                        guard let filter = RowFilter(rawValue: raw[at]) else {
                            return PNGError(.badFilterType, chunk: "IDAT", offset: offset,
                                            "row \(row) of pass \(passIndex + 1) has filter type \(raw[at]), not 0-4 (byte \(at) of the decompressed data)")
                        }
                        let base = raw.baseAddress!
                        // A non-interlaced row moves down over the filter bytes once unfiltered, while
                        // it is in the cache; the row above is then already in its final place.
                        let above = header.interlaced ? at - passStride : (row - 1) * passStride
                        filter.unfilter(base + at + 1, previous: row == 0 ? nil : UnsafePointer(base + above),
                                        count: passStride, stride: header.filterStride)
                        if !header.interlaced { (base + row * passStride).update(from: base + at + 1, count: passStride) }
                    }
                    if header.interlaced {
                        var packed = [UInt8](repeating: 0, count: passStride * passRows)
                        for row in 0..<passRows {
                            let from = start + row * (passStride + 1) + 1
                            for k in 0..<passStride { packed[row * passStride + k] = raw[from + k] }
                        }
                        packed.withUnsafeBufferPointer {
                            pass.scatter($0, passStride: passStride, columns: columns, rows: passRows,
                                         into: rows, imageStride: stride, bitsPerPixel: header.bitsPerPixel)
                        }
                    }
                    start += passRows * (passStride + 1)
                }
                return nil
            }
        }
        if let failure { throw failure }
        if !header.interlaced {
            raw.removeLast(header.height)
            rows = raw
        }
        self.init(header: PNGHeader(width: header.width, height: header.height, bitDepth: header.bitDepth,
                                    colorType: header.colorType, interlaced: false),
                  palette: file.palette, transparency: file.transparency, rows: rows)
    }
}
