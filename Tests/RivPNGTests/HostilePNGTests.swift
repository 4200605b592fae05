import Testing
@testable import RivPNG

/// Damaged and hostile PNGs: each is a typed error naming the chunk, never a crash or a large allocation.
@Suite struct HostilePNGTests {
    static let good = PNGTestImages.encode(PNGTestImages.synthetic(width: 16, height: 16, colorType: .rgb, bitDepth: 8))

    /// `bytes` with the CRC of the chunk at `offset` recomputed.
    static func fixingCRC(_ bytes: [UInt8], chunkAt offset: Int) -> [UInt8] {
        var bytes = bytes
        let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        let crc = CRC32.checksum(bytes[offset + 4..<offset + 8 + length])
        for k in 0..<4 { bytes[offset + 8 + length + k] = UInt8(crc >> UInt32(24 - 8 * k) & 0xFF) }
        return bytes
    }

    func error(_ bytes: [UInt8]) -> PNGError? {
        do { _ = try PNGOptimizer.optimize(bytes); return nil } catch { return error }
    }

    @Test func truncatedFilesEndInATypedError() {
        for length in [0, 7, 8, 20, 33, Self.good.count - 13, Self.good.count - 1] {
            let failure = error(Array(Self.good[0..<length]))
            #expect(failure != nil, "\(length) bytes")
            #expect([.notPNG, .truncated].contains(failure?.kind), "\(length) bytes: \(String(describing: failure))")
        }
    }

    @Test func aBadCRCNamesTheChunk() {
        var bytes = Self.good
        bytes[20] ^= 1  // inside IHDR's data
        #expect(error(bytes) == PNGError(.badCRC, chunk: "IHDR", offset: 8, error(bytes)?.detail ?? ""))
    }

    @Test func aLengthPastTheEndIsTruncation() {
        var bytes = Self.good
        bytes[33] = 0x7F  // the first chunk after IHDR claims 2 GB
        #expect(error(bytes)?.kind == .truncated)
        #expect(error(bytes)?.offset == 33)
    }

    @Test func hugeDimensionsFailBeforeAllocating() {
        var bytes = Self.good
        for k in 16..<24 { bytes[k] = k % 4 == 0 ? 0x7F : 0xFF }
        let failure = error(Self.fixingCRC(bytes, chunkAt: 8))
        #expect(failure?.kind == .tooLarge)
        // Within the limit, yet far more than the tiny IDAT can hold: refused before inflating.
        var wide = Self.good
        wide[16] = 0; wide[17] = 0; wide[18] = 0x40; wide[19] = 0  // width 16384, height stays 16
        #expect(error(Self.fixingCRC(wide, chunkAt: 8))?.kind == .wrongDataLength)
    }

    @Test func aDeflateBombStopsAtTheImageSize() {
        // 4 MB of zeros for a 16x16 image: the decoder stops at the 784 bytes the header allows.
        let image = PNGImage(header: PNGHeader(width: 16, height: 16, bitDepth: 8, colorType: .rgb, interlaced: false),
                             palette: [], transparency: [], rows: [UInt8](repeating: 0, count: 4 << 20))
        let bomb = PNGEncoder.file(PNGTestImages.synthetic(width: 16, height: 16, colorType: .rgb, bitDepth: 8),
                                   compressed: Deflater.zlib(image.rows, effort: .quick), before: [], after: [])
        let failure = error(bomb)
        #expect(failure?.kind == .wrongDataLength)
        #expect(failure?.chunk == "IDAT")
    }

    @Test func aBadFilterByteIsNamed() {
        let image = PNGTestImages.synthetic(width: 16, height: 16, colorType: .rgb, bitDepth: 8)
        var raw = PNGEncoder.filtered(image, strategy: .none)
        raw[49 * 3] = 9  // the filter byte of row 3
        let bytes = PNGEncoder.file(image, compressed: Deflater.zlib(raw, effort: .quick), before: [], after: [])
        let failure = error(bytes)
        #expect(failure?.kind == .badFilterType)
        #expect(failure?.detail.contains("row 3") == true)
    }

    @Test func damagedCompressedDataIsTyped() {
        var bytes = Self.good
        let idat = 33
        bytes[idat + 8] = 0x79  // not a valid zlib header
        #expect(error(Self.fixingCRC(bytes, chunkAt: idat))?.kind == .badCompressedData)
    }
}
