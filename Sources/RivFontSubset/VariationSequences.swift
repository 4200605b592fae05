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
    /// `selectors` and whose base is in `bases`, as HarfBuzz reads them: a
    /// default entry wins over a glyph for the same pair, and glyph 0 (or one past
    /// the font's glyphs) is no entry. Work is linear in the subtable's size.
    static func read(_ cmap: FontBytes.Table, selectors: Set<UInt32>, bases: Set<UInt32>,
                     glyphCount: Int) throws(FontSubsetError) -> [Entry] {
        guard !selectors.isEmpty, let offset = try CharacterMap.subtableOffset(cmap, platform: 0, encoding: 5) else { return [] }
        let table = try cmap.sub(offset)
        guard try table.u16(0) == 14 else { return [] }
        let recordCount = try table.u32(6)
        try table.check(10, recordCount * 11)
        let sortedBases = bases.sorted()
        var entries: [Entry] = []
        for record in 0..<recordCount {
            let at = 10 + record * 11
            let selector = UInt32(try u24(table, at))
            guard selectors.contains(selector) else { continue }
            var defaults: Set<UInt32> = []
            if case let defaultsAt = try table.u32(at + 3), defaultsAt != 0 {
                let ranges = try table.u32(defaultsAt)
                try table.check(defaultsAt + 4, ranges * 4)
                for range in 0..<ranges {
                    let start = UInt32(try u24(table, defaultsAt + 4 + range * 4))
                    let end = start + UInt32(try table.u8(defaultsAt + 7 + range * 4))
                    var index = firstIndex(in: sortedBases, notBelow: start)
                    while index < sortedBases.count, sortedBases[index] <= end {
                        defaults.insert(sortedBases[index])
                        index += 1
                    }
                }
            }
            for base in defaults.sorted() { entries.append(Entry(selector: selector, base: base, glyph: nil)) }
            if case let mappingsAt = try table.u32(at + 7), mappingsAt != 0 {
                let mappings = try table.u32(mappingsAt)
                try table.check(mappingsAt + 4, mappings * 5)
                var seen = defaults
                for mapping in 0..<mappings {
                    let base = UInt32(try u24(table, mappingsAt + 4 + mapping * 5))
                    let glyph = try table.u16(mappingsAt + 7 + mapping * 5)
                    if bases.contains(base), glyph != 0, glyph < glyphCount, seen.insert(base).inserted {
                        entries.append(Entry(selector: selector, base: base, glyph: glyph))
                    }
                }
            }
        }
        return entries
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

    /// The index of the first value of `sorted` not below `value`.
    private static func firstIndex(in sorted: [UInt32], notBelow value: UInt32) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
