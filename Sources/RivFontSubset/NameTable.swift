/// The name table with the records a renderer or a font menu reads: Unicode and
/// Windows platform records of name ids 0-6, 16, 17, 21, 22, 25 and every id from
/// 256 (the ids fvar, STAT and GSUB feature names refer to). Macintosh records
/// are dropped when the font has Windows or Unicode records; otherwise all are kept.
enum NameTable {
    static func write(_ name: FontBytes.Table) throws(FontSubsetError) -> [UInt8] {
        let count = try name.u16(2)
        let storage = try name.u16(4)
        try name.check(6, count * 12)
        var records: [(platform: Int, encoding: Int, language: Int, id: Int, offset: Int, length: Int)] = []
        for index in 0..<count {
            let at = 6 + index * 12
            records.append((try name.u16(at), try name.u16(at + 2), try name.u16(at + 4), try name.u16(at + 6),
                            try name.u16(at + 10), try name.u16(at + 8)))
        }
        let modern = records.contains { $0.platform == 0 || $0.platform == 3 }
        let wantedIDs: Set<Int> = [0, 1, 2, 3, 4, 5, 6, 16, 17, 21, 22, 25]
        let kept = records.filter { record in
            (!modern || record.platform == 0 || record.platform == 3) && (wantedIDs.contains(record.id) || record.id >= 256)
        }
        var strings = FontWriter()
        var placed: [ArraySlice<UInt8>: Int] = [:]
        var out = FontWriter()
        out.u16(0)
        out.u16(kept.count)
        out.u16(6 + kept.count * 12)
        for record in kept {
            let text = try name.slice(storage + record.offset, record.length)
            let offset: Int
            if let existing = placed[text] {
                offset = existing
            } else {
                offset = strings.bytes.count
                placed[text] = offset
                strings.append(text)
            }
            out.u16(record.platform); out.u16(record.encoding); out.u16(record.language); out.u16(record.id)
            out.u16(record.length); out.u16(offset)
        }
        out.append(strings.bytes)
        return out.bytes
    }
}
