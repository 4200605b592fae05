/// HVAR or VVAR for a renumbered subset: an advance mapping from each new glyph
/// to its original delta row, the store cut to the rows used (rows renumbered in
/// order), side-bearing (and VVAR's vertical origin) mappings left out (gvar's
/// phantom points carry them).
enum MetricVariations {
    static func write(_ hvar: FontBytes.Table, map: GlyphMap) throws(FontSubsetError) -> [UInt8] {
        try write([(hvar, map.oldID)])!
    }

    /// The table for glyphs taken from several fonts' tables of one font's
    /// regions (merged copies): `sources[k].glyphs` are the original ids, in
    /// the new order, of the glyphs taken from `sources[k].table`, the new ids
    /// running on from one source to the next; each store is cut to the rows
    /// its glyphs use, one after the other. Nil when the stores vary over other regions.
    static func write(_ sources: [(table: FontBytes.Table, glyphs: [Int])]) throws(FontSubsetError) -> [UInt8]? {
        var parts: [(store: ItemVariationStore, rows: [[Int]?])] = []
        var mapped: [(Int, Int)] = []
        var next = 0
        for (hvar, glyphs) in sources {
            let (store, entries) = try advanceRows(hvar, glyphs)
            guard parts.isEmpty || store.sharesRegions(with: parts[0].store) else { return nil }
            var deltaSets = Set<Int>()
            for entry in entries {
                guard entry.outer < store.data.count, let data = store.data[entry.outer], entry.inner < data.rows else {
                    throw hvar.error(8, .invalidValue("advance delta (\(entry.outer), \(entry.inner)) is not in the store"))
                }
                deltaSets.insert(entry.outer << 16 | entry.inner)
            }
            let kept = store.keeping(deltaSets)
            parts.append((store, kept.rows))
            for entry in entries {
                let deltaSet = kept.deltaMap[entry.outer << 16 | entry.inner]!
                mapped.append((next + (deltaSet >> 16), deltaSet & 0xFFFF))
            }
            next += kept.rows.count { $0 != nil }
        }
        let tag = sources[0].table.tag
        var graph = LayoutGraph()
        let storeID = try ItemVariationStore.write(parts, compact: true, &graph)
        // The mapping: the smallest entry format that holds every (outer, inner).
        let maxInner = mapped.map(\.1).max() ?? 0, maxOuter = mapped.map(\.0).max() ?? 0
        var innerBits = 1
        while (1 << innerBits) <= maxInner { innerBits += 1 }
        var outerBits = 0
        while (1 << outerBits) <= maxOuter { outerBits += 1 }
        let size = (innerBits + outerBits + 7) / 8
        var mapping = LayoutObjectWriter()
        let long = mapped.count > 0xFFFF
        mapping.append([long ? 1 : 0, UInt8((size - 1) << 4 | (innerBits - 1))])
        if long { mapping.u32(mapped.count) } else { mapping.u16(mapped.count) }
        for (outer, inner) in mapped {
            let value = outer << innerBits | inner
            for byte in stride(from: size - 1, through: 0, by: -1) { mapping.append([UInt8(truncatingIfNeeded: value >> (8 * byte))]) }
        }
        if mapping.count % 2 == 1 { mapping.append([0]) }
        let mappingID = graph.add(mapping.object)
        var out = LayoutObjectWriter()
        out.u16(1); out.u16(0)
        out.offset32(storeID)
        out.offset32(mappingID)
        for _ in 0..<(tag == "VVAR" ? 3 : 2) { out.u32(0) }
        let root = graph.add(out.object)
        return try graph.pack(root: root, tag: tag)
    }

    /// The store of `hvar` and the (outer, inner) advance row of each of `glyphs` (original ids).
    private static func advanceRows(_ hvar: FontBytes.Table, _ glyphs: [Int]) throws(FontSubsetError) -> (ItemVariationStore, [(outer: Int, inner: Int)]) {
        guard try hvar.u16(0) == 1 else { throw hvar.error(0, .invalidValue("\(hvar.tag) version \(try hvar.u16(0))")) }
        let store = try ItemVariationStore(hvar, try hvar.u32(4))
        let mappingAt = try hvar.u32(8)
        // The original (outer, inner) of each new glyph.
        var entries: [(outer: Int, inner: Int)] = []
        entries.reserveCapacity(glyphs.count)
        if mappingAt == 0 {
            entries = glyphs.map { (0, $0) }
        } else {
            let mapping = try hvar.sub(mappingAt)
            let format = try mapping.u8(0), entryFormat = try mapping.u8(1)
            guard format <= 1 else { throw mapping.error(0, .invalidValue("delta set index map format \(format)")) }
            let count = format == 0 ? try mapping.u16(2) : try mapping.u32(2)
            let dataAt = format == 0 ? 4 : 6
            let size = (entryFormat >> 4 & 3) + 1, innerBits = (entryFormat & 0xF) + 1
            guard count > 0 else { throw mapping.error(2, .invalidValue("an empty delta set index map")) }
            try mapping.check(dataAt, count * size)
            for glyph in glyphs {
                let at = dataAt + min(glyph, count - 1) * size
                var value = 0
                for byte in 0..<size { value = value << 8 | (try mapping.u8(at + byte)) }
                entries.append((value >> innerBits, value & ((1 << innerBits) - 1)))
            }
        }
        return (store, entries)
    }
}
