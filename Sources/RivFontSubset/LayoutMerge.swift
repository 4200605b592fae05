/// The GSUB or GPOS rules of one cut-down copy of a font, merged into the
/// base's table of the same font (``FontMerger``).
///
/// Both tables are subsets of one original, so their lookups come in the
/// original's order: each of the copy's lookups is lined up with the next
/// base lookup that has the same feature tags, type, flag and mark filtering
/// set, in order; a lookup left over becomes a lookup of its own, placed after
/// the base lookup its predecessor lined up with and named by the base's
/// features of its tags. A lined-up lookup holds the copy's subtables (glyph
/// ids renumbered into the merged font's) before the base's: a lookup applies
/// the first subtable that matches, the copy's match only where the copy's
/// glyphs stand and give the original's result, elsewhere the base's
/// subtables answer as before. Class-based subtables (pair adjustment and
/// contextual rules by class) give every glyph their definitions lack class 0,
/// so the copy's keep only the first glyphs the merge adds, and the pairs of a
/// glyph both copies hold with an added glyph that such a subtable adjusts are
/// written out one by one, ahead of the rest.
struct LayoutMerge {
    /// The copy's table.
    let other: FontBytes.Table
    /// The copy's glyphs with their ids in the merged font.
    let otherMap: GlyphMap
    /// Glyphs below this id are the base's; the merge adds the others.
    let baseGlyphCount: Int
    /// The copy's delta sets' outer index in the merged store, less their own;
    /// nil when the merged store does not hold them.
    let outerShift: Int?
}

extension LayoutSubsetter {
    /// The feature tags naming each lookup of `table`'s `count` lookups (none for a lookup only rules name).
    private mutating func featureTags(of table: FontBytes.Table, lookupCount count: Int) throws(FontSubsetError) -> [[String]] {
        var tags = [Set<String>](repeating: [], count: count)
        let listOffset = try table.u16(6)
        guard listOffset != 0 else { return tags.map { $0.sorted() } }
        let list = try table.sub(listOffset)
        let features = try list.u16(0)
        try list.check(2, features * 6)
        for index in 0..<features {
            let tag = String(decoding: try list.slice(2 + index * 6, 4), as: UTF8.self)
            let feature = try list.sub(try list.u16(6 + index * 6))
            let lookups = try feature.u16(2)
            try feature.check(4, lookups * 2)
            try budget.spend(lookups, feature, 0)
            for lookup in 0..<lookups {
                let lookupIndex = try feature.u16(4 + lookup * 2)
                if lookupIndex < count { tags[lookupIndex].insert(tag) }
            }
        }
        return tags.map { $0.sorted() }
    }

    /// The tags of `table`'s features.
    private func featureTagList(of table: FontBytes.Table) throws(FontSubsetError) -> Set<String> {
        let listOffset = try table.u16(6)
        guard listOffset != 0 else { return [] }
        let list = try table.sub(listOffset)
        let count = try list.u16(0)
        try list.check(2, count * 6)
        var tags = Set<String>()
        for index in 0..<count { tags.insert(String(decoding: try list.slice(2 + index * 6, 4), as: UTF8.self)) }
        return tags
    }

    /// For each feature tag of `table`, the language systems ("script/language",
    /// "script/" for a script's default) naming a feature of that tag.
    private mutating func languageSystems(of table: FontBytes.Table) throws(FontSubsetError) -> [String: Set<String>] {
        let scriptsOffset = try table.u16(4), featuresOffset = try table.u16(6)
        guard scriptsOffset != 0, featuresOffset != 0 else { return [:] }
        let features = try table.sub(featuresOffset), scripts = try table.sub(scriptsOffset)
        let featureCount = try features.u16(0)
        try features.check(2, featureCount * 6)
        var systems: [String: Set<String>] = [:]
        func add(_ system: FontBytes.Table, _ key: String) throws(FontSubsetError) {
            let count = try system.u16(4)
            try system.check(6, count * 2)
            try budget.spend(count, system, 0)
            for index in 0..<count {
                let feature = try system.u16(6 + index * 2)
                guard feature < featureCount else { continue }
                systems[String(decoding: try features.slice(2 + feature * 6, 4), as: UTF8.self), default: []].insert(key)
            }
        }
        let count = try scripts.u16(0)
        try scripts.check(2, count * 6)
        for index in 0..<count {
            let scriptTag = String(decoding: try scripts.slice(2 + index * 6, 4), as: UTF8.self)
            let script = try scripts.sub(try scripts.u16(6 + index * 6))
            if try script.u16(0) != 0 { try add(try script.sub(try script.u16(0)), scriptTag + "/") }
            let languages = try script.u16(2)
            try script.check(4, languages * 6)
            for language in 0..<languages {
                try add(try script.sub(try script.u16(8 + language * 6)), scriptTag + "/" + String(decoding: try script.slice(4 + language * 6, 4), as: UTF8.self))
            }
        }
        return systems
    }

    /// The base table's top object with the copy's rules merged in.
    mutating func write(_ base: FontBytes.Table, merging merge: LayoutMerge, extensions: Bool) throws(FontSubsetError) -> Int {
        let baseMap = map
        let baseLookups = try readLookups(base), otherLookups = try readLookups(merge.other)
        let baseTags = try featureTags(of: base, lookupCount: baseLookups.count)
        let otherTags = try featureTags(of: merge.other, lookupCount: otherLookups.count)
        // Line up the copy's lookups with the base's, in order.
        struct Signature: Hashable { let tags: [String]; let type: Int; let flag: Int; let filter: Int? }
        var candidates: [Signature: [Int]] = [:]
        for (index, lookup) in baseLookups.enumerated() {
            candidates[Signature(tags: baseTags[index], type: lookup.type, flag: lookup.flag, filter: lookup.filter), default: []].append(index)
        }
        var linedUp = [Int?](repeating: nil, count: otherLookups.count)
        var following = [[Int]](repeating: [], count: baseLookups.count + 1)   // own lookups placed after base lookup i - 1
        var next = 0
        for (index, lookup) in otherLookups.enumerated() {
            let list = candidates[Signature(tags: otherTags[index], type: lookup.type, flag: lookup.flag, filter: lookup.filter)] ?? []
            var low = 0, high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle] < next { low = middle + 1 } else { high = middle }
            }
            if low < list.count {
                linedUp[index] = list[low]
                next = list[low] + 1
            } else {
                following[next].append(index)
            }
        }
        // The merged order: each base lookup, then the copy's own lookups that follow it.
        lookupMap = [Int](repeating: -1, count: baseLookups.count)
        var otherLookupMap = [Int](repeating: -1, count: otherLookups.count)
        var order: [(base: Int?, other: Int?)] = []
        for slot in 0...baseLookups.count {
            if slot > 0 { lookupMap[slot - 1] = order.count; order.append((slot - 1, nil)) }
            for own in following[slot] { otherLookupMap[own] = order.count; order.append((nil, own)) }
        }
        for (index, baseIndex) in linedUp.enumerated() { if let baseIndex { otherLookupMap[index] = lookupMap[baseIndex] } }
        // The copy's subtables, then the base's.
        map = merge.otherMap
        let baseLookupMap = lookupMap
        lookupMap = otherLookupMap
        leadingFloor = merge.baseGlyphCount
        outerShift = merge.outerShift
        var otherSubtables = [[(type: Int, id: Int)]](repeating: [], count: otherLookups.count)
        for (index, lookup) in otherLookups.enumerated() {
            if isPositioning, lookup.type == 2 { otherSubtables[index] = try sharedFirstPairs(lookup.subtables.map(\.table), floor: merge.baseGlyphCount) }
            for subtable in lookup.subtables {
                if let id = try self.subtable(subtable.type, subtable.table) { otherSubtables[index].append((subtable.type, id)) }
            }
        }
        if narrowedContexts > 0 {
            notes.append("\(narrowedContexts) contextual subtables by class apply from the glyphs it adds only: "
                + "a context starting at a glyph both copies hold and reaching an added glyph follows the base's rules")
        }
        map = baseMap
        lookupMap = baseLookupMap
        leadingFloor = 0
        outerShift = 0
        var linedInto = [[Int]](repeating: [], count: baseLookups.count)
        for (index, baseIndex) in linedUp.enumerated() { if let baseIndex { linedInto[baseIndex].append(index) } }
        var written: [WrittenLookup] = []
        var placed = Set<String>()
        for (baseIndex, otherIndex) in order {
            if let baseIndex {
                let lookup = baseLookups[baseIndex]
                var subtables: [(type: Int, id: Int)] = []
                for index in linedInto[baseIndex] { subtables += otherSubtables[index] }
                for subtable in lookup.subtables {
                    if let id = try self.subtable(subtable.type, subtable.table) { subtables.append((subtable.type, id)) }
                }
                written.append((lookup.type, lookup.flag, lookup.filter, subtables))
            } else if let otherIndex {
                let lookup = otherLookups[otherIndex]
                written.append((lookup.type, lookup.flag, lookup.filter, otherSubtables[otherIndex]))
                for tag in otherTags[otherIndex] { extraFeatureLookups[tag, default: []].append(otherLookupMap[otherIndex]) }
                placed.formUnion(otherTags[otherIndex])
            }
        }
        // Features the base lacks: named by the base's language systems that the copy's of their tag name them in.
        let baseFeatureTags = try featureTagList(of: base)
        let systems = try languageSystems(of: merge.other)
        for tag in placed.subtracting(baseFeatureTags).sorted() {
            extraFeatures.append((tag, extraFeatureLookups[tag] ?? [], systems[tag] ?? []))
        }
        let baseLists = (scripts: try base.u16(4), features: try base.u16(6))
        if baseLists.scripts == 0 || baseLists.features == 0, !extraFeatures.isEmpty {
            notes.append("the copy's \(extraFeatures.map(\.tag).joined(separator: ", ")) lookups are not applied: the base has no feature or script list")
        }
        return try writeTable(base, lookups: written, extensions: extensions)
    }

    /// Pair adjustments the copy's class-based subtables of one lookup give a
    /// first glyph both copies hold (below `floor`) followed by a glyph the
    /// merge adds, written out as pairs (format 1, one subtable per pair of
    /// value formats); pairs an earlier subtable of the lookup decides and
    /// pairs adjusting nothing are left out.
    private mutating func sharedFirstPairs(_ subtables: [FontBytes.Table], floor: Int) throws(FontSubsetError) -> [(type: Int, id: Int)] {
        let added = (floor..<map.oldID.count).filter { map.oldID[$0] >= 0 }
        var decided = Set<Int>()                    // first << 16 | second, decided by an earlier pair subtable
        var decidedFirsts = Set<Int>()              // first glyphs an earlier class subtable decides
        var groups: [[Int]: [(first: Int, second: Int, table: FontBytes.Table, at: Int)]] = [:]
        var groupOrder: [[Int]] = []
        for table in subtables {
            let format = try table.u16(0)
            let shared = try coverage(table, try table.u16(2)).filter { $0.glyph < floor && !decidedFirsts.contains($0.glyph) }
            let format1 = try table.u16(4), format2 = try table.u16(6)
            let recordSize = Self.valueSize(format1) + Self.valueSize(format2)
            if format == 1 {
                let count = try table.u16(8)
                try table.check(10, count * 2)
                for (index, first) in shared where index < count {
                    let set = try table.sub(try table.u16(10 + index * 2))
                    let pairs = try set.u16(0)
                    try set.check(2, pairs * (2 + recordSize))
                    try budget.spend(pairs, set, 0)
                    for pair in 0..<pairs {
                        if let second = map.map(try set.u16(2 + pair * (2 + recordSize))) { decided.insert(first << 16 | second) }
                    }
                }
                continue
            }
            guard format == 2 else { continue }
            let firstClasses = try table.u16(8) == 0 ? [:] : Dictionary(try LayoutCoverage.readClasses(table, try table.u16(8), map, &budget).map { ($0.glyph, $0.value) },
                                                                        uniquingKeysWith: { first, _ in first })
            let secondClasses = try table.u16(10) == 0 ? [:] : Dictionary(try LayoutCoverage.readClasses(table, try table.u16(10), map, &budget).map { ($0.glyph, $0.value) },
                                                                         uniquingKeysWith: { first, _ in first })
            let count1 = try table.u16(12), count2 = try table.u16(14)
            try table.check(16, count1 * count2 * recordSize)
            let group = [format1, format2]
            for (_, first) in shared {
                decidedFirsts.insert(first)
                let row = firstClasses[first] ?? 0
                try budget.spend(1 + added.count, table, 16)
                guard row < count1 else { throw table.error(12, .invalidValue("class \(row) of \(count1)")) }
                for second in added where !decided.contains(first << 16 | second) {
                    let column = secondClasses[second] ?? 0
                    guard column < count2 else { throw table.error(14, .invalidValue("class \(column) of \(count2)")) }
                    let at = 16 + (row * count2 + column) * recordSize
                    guard try table.slice(at, recordSize).contains(where: { $0 != 0 }) else { continue }
                    if groups[group] == nil { groupOrder.append(group) }
                    groups[group, default: []].append((first, second, table, at))
                }
            }
        }
        var written: [(type: Int, id: Int)] = []
        for group in groupOrder {
            let pairs = groups[group]!.sorted { ($0.first, $0.second) < ($1.first, $1.second) }
            var firsts: [Int] = []
            var sets: [Int] = []
            var start = 0
            while start < pairs.count {
                var end = start
                while end < pairs.count, pairs[end].first == pairs[start].first { end += 1 }
                var out = LayoutObjectWriter()
                out.u16(end - start)
                for pair in pairs[start..<end] {
                    out.u16(pair.second)
                    try value(pair.table, pair.at, group[0], base: pair.table, into: &out)
                    try value(pair.table, pair.at + Self.valueSize(group[0]), group[1], base: pair.table, into: &out)
                }
                firsts.append(pairs[start].first)
                sets.append(graph.add(out.object))
                start = end
            }
            var out = LayoutObjectWriter()
            out.u16(1); out.offset16(LayoutCoverage.write(firsts, &graph)); out.u16(group[0]); out.u16(group[1])
            out.u16(sets.count)
            for set in sets { out.offset16(set) }
            written.append((2, graph.add(out.object)))
        }
        return written
    }
}
