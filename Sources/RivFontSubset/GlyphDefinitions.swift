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
        var deltaMap: [Int: Int] = [:]
        let table = try write([(gdef, map)]) { gdef, graph throws(FontSubsetError) in
            let original = try ItemVariationStore(gdef, try storeOffset(gdef))
            let kept = original.keeping(deltaSets)
            deltaMap = kept.deltaMap
            return try original.write(rows: kept.rows, compact: true, &graph)
        }
        return (table, deltaMap)
    }

    /// The GDEF of fonts merged from cut-down copies: each copy's GDEF with its
    /// glyphs renumbered by its map; a glyph's class is the first copy's that
    /// gives it one, mark glyph set `n` holds every copy's set `n`, and the item
    /// variation store holds every copy's data subtables, one copy's after the
    /// other's (whole: their outer indices move by the returned shift, nil for
    /// a copy whose store varies over other regions, whose deltas are dropped).
    static func merge(_ copies: [(gdef: FontBytes.Table, map: GlyphMap)]) throws(FontSubsetError) -> (table: [UInt8]?, outerShifts: [Int?]) {
        var stores: [ItemVariationStore?] = []
        for (gdef, _) in copies {
            let at = try storeOffset(gdef)
            stores.append(at == 0 ? nil : try ItemVariationStore(gdef, at))
        }
        let first = stores.compactMap { $0 }.first
        var shifts: [Int?] = []
        var parts: [(store: ItemVariationStore, rows: [[Int]?])] = []
        var next = 0
        for store in stores {
            guard let store, let first, store.sharesRegions(with: first) else { shifts.append(store == nil ? 0 : nil); continue }
            shifts.append(next)
            parts.append((store, store.data.map { $0.map { Array(0..<$0.rows) } }))
            next += store.data.count
        }
        let table = try write(copies) { _, graph throws(FontSubsetError) in
            parts.isEmpty ? nil : try ItemVariationStore.write(parts, compact: false, &graph)
        }
        return (table, shifts)
    }

    /// Where `gdef`'s item variation store starts, 0 when it has none.
    private static func storeOffset(_ gdef: FontBytes.Table) throws(FontSubsetError) -> Int {
        try gdef.u16(2) >= 3 ? try gdef.u32(14) : 0
    }

    /// The GDEF of `sources`' glyphs (each table's glyphs numbered by its map),
    /// its item variation store written by `store` from the first table that has one.
    private static func write(_ sources: [(gdef: FontBytes.Table, map: GlyphMap)],
                              store writeStore: (FontBytes.Table, inout LayoutGraph) throws(FontSubsetError) -> Int?) throws(FontSubsetError) -> [UInt8]? {
        var minor = 0
        var bytes = 0
        for (gdef, _) in sources {
            let major = try gdef.u16(0), version = try gdef.u16(2)
            guard major == 1, version <= 3 else { throw gdef.error(0, .invalidValue("GDEF version \(major).\(version)")) }
            minor = max(minor, version)
            bytes += gdef.count
        }
        var graph = LayoutGraph()
        var budget = LayoutBudget(tableBytes: bytes)
        func classes(_ at: Int) throws(FontSubsetError) -> Int? {
            var found: [(glyph: Int, value: Int)] = []
            var any = false
            for (gdef, map) in sources {
                let offset = try gdef.u16(at)
                guard offset != 0 else { continue }
                any = true
                found += try LayoutCoverage.readClasses(gdef, offset, map, &budget)
            }
            guard any else { return nil }
            var seen = Set<Int>()
            let unique = found.filter { seen.insert($0.glyph).inserted }.sorted { $0.glyph < $1.glyph }
            return LayoutCoverage.writeClasses(unique, &graph)
        }
        // Created first, so it is laid out last: the 16-bit offsets stay short.
        var store: Int?
        for (gdef, _) in sources where try storeOffset(gdef) != 0 {
            store = try writeStore(gdef, &graph)
            break
        }
        var markSets: Int?
        var sets: [[Int]] = []
        var anySets = false
        for (gdef, map) in sources {
            let at = try gdef.u16(2) >= 2 ? try gdef.u16(12) : 0
            guard at != 0 else { continue }
            anySets = true
            let list = try gdef.sub(at)
            let count = try list.u16(2)
            try list.check(4, count * 4)
            if sets.count < count { sets += [[Int]](repeating: [], count: count - sets.count) }
            for index in 0..<count {
                sets[index] += try LayoutCoverage.read(list, try list.u32(4 + index * 4), map, &budget).map(\.glyph)
            }
        }
        if anySets {
            var out = LayoutObjectWriter()
            out.u16(1); out.u16(sets.count)
            for set in sets { out.offset32(LayoutCoverage.write(Array(Set(set)).sorted(), &graph)) }
            markSets = graph.add(out.object)
        }
        let markClasses = try classes(10)
        let glyphClasses = try classes(4)
        guard glyphClasses != nil || markClasses != nil || markSets != nil || store != nil else { return nil }
        var out = LayoutObjectWriter()
        out.u16(1); out.u16(minor)
        out.offset16(glyphClasses)
        out.offset16(nil)
        out.offset16(nil)
        out.offset16(markClasses)
        if minor >= 2 { out.offset16(markSets) }
        if minor >= 3 { out.offset32(store) }
        let root = graph.add(out.object)
        return try graph.pack(root: root, tag: "GDEF")
    }
}
