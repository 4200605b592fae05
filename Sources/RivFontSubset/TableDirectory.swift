/// The sfnt table directory: tag -> byte range, every range checked against the font.
struct TableDirectory {
    let font: FontBytes
    let tables: [String: FontBytes.Table]
    /// The tags in the order the directory lists them.
    let order: [String]

    init(font: FontBytes) throws(FontSubsetError) {
        self.font = font
        let whole = FontBytes.Table(font: font, tag: "sfnt", start: 0, end: font.bytes.count)
        let signature = try whole.u32(0)
        switch signature {
        case 0x0001_0000, 0x7472_7565: break                       // TrueType, 'true'
        case 0x4F54_544F: throw FontSubsetError(table: "sfnt", offset: 0, reason: .cffOutlines) // 'OTTO'
        case 0x7474_6366: throw FontSubsetError(table: "sfnt", offset: 0, reason: .collection)  // 'ttcf'
        default: throw FontSubsetError(table: "sfnt", offset: 0, reason: .notAFont)
        }
        let count = try whole.u16(4)
        try whole.check(12, count * 16)
        var tables: [String: FontBytes.Table] = [:]
        var order: [String] = []
        for index in 0..<count {
            let record = 12 + index * 16
            let tagValue = try whole.u32(record)
            let tag = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tagValue >> (24 - 8 * $0)) }, as: UTF8.self)
            let offset = try whole.u32(record + 8)
            let length = try whole.u32(record + 12)
            guard offset <= font.bytes.count, length <= font.bytes.count - offset else {
                throw FontSubsetError(table: "sfnt", offset: record + 8, reason: .offsetOutOfBounds(offset + length))
            }
            guard tables[tag] == nil else {
                throw FontSubsetError(table: "sfnt", offset: record, reason: .invalidValue("table \(tag) is listed twice"))
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
