/// The skeleton of a TrueType font: an offset table (sfnt version 1.0, bytes
/// 00 01 00 00) and a table directory for a `head`, a `maxp` and a `name` table,
/// with table checksums and the `head` checksum adjustment computed as the
/// OpenType spec says. It has no glyph outlines, so no renderer would draw text with it.
enum TrueTypeFont {
    /// The font; `unitsPerEm` goes into `head`, `glyphCount` into `maxp`, `family`
    /// and `style` into `name`.
    static func skeleton(unitsPerEm: UInt16, glyphCount: UInt16, family: String, style: String) -> [UInt8] {
        let tables: [(tag: String, data: [UInt8])] = [  // sorted by tag, as the directory must be
            ("head", head(unitsPerEm: unitsPerEm)),
            ("maxp", maxp(glyphCount: glyphCount)),
            ("name", name(family: family, style: style)),
        ]
        let directorySize = 12 + 16 * tables.count
        var font: [UInt8] = []
        font.appendBigEndian(UInt32(0x0001_0000))  // sfnt version 1.0: TrueType outlines
        font.appendBigEndian(UInt16(tables.count))
        let searchPower = 1 << (Int.bitWidth - 1 - tables.count.leadingZeroBitCount)
        font.appendBigEndian(UInt16(searchPower * 16))  // searchRange
        font.appendBigEndian(UInt16(searchPower.trailingZeroBitCount))  // entrySelector
        font.appendBigEndian(UInt16(tables.count * 16 - searchPower * 16))  // rangeShift
        var offset = directorySize
        for table in tables {
            font.appendASCII(table.tag)
            font.appendBigEndian(checksum(table.data))
            font.appendBigEndian(UInt32(offset))
            font.appendBigEndian(UInt32(table.data.count))
            offset += padded(table.data).count
        }
        for table in tables { font += padded(table.data) }
        let adjustment = 0xB1B0_AFBA &- checksum(font)
        let adjustmentOffset = directorySize + 8  // head comes first; the field follows version and fontRevision
        for (index, byte) in withUnsafeBytes(of: adjustment.bigEndian, Array.init).enumerated() {
            font[adjustmentOffset + index] = byte
        }
        return font
    }

    /// The 54-byte font header, with its checksum adjustment still 0.
    private static func head(unitsPerEm: UInt16) -> [UInt8] {
        var table: [UInt8] = []
        table.appendBigEndian(UInt32(0x0001_0000))  // version 1.0
        table.appendBigEndian(UInt32(0x0001_0000))  // fontRevision 1.0
        table.appendBigEndian(UInt32(0))  // checksumAdjustment, set once the font is whole
        table.appendBigEndian(UInt32(0x5F0F_3CF5))  // magicNumber
        table.appendBigEndian(UInt16(0x000B))  // flags: baseline and left sidebearing at 0, integer scaling
        table.appendBigEndian(unitsPerEm)
        table.appendBigEndian(Int64(0))  // created
        table.appendBigEndian(Int64(0))  // modified
        for bound in [Int16(0), 0, Int16(unitsPerEm), Int16(unitsPerEm)] { table.appendBigEndian(bound) }  // xMin yMin xMax yMax
        table.appendBigEndian(UInt16(0))  // macStyle
        table.appendBigEndian(UInt16(8))  // lowestRecPPEM
        table.appendBigEndian(Int16(2))  // fontDirectionHint
        table.appendBigEndian(Int16(0))  // indexToLocFormat: short offsets
        table.appendBigEndian(Int16(0))  // glyphDataFormat
        return table
    }

    /// A version 0.5 maximum profile: just the glyph count.
    private static func maxp(glyphCount: UInt16) -> [UInt8] {
        var table: [UInt8] = []
        table.appendBigEndian(UInt32(0x0000_5000))
        table.appendBigEndian(glyphCount)
        return table
    }

    /// A format 0 naming table with the family (name 1) and subfamily (name 2) for
    /// the Windows platform, Unicode BMP encoding, US English, in UTF-16 big-endian.
    private static func name(family: String, style: String) -> [UInt8] {
        let strings = [family, style].map { text in text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        var table: [UInt8] = []
        table.appendBigEndian(UInt16(0))  // format
        table.appendBigEndian(UInt16(strings.count))
        table.appendBigEndian(UInt16(6 + 12 * strings.count))  // where the strings start
        var offset = 0
        for (index, string) in strings.enumerated() {
            for field in [UInt16(3), 1, 0x0409, UInt16(index + 1), UInt16(string.count), UInt16(offset)] { table.appendBigEndian(field) }
            offset += string.count
        }
        return table + strings.flatMap { $0 }
    }

    /// `data` padded with zeros to a multiple of four bytes.
    private static func padded(_ data: [UInt8]) -> [UInt8] {
        data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
    }

    /// The sum of the big-endian 32-bit words of `data`, zero-padded.
    private static func checksum(_ data: [UInt8]) -> UInt32 {
        let words = padded(data)
        return stride(from: 0, to: words.count, by: 4).reduce(UInt32(0)) { sum, index in
            sum &+ words[index..<(index + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
    }
}
