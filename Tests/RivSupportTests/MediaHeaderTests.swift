import Testing
import RivSupport

/// The one reader of each media header the libraries share: PNG's IHDR, JPEG's
/// start of frame, WebP's image chunk headers, an sfnt font's table directory and
/// its `name` table.
@Suite("Media headers")
struct MediaHeaderTests {
    @Test("IHDR's 13 bytes read as stored, written back the same, and checked against PNG's rules")
    func pngHeader() throws {
        let bytes: [UInt8] = [0, 0, 1, 0, 0, 0, 0, 3, 8, 6, 0, 0, 1]
        let fields = try #require(PNGHeaderFields(chunkData: bytes[...]))
        #expect(fields.width == 256 && fields.height == 3 && fields.bitDepth == 8 && fields.colorType == 6 && fields.interlaceMethod == 1)
        #expect(fields.chunkData == bytes && fields.problem == nil)
        #expect(PNGHeaderFields(chunkData: bytes.prefix(12)) == nil)
        var odd = fields
        odd.bitDepth = 4
        #expect(odd.problem == "bit depth 4 is not allowed for colour type 6")
        odd.width = 0
        #expect(odd.problem == "width 0 and height 3 must be 1 to 2^31-1")
    }

    @Test("a table directory's header and records, from slices anywhere in the font")
    func tableDirectory() throws {
        let font: [UInt8] = [0, 1, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0] + Array("name".utf8) + [0, 0, 0, 0, 0, 0, 0, 28, 0, 0, 0, 6]
        let header = try #require(SfntTableDirectory.header(font))
        #expect(header.version == 0x0001_0000 && header.tableCount == 1)
        let record = try #require(SfntTableDirectory.Record(font[SfntTableDirectory.recordOffset(0)...]))
        #expect(record == SfntTableDirectory.Record(Array(font[12...])))
        #expect(record.tag == "name" && record.offset == 28 && record.length == 6)
        #expect(SfntTableDirectory.Record(font[13...]) == nil && SfntTableDirectory.header(font.prefix(5)) == nil)
    }

    @Test("name records and their text: UTF-16 big-endian, Mac Roman's ASCII part, no odd-length UTF-16")
    func nameTable() throws {
        let table: [UInt8] = [0, 0, 0, 1, 0, 18, 0, 3, 0, 1, 4, 9, 0, 1, 0, 4, 0, 2, 0x20, 0x20, 0, 0x49, 0, 0x6E]
        let header = try #require(SfntNameTable.header(table))
        #expect(header.count == 1 && header.stringsOffset == 18)
        let record = try #require(SfntNameTable.Record(table[SfntNameTable.recordOffset(0)...]))
        #expect(record.platform == 3 && record.encoding == 1 && record.language == 0x0409 && record.nameID == 1)
        #expect(record.length == 4 && record.offset == 2)
        let text = table[(18 + record.offset)..<(18 + record.offset + record.length)]
        #expect(SfntNameTable.text(text, platform: 3) == "In")
        #expect(SfntNameTable.text(text.dropLast(), platform: 3) == nil)
        #expect(SfntNameTable.text([0x41, 0xE9], platform: 1) == "A?")
    }

    @Test("a JPEG frame header's fields as stored, the components the data holds whole, and which markers begin a frame")
    func jpegFrameHeader() throws {
        let data: [UInt8] = [8, 0x01, 0x2C, 0x02, 0x58, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let fields = try #require(JPEGFrameHeaderFields(segmentData: data[...]))
        #expect(fields.precision == 8 && fields.height == 300 && fields.width == 600 && fields.componentCount == 3)
        #expect(fields.components == [.init(id: 1, horizontal: 2, vertical: 2, quantizationTable: 0),
                                      .init(id: 2, horizontal: 1, vertical: 1, quantizationTable: 1),
                                      .init(id: 3, horizontal: 1, vertical: 1, quantizationTable: 1)])
        #expect(JPEGFrameHeaderFields(segmentData: data.prefix(7))?.components == [])
        #expect(JPEGFrameHeaderFields(segmentData: data.prefix(5)) == nil)
        #expect((0...255).map(UInt8.init).filter(JPEGFrameHeaderFields.isFrame)
                == [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF])
        #expect((0...255).map(UInt8.init).filter(JPEGFrameHeaderFields.standsAlone) == [0x01, 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8])
    }

    @Test("WebP's VP8, VP8L and VP8X headers: sizes as stored, and the marks a reader checks")
    func webpHeaders() throws {
        let lossy = try #require(WebPHeaderFields.Lossy(chunkData: [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A, 0x90, 0xC1, 0x2C, 0x01]))
        #expect(lossy.isKeyFrame && lossy.hasStartCode && lossy.width == 400 && lossy.height == 300)
        #expect(WebPHeaderFields.Lossy(chunkData: [0x51, 0, 0, 0x9D, 0x01, 0x2B, 1, 0, 1, 0]).map { [$0.isKeyFrame, $0.hasStartCode] } == [false, false])
        // 400×300: 399 and 299 packed in 14 bits each, version 0.
        let bits = 399 | 299 << 14
        let lossless = try #require(WebPHeaderFields.Lossless(chunkData: [0x2F] + (0..<4).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }))
        #expect(lossless.signature == 0x2F && lossless.width == 400 && lossless.height == 300 && lossless.version == 0)
        let extended = try #require(WebPHeaderFields.Extended(chunkData: [0x10, 0, 0, 0, 0x8F, 0x01, 0x00, 0x2B, 0x01, 0x00]))
        #expect(extended.flags == 0x10 && extended.width == 400 && extended.height == 300)
        #expect(WebPHeaderFields.Lossy(chunkData: [UInt8](repeating: 0, count: 9)) == nil)
        #expect(WebPHeaderFields.Lossless(chunkData: [0x2F, 0, 0, 0]) == nil && WebPHeaderFields.Extended(chunkData: [0, 0, 0]) == nil)
    }
}
