/// GDEF for a renumbered subset: glyph classes, mark attachment classes and mark
/// glyph sets cut to the kept glyphs; the item variation store cut to the delta
/// sets GPOS still names (renumbered in order; the map from old to new is
/// returned for GPOS's variation index tables). The attachment point and
/// ligature caret lists (hinting and caret placement, not shaping) are left out.
enum GlyphDefinitions {
    /// The rewritten table (nil when nothing is left in it: without a GDEF,
    /// shaping classifies glyphs as it does with an empty one) and the map of
    /// the store's delta sets, old to new.
    static func write(_ gdef: FontBytes.Table, map: GlyphMap, deltaSets: Set<Int>) throws(FontSubsetError) -> (table: [UInt8]?, deltaMap: [Int: Int]) {
        let major = try gdef.u16(0), minor = try gdef.u16(2)
        guard major == 1, minor <= 3 else { throw gdef.error(0, .invalidValue("GDEF version \(major).\(minor)")) }
        var graph = LayoutGraph()
        var budget = LayoutBudget(tableBytes: gdef.count)
        func classes(_ at: Int) throws(FontSubsetError) -> Int? {
            let offset = try gdef.u16(at)
            guard offset != 0 else { return nil }
            return LayoutCoverage.writeClasses(try LayoutCoverage.readClasses(gdef, offset, map, &budget), &graph)
        }
        // Created first, so it is laid out last: the 16-bit offsets stay short.
        var store: Int?
        var deltaMap: [Int: Int] = [:]
        if minor >= 3, try gdef.u32(14) != 0 {
            let original = try ItemVariationStore(gdef, try gdef.u32(14))
            let kept = original.keeping(deltaSets)
            deltaMap = kept.deltaMap
            store = try original.write(rows: kept.rows, compact: true, &graph)
        }
        var markSets: Int?
        if minor >= 2, try gdef.u16(12) != 0 {
            let sets = try gdef.sub(try gdef.u16(12))
            let count = try sets.u16(2)
            try sets.check(4, count * 4)
            var out = LayoutObjectWriter()
            out.u16(1); out.u16(count)
            for index in 0..<count {
                let glyphs = try LayoutCoverage.read(sets, try sets.u32(4 + index * 4), map, &budget)
                out.offset32(LayoutCoverage.write(glyphs.map(\.glyph), &graph))
            }
            markSets = graph.add(out.object)
        }
        let markClasses = try classes(10)
        let glyphClasses = try classes(4)
        guard glyphClasses != nil || markClasses != nil || markSets != nil || store != nil else { return (nil, deltaMap) }
        var out = LayoutObjectWriter()
        out.u16(1); out.u16(minor)
        out.offset16(glyphClasses)
        out.offset16(nil)
        out.offset16(nil)
        out.offset16(markClasses)
        if minor >= 2 { out.offset16(markSets) }
        if minor >= 3 { out.offset32(store) }
        let root = graph.add(out.object)
        return (try graph.pack(root: root, tag: "GDEF"), deltaMap)
    }
}
