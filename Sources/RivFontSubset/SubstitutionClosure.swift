/// The GSUB closure: every glyph a substitution can produce from the kept glyphs.
///
/// Every single, multiple, alternate, ligature and reverse-chaining substitution
/// in the table is applied to the kept set, whatever feature or context selects
/// it (contextual lookups only choose where their nested lookups apply, so
/// applying those lookups everywhere keeps a superset), until nothing new is
/// added.
struct SubstitutionClosure {
    let gsub: FontBytes.Table
    /// Work left before the table is judged hostile (one unit per coverage entry visited).
    private var budget: Int

    init(gsub: FontBytes.Table) {
        self.gsub = gsub
        budget = 4_000_000 + 200 * gsub.count
    }

    mutating func close(_ kept: inout [Bool]) throws(FontSubsetError) {
        let subtables = try substitutionSubtables()
        var changed = true
        while changed {
            changed = false
            for (type, table) in subtables {
                if try apply(type, table, &kept) { changed = true }
            }
        }
    }

    /// (lookup type, subtable) for every subtable of every lookup, extensions unwrapped.
    private func substitutionSubtables() throws(FontSubsetError) -> [(Int, FontBytes.Table)] {
        let lookupListOffset = try gsub.u16(8)
        guard lookupListOffset != 0 else { return [] }
        let list = try gsub.sub(lookupListOffset)
        var found: [(Int, FontBytes.Table)] = []
        let lookups = try list.u16(0)
        for index in 0..<lookups {
            let lookup = try list.sub(try list.u16(2 + index * 2))
            let type = try lookup.u16(0)
            let count = try lookup.u16(4)
            for subIndex in 0..<count {
                var table = try lookup.sub(try lookup.u16(6 + subIndex * 2))
                var subType = type
                if type == 7 {
                    subType = try table.u16(2)
                    table = try table.sub(try table.u32(4))
                    guard subType != 7 else { throw table.error(0, .invalidValue("an extension lookup holds another extension")) }
                }
                if [1, 2, 3, 4, 8].contains(subType) { found.append((subType, table)) }
            }
        }
        return found
    }

    /// Calls `body(glyph, coverageIndex)` for each kept glyph the coverage table at `offset` lists.
    private mutating func forEachCovered(_ table: FontBytes.Table, _ offset: Int, _ kept: [Bool],
                                         _ body: (Int, Int) throws(FontSubsetError) -> Void) throws(FontSubsetError) {
        let coverage = try table.sub(offset)
        let format = try coverage.u16(0)
        let count = try coverage.u16(2)
        switch format {
        case 1:
            try coverage.check(4, count * 2)
            budget -= count
            guard budget >= 0 else { throw coverage.error(0, .tooComplex) }
            for index in 0..<count {
                let glyph = try coverage.u16(4 + index * 2)
                if glyph < kept.count, kept[glyph] { try body(glyph, index) }
            }
        case 2:
            try coverage.check(4, count * 6)
            for index in 0..<count {
                let first = try coverage.u16(4 + index * 6)
                let last = min(try coverage.u16(6 + index * 6), kept.count - 1)
                let startIndex = try coverage.u16(8 + index * 6)
                guard first <= last else { continue }
                budget -= last - first + 1
                guard budget >= 0 else { throw coverage.error(0, .tooComplex) }
                for glyph in first...last where kept[glyph] { try body(glyph, startIndex + glyph - first) }
            }
        default:
            throw coverage.error(0, .invalidValue("coverage format \(format)"))
        }
    }

    /// Applies one subtable; true when it added a glyph.
    private mutating func apply(_ type: Int, _ table: FontBytes.Table, _ kept: inout [Bool]) throws(FontSubsetError) -> Bool {
        var added: [Int] = []
        let format = try table.u16(0)
        let coverage = try table.u16(2)
        let snapshot = kept
        switch (type, format) {
        case (1, 1):
            let delta = try table.u16(4)
            try forEachCovered(table, coverage, snapshot) { glyph, _ in added.append((glyph + delta) & 0xFFFF) }
        case (1, 2):
            let count = try table.u16(4)
            try forEachCovered(table, coverage, snapshot) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                added.append(try table.u16(6 + index * 2))
            }
        case (2, 1), (3, 1):
            let count = try table.u16(4)
            try forEachCovered(table, coverage, snapshot) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                let sequence = try table.sub(try table.u16(6 + index * 2))
                let glyphs = try sequence.u16(0)
                for item in 0..<glyphs { added.append(try sequence.u16(2 + item * 2)) }
            }
        case (4, 1):
            let count = try table.u16(4)
            try forEachCovered(table, coverage, snapshot) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                let set = try table.sub(try table.u16(6 + index * 2))
                let ligatures = try set.u16(0)
                for item in 0..<ligatures {
                    let ligature = try set.sub(try set.u16(2 + item * 2))
                    let glyph = try ligature.u16(0)
                    let components = try ligature.u16(2)
                    var all = true
                    for component in 1..<max(1, components) {
                        let part = try ligature.u16(2 + component * 2)
                        if part >= snapshot.count || !snapshot[part] { all = false; break }
                    }
                    if all { added.append(glyph) }
                }
            }
        case (8, 1):
            let backtrack = try table.u16(4)
            let lookahead = try table.u16(6 + backtrack * 2)
            let countAt = 8 + backtrack * 2 + lookahead * 2
            let count = try table.u16(countAt)
            try forEachCovered(table, coverage, snapshot) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                added.append(try table.u16(countAt + 2 + index * 2))
            }
        default:
            throw table.error(0, .invalidValue("GSUB lookup type \(type) format \(format)"))
        }
        var changed = false
        for glyph in added where glyph < kept.count && !kept[glyph] {
            kept[glyph] = true
            changed = true
        }
        return changed
    }
}
