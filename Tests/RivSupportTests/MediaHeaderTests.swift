import Testing
import RivSupport

/// The one reader of each media header the libraries share: PNG's IHDR, an sfnt
/// font's table directory and its `name` table.
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
}
