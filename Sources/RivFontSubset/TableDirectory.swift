import RivSupport

/// The sfnt table directory (read by RivSupport's `SfntTableDirectory`): tag -> byte
/// range, every range checked against the font.
struct TableDirectory {
    let font: FontBytes
    let tables: [String: FontBytes.Table]
    /// The tags in the order the directory lists them.
    let order: [String]

    init(font: FontBytes) throws(FontSubsetError) {
        self.font = font
        let whole = FontBytes.Table(font: font, tag: "sfnt", start: 0, end: font.bytes.count)
        guard let header = SfntTableDirectory.header(font.bytes) else { throw whole.error(0, .truncated(needed: 6)) }
        switch header.version {
        case 0x0001_0000, 0x7472_7565: break                       // TrueType, 'true'
        case 0x4F54_544F: throw FontSubsetError(table: "sfnt", offset: 0, reason: .cffOutlines) // 'OTTO'
        case 0x7474_6366: throw FontSubsetError(table: "sfnt", offset: 0, reason: .collection)  // 'ttcf'
        default: throw FontSubsetError(table: "sfnt", offset: 0, reason: .notAFont)
        }
        try whole.check(SfntTableDirectory.headerSize, header.tableCount * SfntTableDirectory.recordSize)
        var tables: [String: FontBytes.Table] = [:]
        var order: [String] = []
        for index in 0..<header.tableCount {
            let at = SfntTableDirectory.recordOffset(index)
            guard let record = SfntTableDirectory.Record(try whole.slice(at, SfntTableDirectory.recordSize)) else {
                throw whole.error(at, .truncated(needed: SfntTableDirectory.recordSize))
            }
            let (tag, offset, length) = (record.tag, record.offset, record.length)
            guard offset <= font.bytes.count, length <= font.bytes.count - offset else {
                throw FontSubsetError(table: "sfnt", offset: at + 8, reason: .offsetOutOfBounds(offset + length))
            }
            guard tables[tag] == nil else {
                throw FontSubsetError(table: "sfnt", offset: at, reason: .invalidValue("table \(tag) is listed twice"))
            }
            tables[tag] = FontBytes.Table(font: font, tag: tag, start: offset, end: offset + length)
            order.append(tag)
        }
        if tables["CFF "] != nil || tables["CFF2"] != nil {
            throw FontSubsetError(table: "sfnt", offset: 0, reason: .cffOutlines)
        }
        self.tables = tables
        self.order = order
    }

    /// The table `tag`, or an error naming it when it is missing.
    func required(_ tag: String) throws(FontSubsetError) -> FontBytes.Table {
        guard let table = tables[tag] else { throw FontSubsetError(table: tag, offset: 0, reason: .missingTable) }
        return table
    }
}
