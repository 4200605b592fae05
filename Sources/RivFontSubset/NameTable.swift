import RivSupport

/// The name table (its records read by RivSupport's `SfntNameTable`) with the records a renderer or a font menu reads: Unicode and
/// Windows platform records of name ids 0-6 and the ids from 256 that other
/// tables refer to (`referenced`; every id from 256 when nil). Macintosh records
/// are dropped when the font has Windows or Unicode records; otherwise all are kept.
enum NameTable {
    static func write(_ name: FontBytes.Table, referenced: Set<Int>?) throws(FontSubsetError) -> [UInt8] {
        let (count, storage) = try records(of: name)
        let records = try (0..<count).map { index throws(FontSubsetError) in try record(index, of: name) }
        let modern = records.contains { $0.platform == 0 || $0.platform == 3 }
        let kept = records.filter { record in
            (!modern || record.platform == 0 || record.platform == 3)
                && (record.nameID <= 6 || (record.nameID >= 256 && referenced?.contains(record.nameID) ?? true))
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
            out.u16(record.platform); out.u16(record.encoding); out.u16(record.language); out.u16(record.nameID)
            out.u16(record.length); out.u16(offset)
        }
        out.append(strings.bytes)
        return out.bytes
    }

    /// The number of records of the `name` table and where its strings start,
    /// with every record inside the table.
    static func records(of name: FontBytes.Table) throws(FontSubsetError) -> (count: Int, stringsOffset: Int) {
        guard let header = SfntNameTable.header(try name.slice(0, SfntNameTable.headerSize)) else {
            throw name.error(0, .truncated(needed: SfntNameTable.headerSize))
        }
        try name.check(SfntNameTable.headerSize, header.count * SfntNameTable.recordSize)
        return header
    }

    /// Record `index` of the `name` table.
    static func record(_ index: Int, of name: FontBytes.Table) throws(FontSubsetError) -> SfntNameTable.Record {
        let at = SfntNameTable.recordOffset(index)
        guard let record = SfntNameTable.Record(try name.slice(at, SfntNameTable.recordSize)) else {
            throw name.error(at, .truncated(needed: SfntNameTable.recordSize))
        }
        return record
    }
}

/// The name ids `fvar` (axis and instance names) and `STAT` (axis, value and
/// elided fallback names) refer to.
enum NameReferences {
    static func of(fvar: FontBytes.Table?, stat: FontBytes.Table?) throws(FontSubsetError) -> Set<Int> {
        var ids = Set<Int>()
        if let fvar {
            let axesAt = try fvar.u16(4), axes = try fvar.u16(8), axisSize = try fvar.u16(10)
            let instances = try fvar.u16(12), instanceSize = try fvar.u16(14)
            try fvar.check(axesAt, axes * axisSize + instances * instanceSize)
            for axis in 0..<axes { ids.insert(try fvar.u16(axesAt + axis * axisSize + 18)) }
            let instancesAt = axesAt + axes * axisSize
            for instance in 0..<instances {
                let at = instancesAt + instance * instanceSize
                ids.insert(try fvar.u16(at))
                if instanceSize >= axes * 4 + 6 { ids.insert(try fvar.u16(at + 4 + axes * 4)) }
            }
        }
        if let stat {
            let minor = try stat.u16(2), axisSize = try stat.u16(4), axes = try stat.u16(6)
            let axesAt = try stat.u32(8), values = try stat.u16(12), valuesAt = try stat.u32(14)
            try stat.check(axesAt, axes * axisSize)
            for axis in 0..<axes { ids.insert(try stat.u16(axesAt + axis * axisSize + 4)) }
            try stat.check(valuesAt, values * 2)
            for value in 0..<values { ids.insert(try stat.u16(valuesAt + (try stat.u16(valuesAt + value * 2)) + 6)) }
            if minor >= 1 { ids.insert(try stat.u16(18)) }
        }
        return ids
    }
}
