/// Rewrites a GSUB or GPOS table for a renumbered subset: every glyph id mapped,
/// coverage and class definitions cut to the kept glyphs, rules that need a
/// dropped glyph removed, subtables that keep nothing and lookups left without
/// subtables removed (lookup indices renumbered in features, feature variations
/// and contextual rules), features left without lookups removed (unless a
/// feature variation gives them lookups; feature indices
/// renumbered in language systems and feature variations), scripts kept.
struct LayoutSubsetter {
    /// The glyphs of the table being read, with their new ids.
    var map: GlyphMap
    let isPositioning: Bool
    var budget: LayoutBudget
    var graph = LayoutGraph()
    /// The new index of each original lookup, -1 when it was removed.
    var lookupMap: [Int] = []
    /// The variation index tables written (GPOS device offsets of a variable
    /// font): object id -> original delta set (outer << 16 | inner) in GDEF's store.
    var variationIndices: [Int: Int] = [:]
    /// The new index of each original feature, -1 when it was removed.
    var featureMap: [Int] = []
    /// The name ids the kept features' parameters name (stylistic set and character variant labels, size names).
    var nameIDs = Set<Int>()
    /// Merging: lookups (new indices) each feature of a tag gets besides its own.
    var extraFeatureLookups: [String: [Int]] = [:]
    /// Merging: features the table lacks, written after its own: tag, lookups
    /// (new indices) and the language systems ("script/language", "script/"
    /// for a script's default) that name them.
    var extraFeatures: [(tag: String, lookups: [Int], systems: Set<String>)] = []
    /// Merging: class-based pair adjustments and contextual rules keep only the
    /// covered glyphs from this id on (the glyphs the merge adds).
    var leadingFloor = 0
    /// Merging: added to the outer index of every variation index table written
    /// (the copy's delta sets follow the base's in the merged store); nil when
    /// the merged store does not hold them (written as "no variation").
    var outerShift: Int? = 0
    /// Merging: what could not be carried over, one sentence each.
    var notes: [String] = []
    /// Merging: contextual subtables by class that lost first glyphs below ``leadingFloor``.
    var narrowedContexts = 0

    init(map: GlyphMap, isPositioning: Bool, tableBytes: Int) {
        self.map = map
        self.isPositioning = isPositioning
        budget = LayoutBudget(tableBytes: tableBytes)
    }

    /// A rewritten table before it is laid out: ``deltaSets`` says which rows of
    /// GDEF's item variation store it uses, ``bytes(deltaMap:)`` lays it out
    /// with those rows renumbered.
    struct Prepared {
        let table: FontBytes.Table
        let map: GlyphMap
        /// The copy merged into `table`, when the table is a merge (``LayoutMerge``).
        private let merging: LayoutMerge?
        private var subsetter: LayoutSubsetter
        private var root: Int

        init(_ table: FontBytes.Table, map: GlyphMap) throws(FontSubsetError) {
            self.table = table
            self.map = map
            merging = nil
            subsetter = LayoutSubsetter(map: map, isPositioning: table.tag == "GPOS", tableBytes: table.count)
            root = try subsetter.write(table, extensions: false)
        }

        /// `base` (glyph ids `map` keeps) with the rules of `merge`'s copy; its
        /// variation index tables are written as the merged store numbers them.
        init(_ base: FontBytes.Table, map: GlyphMap, merging merge: LayoutMerge) throws(FontSubsetError) {
            table = base
            self.map = map
            merging = merge
            subsetter = LayoutSubsetter(map: map, isPositioning: base.tag == "GPOS", tableBytes: base.count + merge.other.count)
            root = try subsetter.write(base, merging: merge, extensions: false)
        }

        /// The name ids the kept features' parameters name.
        var nameIDs: Set<Int> { subsetter.nameIDs }

        /// The delta sets (outer << 16 | inner) the table's variation index tables name.
        var deltaSets: Set<Int> { Set(subsetter.variationIndices.values) }

        /// What the merge could not carry over, one sentence each.
        var notes: [String] { subsetter.notes }

        /// The table's bytes, each delta set `deltaMap` names renumbered (a merged
        /// table's are already numbered: nil). Lookups whose subtables are too far
        /// for 16-bit offsets become extension lookups.
        func bytes(deltaMap: [Int: Int]?) throws(FontSubsetError) -> [UInt8] {
            do throws(FontSubsetError) {
                return try subsetter.pack(root: root, deltaMap: deltaMap)
            } catch {
                var extended = LayoutSubsetter(map: map, isPositioning: subsetter.isPositioning, tableBytes: table.count + (merging?.other.count ?? 0))
                let root = if let merging { try extended.write(table, merging: merging, extensions: true) } else { try extended.write(table, extensions: true) }
                return try extended.pack(root: root, deltaMap: deltaMap)
            }
        }
    }

    private func pack(root: Int, deltaMap: [Int: Int]?) throws(FontSubsetError) -> [UInt8] {
        var graph = graph
        if let deltaMap {
            for (id, deltaSet) in variationIndices {
                // A delta set the store does not have gives no delta, as "no variation" (0xFFFF, 0xFFFF) does.
                let mapped = deltaSet == 0xFFFF_FFFF ? deltaSet : deltaMap[deltaSet] ?? 0xFFFF_FFFF
                graph.patch(id, at: 0, mapped >> 16)
                graph.patch(id, at: 2, mapped & 0xFFFF)
            }
        }
        return try graph.pack(root: root, tag: table(isPositioning))
    }

    private func table(_ positioning: Bool) -> String { positioning ? "GPOS" : "GSUB" }

    /// One lookup as read: its type (an extension lookup's is its subtables'),
    /// flag, mark filtering set and subtables (extensions unwrapped).
    struct Lookup {
        let type: Int
        let flag: Int
        let filter: Int?
        let subtables: [(type: Int, table: FontBytes.Table)]
    }

    /// A lookup to write: its type, flag, mark filtering set and written subtables.
    typealias WrittenLookup = (type: Int, flag: Int, filter: Int?, subtables: [(type: Int, id: Int)])

    /// The lookups of `table`, extension subtables unwrapped.
    func readLookups(_ table: FontBytes.Table) throws(FontSubsetError) -> [Lookup] {
        let major = try table.u16(0), minor = try table.u16(2)
        guard major == 1, minor <= 1 else { throw table.error(0, .invalidValue("\(table.tag) version \(major).\(minor)")) }
        let extensionType = isPositioning ? 9 : 7
        let lookupListOffset = try table.u16(8)
        guard lookupListOffset != 0 else { return [] }
        var lookups: [Lookup] = []
        let list = try table.sub(lookupListOffset)
        let count = try list.u16(0)
        try list.check(2, count * 2)
        for index in 0..<count {
            let lookup = try list.sub(try list.u16(2 + index * 2))
            let type = try lookup.u16(0), flag = try lookup.u16(2), subtableCount = try lookup.u16(4)
            try lookup.check(6, subtableCount * 2)
            let filter = flag & 0x0010 != 0 ? try lookup.u16(6 + subtableCount * 2) : nil
            var subtables: [(type: Int, table: FontBytes.Table)] = []
            for subIndex in 0..<subtableCount {
                var subtable = try lookup.sub(try lookup.u16(6 + subIndex * 2))
                var subType = type
                if type == extensionType {
                    subType = try subtable.u16(2)
                    subtable = try subtable.sub(try subtable.u32(4))
                    guard subType != extensionType else { throw subtable.error(0, .invalidValue("an extension lookup holds another extension")) }
                }
                subtables.append((subType, subtable))
            }
            lookups.append(Lookup(type: type == extensionType ? subtables.first?.type ?? type : type, flag: flag, filter: filter, subtables: subtables))
        }
        return lookups
    }

    private mutating func write(_ table: FontBytes.Table, extensions: Bool) throws(FontSubsetError) -> Int {
        // The lookups: each subtable rewritten, a lookup kept when a subtable is.
        let lookups = try readLookups(table)
        // First pass: which lookups keep a subtable (contextual rules point at lookups by index).
        lookupMap = [Int](repeating: -1, count: lookups.count)
        var scratch = self
        scratch.lookupMap = [Int](repeating: 0, count: lookups.count)
        var next = 0
        for (index, lookup) in lookups.enumerated() {
            for subtable in lookup.subtables where try scratch.subtable(subtable.type, subtable.table) != nil {
                lookupMap[index] = next
                next += 1
                break
            }
        }
        budget = scratch.budget
        // Second pass: the subtables, then the lookups.
        var written: [WrittenLookup] = []
        for (index, lookup) in lookups.enumerated() where lookupMap[index] >= 0 {
            var ids: [(type: Int, id: Int)] = []
            for subtable in lookup.subtables {
                if let id = try self.subtable(subtable.type, subtable.table) { ids.append((subtable.type, id)) }
            }
            written.append((lookup.type, lookup.flag, lookup.filter, ids))
        }
        return try writeTable(table, lookups: written, extensions: extensions)
    }

    /// The table's top object: the written lookups, then `table`'s features
    /// (``lookupMap`` renumbering their lookups), feature variations and scripts.
    mutating func writeTable(_ table: FontBytes.Table, lookups written: [WrittenLookup], extensions: Bool) throws(FontSubsetError) -> Int {
        let minor = try table.u16(2)
        let extensionType = isPositioning ? 9 : 7
        var lookupIDs: [Int] = []
        for lookup in written {
            var subtables = lookup.subtables
            if extensions {
                subtables = subtables.map { subtable in
                    var out = LayoutObjectWriter()
                    out.u16(1); out.u16(subtable.type); out.offset32(subtable.id)
                    return (subtable.type, graph.add(out.object))
                }
            }
            var out = LayoutObjectWriter()
            out.u16(extensions ? extensionType : lookup.type)
            out.u16(lookup.flag)
            out.u16(subtables.count)
            for subtable in subtables { out.offset16(subtable.id) }
            if let filter = lookup.filter { out.u16(filter) }
            lookupIDs.append(graph.add(out.object))
        }
        var lookupList = LayoutObjectWriter()
        lookupList.u16(lookupIDs.count)
        for id in lookupIDs { lookupList.offset16(id) }
        let lookupListID = graph.add(lookupList.object)

        let featureListOffset = try table.u16(6)
        let variationsOffset = minor == 1 ? try table.u32(10) : 0
        let variations = variationsOffset == 0 ? nil : try table.sub(variationsOffset)
        if featureListOffset != 0 { try keepFeatures(try table.sub(featureListOffset), variations) }
        var featureVariationsID: Int?
        if let variations { featureVariationsID = try featureVariations(variations) }
        let featureListID = featureListOffset == 0 ? nil : try featureList(try table.sub(featureListOffset))
        let scriptListOffset = try table.u16(4)
        let scriptListID = scriptListOffset == 0 ? nil : try scriptList(try table.sub(scriptListOffset))

        var header = LayoutObjectWriter()
        header.u16(1); header.u16(featureVariationsID == nil ? 0 : 1)
        header.offset16(scriptListID)
        header.offset16(featureListID)
        header.offset16(lookupListID)
        if let featureVariationsID { header.offset32(featureVariationsID) }
        return graph.add(header.object)
    }

    /// The lookups of the feature at the start of `feature`, renumbered, removed ones left out.
    private func featureLookups(_ feature: FontBytes.Table) throws(FontSubsetError) -> [Int] {
        let count = try feature.u16(2)
        try feature.check(4, count * 2)
        var indices: [Int] = []
        for index in 0..<count {
            let lookup = try feature.u16(4 + index * 2)
            if lookup < lookupMap.count, lookupMap[lookup] >= 0 { indices.append(lookupMap[lookup]) }
        }
        return indices
    }

    /// Sets ``featureMap``: a feature is kept when it has lookups (or is `size`
    /// with parameters, which needs none), or when a feature variation
    /// substitutes a feature with lookups for it.
    private mutating func keepFeatures(_ list: FontBytes.Table, _ variations: FontBytes.Table?) throws(FontSubsetError) {
        let count = try list.u16(0)
        try list.check(2, count * 6)
        var kept = [Bool](repeating: false, count: count)
        for index in 0..<count {
            let feature = try list.sub(try list.u16(6 + index * 6))
            let tag = try list.slice(2 + index * 6, 4)
            let parameters = try feature.u16(0)
            let optical = tag.elementsEqual("size".utf8) && parameters != 0
            let lookups = try featureLookups(feature)
            kept[index] = optical || !lookups.isEmpty
        }
        if let variations {
            let records = try variations.u32(4)
            try variations.check(8, records * 8)
            for record in 0..<records {
                let substitutionOffset = try variations.u32(12 + record * 8)
                guard substitutionOffset != 0 else { continue }
                let substitution = try variations.sub(substitutionOffset)
                let substitutes = try substitution.u16(4)
                try substitution.check(6, substitutes * 6)
                for item in 0..<substitutes {
                    let index = try substitution.u16(6 + item * 6)
                    let alternate = try substitution.sub(try substitution.u32(8 + item * 6))
                    let lookups = try featureLookups(alternate)
                    if index < count, !lookups.isEmpty { kept[index] = true }
                }
            }
        }
        var next = 0
        featureMap = kept.map { keep in
            defer { if keep { next += 1 } }
            return keep ? next : -1
        }
    }

    /// The new index of original feature `index`, nil when it was removed.
    private func mappedFeature(_ index: Int) -> Int? {
        index < featureMap.count && featureMap[index] >= 0 ? featureMap[index] : nil
    }

    /// The script list, its language systems naming the kept features by their new indices.
    private mutating func scriptList(_ list: FontBytes.Table) throws(FontSubsetError) -> Int {
        let count = try list.u16(0)
        try list.check(2, count * 6)
        var out = LayoutObjectWriter()
        out.u16(count)
        for index in 0..<count {
            out.append(try list.slice(2 + index * 6, 4))
            let script = try list.sub(try list.u16(6 + index * 6))
            let defaultOffset = try script.u16(0)
            let languages = try script.u16(2)
            try script.check(4, languages * 6)
            let scriptTag = String(decoding: try list.slice(2 + index * 6, 4), as: UTF8.self)
            var scriptOut = LayoutObjectWriter()
            scriptOut.offset16(defaultOffset == 0 ? nil : try languageSystem(try script.sub(defaultOffset), key: scriptTag + "/"))
            scriptOut.u16(languages)
            for language in 0..<languages {
                let languageTag = try script.slice(4 + language * 6, 4)
                scriptOut.append(languageTag)
                scriptOut.offset16(try languageSystem(try script.sub(try script.u16(8 + language * 6)),
                                                      key: scriptTag + "/" + String(decoding: languageTag, as: UTF8.self)))
            }
            out.offset16(graph.add(scriptOut.object))
        }
        return graph.add(out.object)
    }

    /// A language system (`key`: "script/language") naming the kept features by their new indices, and the extra features it names.
    private mutating func languageSystem(_ system: FontBytes.Table, key: String) throws(FontSubsetError) -> Int {
        let required = try system.u16(2)
        let count = try system.u16(4)
        try system.check(6, count * 2)
        var features: [Int] = []
        for index in 0..<count {
            if let feature = mappedFeature(try system.u16(6 + index * 2)) { features.append(feature) }
        }
        let kept = featureMap.filter { $0 >= 0 }.count
        for (index, extra) in extraFeatures.enumerated() where extra.systems.contains(key) { features.append(kept + index) }
        var out = LayoutObjectWriter()
        out.u16(0)                                    // lookupOrderOffset, reserved
        out.u16(required == 0xFFFF ? 0xFFFF : mappedFeature(required) ?? 0xFFFF)
        out.u16(features.count)
        for feature in features { out.u16(feature) }
        return graph.add(out.object)
    }

    private mutating func featureList(_ list: FontBytes.Table) throws(FontSubsetError) -> Int {
        let count = try list.u16(0)
        try list.check(2, count * 6)
        var out = LayoutObjectWriter()
        out.u16(featureMap.filter { $0 >= 0 }.count + extraFeatures.count)
        for index in 0..<count where mappedFeature(index) != nil {
            let tag = try list.slice(2 + index * 6, 4)
            out.append(tag)
            out.offset16(try feature(try list.sub(try list.u16(6 + index * 6)), tag: String(decoding: tag, as: UTF8.self)))
        }
        for extra in extraFeatures {
            var feature = LayoutObjectWriter()
            feature.u16(0); feature.u16(extra.lookups.count)
            for lookup in extra.lookups.sorted() { feature.u16(lookup) }
            out.append(Array(extra.tag.utf8))
            out.offset16(graph.add(feature.object))
        }
        return graph.add(out.object)
    }

    /// A feature with its lookup indices renumbered (removed lookups left out) and its parameters copied.
    private mutating func feature(_ feature: FontBytes.Table, tag: String?) throws(FontSubsetError) -> Int {
        let paramsOffset = try feature.u16(0)
        var params: Int?
        if paramsOffset != 0 {
            let size: Int
            switch tag {
            case "size"?: size = 10
            case let tag? where tag.hasPrefix("ss"): size = 4
            case let tag? where tag.hasPrefix("cv"): size = 14 + 3 * (try feature.u16(paramsOffset + 12))
            default: throw feature.error(0, .unsupportedTable)
            }
            var out = LayoutObjectWriter()
            out.append(try feature.slice(paramsOffset, size))
            if size % 2 == 1 { out.append([0]) }
            params = graph.add(out.object)
            switch size {
            case 10: nameIDs.insert(try feature.u16(paramsOffset + 4))
            case 4: nameIDs.insert(try feature.u16(paramsOffset + 2))
            default:
                for at in [2, 4, 6] { nameIDs.insert(try feature.u16(paramsOffset + at)) }
                let first = try feature.u16(paramsOffset + 10), count = try feature.u16(paramsOffset + 8)
                if first != 0 { nameIDs.formUnion(first..<(first + count)) }
            }
            nameIDs.remove(0)
        }
        var indices = try featureLookups(feature)
        if let tag, let extra = extraFeatureLookups[tag] { indices = Array(Set(indices + extra)).sorted() }
        var out = LayoutObjectWriter()
        out.offset16(params)
        out.u16(indices.count)
        for index in indices { out.u16(index) }
        return graph.add(out.object)
    }

    /// FeatureVariations: condition sets copied, substitutions of kept features renumbered like the others.
    private mutating func featureVariations(_ variations: FontBytes.Table) throws(FontSubsetError) -> Int {
        let count = try variations.u32(4)
        try variations.check(8, count * 8)
        var out = LayoutObjectWriter()
        out.append(try variations.slice(0, 4))
        out.u32(count)
        for index in 0..<count {
            let conditionsOffset = try variations.u32(8 + index * 8)
            let substitutionOffset = try variations.u32(12 + index * 8)
            var conditionsID: Int?
            if conditionsOffset != 0 {
                let conditions = try variations.sub(conditionsOffset)
                let conditionCount = try conditions.u16(0)
                try conditions.check(2, conditionCount * 4)
                var set = LayoutObjectWriter()
                set.u16(conditionCount)
                for condition in 0..<conditionCount {
                    let at = try conditions.u32(2 + condition * 4)
                    guard try conditions.u16(at) == 1 else { throw conditions.error(at, .unsupportedTable) }
                    var item = LayoutObjectWriter()
                    item.append(try conditions.slice(at, 8))
                    set.offset32(graph.add(item.object))
                }
                conditionsID = graph.add(set.object)
            }
            var substitutionID: Int?
            if substitutionOffset != 0 {
                let substitution = try variations.sub(substitutionOffset)
                let records = try substitution.u16(4)
                try substitution.check(6, records * 6)
                var set = LayoutObjectWriter()
                set.append(try substitution.slice(0, 4))
                var kept: [(index: Int, feature: Int)] = []
                for record in 0..<records {
                    guard let index = mappedFeature(try substitution.u16(6 + record * 6)) else { continue }
                    kept.append((index, try feature(try substitution.sub(try substitution.u32(8 + record * 6)), tag: nil)))
                }
                set.u16(kept.count)
                for record in kept { set.u16(record.index); set.offset32(record.feature) }
                substitutionID = graph.add(set.object)
            }
            out.offset32(conditionsID)
            out.offset32(substitutionID)
        }
        return graph.add(out.object)
    }

    /// The rewritten subtable, or nil when it keeps nothing.
    mutating func subtable(_ type: Int, _ table: FontBytes.Table) throws(FontSubsetError) -> Int? {
        if isPositioning {
            switch type {
            case 7: return try context(table, chained: false)
            case 8: return try context(table, chained: true)
            default: return try positioning(type, table)
            }
        }
        switch type {
        case 5: return try context(table, chained: false)
        case 6: return try context(table, chained: true)
        default: return try substitution(type, table)
        }
    }

    /// The new ids of `count` original glyph ids at `offset`, nil when one is not kept.
    func glyphs(_ table: FontBytes.Table, _ offset: Int, _ count: Int) throws(FontSubsetError) -> [Int]? {
        try table.check(offset, count * 2)
        var glyphs: [Int] = []
        glyphs.reserveCapacity(count)
        for index in 0..<count {
            guard let glyph = map.map(try table.u16(offset + index * 2)) else { return nil }
            glyphs.append(glyph)
        }
        return glyphs
    }

    /// The coverage at `offset` cut to the kept glyphs.
    mutating func coverage(_ table: FontBytes.Table, _ offset: Int) throws(FontSubsetError) -> [(index: Int, glyph: Int)] {
        try LayoutCoverage.read(table, offset, map, &budget)
    }

    /// The coverage of a class-based subtable's first glyphs: ``coverage(_:_:)``
    /// from ``leadingFloor`` on.
    mutating func leadingCoverage(_ table: FontBytes.Table, _ offset: Int) throws(FontSubsetError) -> [(index: Int, glyph: Int)] {
        try coverage(table, offset).filter { $0.glyph >= leadingFloor }
    }
}
