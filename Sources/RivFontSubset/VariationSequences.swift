/// The variation sequences of a cmap's format 14 subtable (platform 0, encoding
/// 5): a base character followed by a variation selector (U+845B U+E0100) draws
/// the glyph the subtable names for the pair, or the base's own glyph when the
/// pair is a default one. HarfBuzz looks the pair up before anything else.
enum VariationSequences {
    /// One sequence: `base` followed by `selector` draws `glyph`, or the base's
    /// own glyph when `glyph` is nil.
    struct Entry: Equatable {
        let selector: UInt32
        let base: UInt32
        let glyph: Int?
    }

    /// The sequences of the font's format 14 subtable whose selector is in
    /// `selectors` and whose base is in `bases`, looked up as HarfBuzz looks them
    /// up: the first record of the selector, a binary search of its default
    /// ranges (found: the base's own glyph) and then of its glyph mappings (glyph
    /// 0, or one past the font's glyphs, is no entry). Work is the record count
    /// plus a binary search per selector and base.
    static func read(_ cmap: FontBytes.Table, selectors: Set<UInt32>, bases: Set<UInt32>,
                     glyphCount: Int) throws(FontSubsetError) -> [Entry] {
        let wanted = selectors.filter(isSelector)
        guard !wanted.isEmpty, let offset = try CharacterMap.subtableOffset(cmap, platform: 0, encoding: 5) else { return [] }
        let table = try cmap.sub(offset)
        guard try table.u16(0) == 14 else { return [] }
        let recordCount = try table.u32(6)
        try table.check(10, recordCount * 11)
        var records: [UInt32: Int] = [:]
        for record in 0..<recordCount {
            let selector = UInt32(try u24(table, 10 + record * 11))
            if wanted.contains(selector), records[selector] == nil { records[selector] = 10 + record * 11 }
        }
        var entries: [Entry] = []
        for (selector, at) in records.sorted(by: { $0.key < $1.key }) {
            let defaultsAt = try table.u32(at + 3), mappingsAt = try table.u32(at + 7)
            let ranges = defaultsAt == 0 ? 0 : try table.u32(defaultsAt)
            let mappings = mappingsAt == 0 ? 0 : try table.u32(mappingsAt)
            if ranges > 0 { try table.check(defaultsAt + 4, ranges * 4) }
            if mappings > 0 { try table.check(mappingsAt + 4, mappings * 5) }
            for base in bases.sorted() {
                // The last default range starting at or before the base.
                let range = try lastIndex(count: ranges) { index throws(FontSubsetError) in
                    UInt32(try u24(table, defaultsAt + 4 + index * 4)) <= base
                }
                if let range, base <= UInt32(try u24(table, defaultsAt + 4 + range * 4)) + UInt32(try table.u8(defaultsAt + 7 + range * 4)) {
                    entries.append(Entry(selector: selector, base: base, glyph: nil))
                    continue
                }
                let mapping = try lastIndex(count: mappings) { index throws(FontSubsetError) in
                    UInt32(try u24(table, mappingsAt + 4 + index * 5)) <= base
                }
                guard let mapping, UInt32(try u24(table, mappingsAt + 4 + mapping * 5)) == base else { continue }
                let glyph = try table.u16(mappingsAt + 7 + mapping * 5)
                if glyph != 0, glyph < glyphCount { entries.append(Entry(selector: selector, base: base, glyph: glyph)) }
            }
        }
        return entries
    }

    /// Whether HarfBuzz treats `scalar` as a variation selector.
    private static func isSelector(_ scalar: UInt32) -> Bool {
        (0x180B...0x180D).contains(scalar) || scalar == 0x180F || (0xFE00...0xFE0F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar)
    }

    /// The last of the indices `0..<count` for which `isAtOrBefore` holds, which
    /// holds for a prefix of them (a binary search); nil when it holds for none.
    private static func lastIndex(count: Int, _ isAtOrBefore: (Int) throws(FontSubsetError) -> Bool) throws(FontSubsetError) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if try isAtOrBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// A format 14 subtable holding `entries`.
    static func write(_ entries: [Entry]) -> [UInt8] {
        let selectors = Set(entries.map(\.selector)).sorted()
        var records = FontWriter(), tables = FontWriter()
        let tablesAt = 10 + selectors.count * 11
        for selector in selectors {
            let ofSelector = entries.filter { $0.selector == selector }
            let defaults = ofSelector.filter { $0.glyph == nil }.map(\.base).sorted()
            let mappings = ofSelector.compactMap { entry in entry.glyph.map { (entry.base, $0) } }.sorted { $0.0 < $1.0 }
            records.u8(Int(selector >> 16)); records.u16(Int(selector & 0xFFFF))
            var ranges: [(start: UInt32, extra: Int)] = []
            for base in defaults {
                if let last = ranges.last, last.extra < 255, last.start + UInt32(last.extra) + 1 == base {
                    ranges[ranges.count - 1].extra += 1
                } else {
                    ranges.append((base, 0))
                }
            }
            records.u32(ranges.isEmpty ? 0 : tablesAt + tables.bytes.count)
            if !ranges.isEmpty {
                tables.u32(ranges.count)
                for range in ranges { tables.u8(Int(range.start >> 16)); tables.u16(Int(range.start & 0xFFFF)); tables.u8(range.extra) }
            }
            records.u32(mappings.isEmpty ? 0 : tablesAt + tables.bytes.count)
            if !mappings.isEmpty {
                tables.u32(mappings.count)
                for (base, glyph) in mappings { tables.u8(Int(base >> 16)); tables.u16(Int(base & 0xFFFF)); tables.u16(glyph) }
            }
        }
        var out = FontWriter()
        out.u16(14)
        out.u32(tablesAt + tables.bytes.count)
        out.u32(selectors.count)
        out.append(records.bytes)
        out.append(tables.bytes)
        return out.bytes
    }

    /// The 24-bit value at `offset`.
    private static func u24(_ table: FontBytes.Table, _ offset: Int) throws(FontSubsetError) -> Int {
        try table.u8(offset) << 16 | table.u16(offset + 1)
    }
}
