/// The GSUB closure: every glyph shaping can produce from the kept glyphs.
///
/// The lookups features name (in the feature list or a feature variation) are
/// applied to every kept glyph; a contextual lookup applies the lookups its rules
/// name only where a rule can match kept glyphs, and only to the glyphs that can
/// stand at the rule's position (the rule's input there, and what the rule's
/// earlier lookups put there; any kept glyph after a lookup that changes the
/// glyph count). Single, multiple, alternate, ligature (when all its components
/// are kept) and reverse chaining substitutions add their results; passes repeat
/// until nothing is added. Lookups nothing names never run, so they add nothing.
///
/// The work stays linear in the table's size: within a pass, a lookup applied
/// again to the same glyphs answers from what its first application found (its
/// additions are already kept), and every application, lookup record, coverage
/// entry and rule costs a unit of a budget proportional to the table's size. A
/// table that needs more is hostile: the font is left whole (``FontSubsetError/Reason/tooComplex``).
struct SubstitutionClosure {
    let gsub: FontBytes.Table
    /// Work left before the table is judged hostile.
    private var budget: Int
    /// Work done so far, in the budget's units.
    private(set) var spent = 0
    /// Each lookup's subtables, extensions unwrapped: (lookup type, subtable).
    private var lookups: [[(type: Int, table: FontBytes.Table)]] = []
    /// Whether each lookup has only contextual subtables, whose result does not depend on the glyphs it is applied to.
    private var contextualOnly: [Bool] = []
    /// This pass's applications: what each one found, or nil while it is still running.
    private var applied: [Application: Outcome?] = [:]

    /// One lookup applied to some glyphs (every kept glyph when `active` is nil).
    private struct Application: Hashable {
        let lookup: Int
        let active: Set<Int>?
    }

    /// What applying a lookup found: the glyphs it can put at the position, and
    /// whether it can change the glyph count.
    private struct Outcome {
        var outputs: Set<Int> = []
        var resizes = false
    }

    /// How deep contextual lookups may nest (HarfBuzz's nesting limit).
    static let nestingLimit = 64

    /// A closure over `gsub` with `budget` units of work (by default 4 million plus
    /// 200 per byte of the table, far more than any real font needs).
    init(gsub: FontBytes.Table, budget: Int? = nil) {
        self.gsub = gsub
        self.budget = budget ?? 4_000_000 + 200 * gsub.count
    }

    mutating func close(_ kept: inout [Bool]) throws(FontSubsetError) {
        lookups = try readLookups()
        contextualOnly = lookups.map { subtables in subtables.allSatisfy { $0.type == 5 || $0.type == 6 } }
        let direct = try featureLookups()
        var changed = true
        while changed {
            changed = false
            applied = [:]
            for lookup in direct where try apply(lookup, active: nil, &kept, depth: 0).added { changed = true }
        }
        applied = [:]
    }

    private func readLookups() throws(FontSubsetError) -> [[(type: Int, table: FontBytes.Table)]] {
        let lookupListOffset = try gsub.u16(8)
        guard lookupListOffset != 0 else { return [] }
        let list = try gsub.sub(lookupListOffset)
        var found: [[(type: Int, table: FontBytes.Table)]] = []
        let count = try list.u16(0)
        try list.check(2, count * 2)
        for index in 0..<count {
            let lookup = try list.sub(try list.u16(2 + index * 2))
            let type = try lookup.u16(0)
            let subtables = try lookup.u16(4)
            try lookup.check(6, subtables * 2)
            var tables: [(type: Int, table: FontBytes.Table)] = []
            for subIndex in 0..<subtables {
                var table = try lookup.sub(try lookup.u16(6 + subIndex * 2))
                var subType = type
                if type == 7 {
                    subType = try table.u16(2)
                    table = try table.sub(try table.u32(4))
                    guard subType != 7 else { throw table.error(0, .invalidValue("an extension lookup holds another extension")) }
                }
                tables.append((subType, table))
            }
            found.append(tables)
        }
        return found
    }

    /// The lookups the feature list and the feature variations name, ascending.
    private func featureLookups() throws(FontSubsetError) -> [Int] {
        var named = Set<Int>()
        func add(_ feature: FontBytes.Table) throws(FontSubsetError) {
            let count = try feature.u16(2)
            try feature.check(4, count * 2)
            for index in 0..<count {
                let lookup = try feature.u16(4 + index * 2)
                if lookup < lookups.count { named.insert(lookup) }
            }
        }
        let featureListOffset = try gsub.u16(6)
        if featureListOffset != 0 {
            let list = try gsub.sub(featureListOffset)
            let count = try list.u16(0)
            try list.check(2, count * 6)
            for index in 0..<count { try add(try list.sub(try list.u16(6 + index * 6))) }
        }
        if try gsub.u16(2) >= 1, try gsub.u32(10) != 0 {
            let variations = try gsub.sub(try gsub.u32(10))
            let records = try variations.u32(4)
            try variations.check(8, records * 8)
            for record in 0..<records {
                let at = try variations.u32(12 + record * 8)
                guard at != 0 else { continue }
                let substitution = try variations.sub(at)
                let count = try substitution.u16(4)
                try substitution.check(6, count * 6)
                for item in 0..<count { try add(try substitution.sub(try substitution.u32(8 + item * 6))) }
            }
        }
        return named.sorted()
    }

    private mutating func spend(_ units: Int, _ table: FontBytes.Table) throws(FontSubsetError) {
        budget -= units
        spent += units
        guard budget >= 0 else { throw table.error(0, .tooComplex) }
    }

    /// Applies lookup `index` to the kept glyphs in `active` (every kept glyph when
    /// nil): whether it added a glyph, the glyphs it can put at the position, and
    /// whether it can change the glyph count. Applied again within a pass to the
    /// same glyphs, it answers from the first application; applied again while it
    /// runs (lookups that name each other), the table is hostile.
    private mutating func apply(_ index: Int, active: Set<Int>?, _ kept: inout [Bool], depth: Int) throws(FontSubsetError)
        -> (added: Bool, outputs: Set<Int>, resizes: Bool) {
        guard depth <= Self.nestingLimit else { throw gsub.error(0, .tooComplex) }
        try spend(1 + (active?.count ?? 0), gsub)
        let application = Application(lookup: index, active: contextualOnly[index] ? nil : active)
        if let known = applied[application] {
            guard let known else { throw gsub.error(0, .tooComplex) }
            return (false, known.outputs, known.resizes)
        }
        applied[application] = .some(nil)
        var added = false
        var outcome = Outcome()
        for (type, table) in lookups[index] {
            switch type {
            case 5, 6:
                if try context(table, chained: type == 6, &kept, depth: depth) { added = true }
                outcome.resizes = true
            default:
                let produced = try substitute(type, table, active, kept)
                outcome.resizes = outcome.resizes || type == 2 || type == 4
                for glyph in produced where glyph < kept.count {
                    outcome.outputs.insert(glyph)
                    if !kept[glyph] { kept[glyph] = true; added = true }
                }
            }
        }
        applied[application] = outcome
        return (added, outcome.outputs, outcome.resizes)
    }

    /// Calls `body(glyph, coverageIndex)` for each kept glyph (in `active` when given) the coverage at `offset` lists.
    private mutating func forEachCovered(_ table: FontBytes.Table, _ offset: Int, _ kept: [Bool], _ active: Set<Int>?,
                                         _ body: (Int, Int) throws(FontSubsetError) -> Void) throws(FontSubsetError) {
        let coverage = try table.sub(offset)
        let format = try coverage.u16(0)
        let count = try coverage.u16(2)
        switch format {
        case 1:
            try coverage.check(4, count * 2)
            try spend(count, coverage)
            for index in 0..<count {
                let glyph = try coverage.u16(4 + index * 2)
                if glyph < kept.count, kept[glyph], active?.contains(glyph) ?? true { try body(glyph, index) }
            }
        case 2:
            try coverage.check(4, count * 6)
            for index in 0..<count {
                let first = try coverage.u16(4 + index * 6)
                let last = min(try coverage.u16(6 + index * 6), kept.count - 1)
                let startIndex = try coverage.u16(8 + index * 6)
                guard first <= last else { continue }
                try spend(last - first + 1, coverage)
                for glyph in first...last where kept[glyph] && active?.contains(glyph) ?? true { try body(glyph, startIndex + glyph - first) }
            }
        default:
            throw coverage.error(0, .invalidValue("coverage format \(format)"))
        }
    }

    /// Whether the coverage at `offset` lists a kept glyph.
    private mutating func coversKept(_ table: FontBytes.Table, _ offset: Int, _ kept: [Bool]) throws(FontSubsetError) -> Bool {
        var found = false
        try forEachCovered(table, offset, kept, nil) { _, _ in found = true }
        return found
    }

    /// The glyphs one non-contextual subtable produces from the kept glyphs in `active`.
    private mutating func substitute(_ type: Int, _ table: FontBytes.Table, _ active: Set<Int>?, _ kept: [Bool]) throws(FontSubsetError) -> [Int] {
        var produced: [Int] = []
        let format = try table.u16(0)
        let coverage = try table.u16(2)
        switch (type, format) {
        case (1, 1):
            let delta = try table.u16(4)
            try forEachCovered(table, coverage, kept, active) { glyph, _ in produced.append((glyph + delta) & 0xFFFF) }
        case (1, 2):
            let count = try table.u16(4)
            try forEachCovered(table, coverage, kept, active) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                produced.append(try table.u16(6 + index * 2))
            }
        case (2, 1), (3, 1):
            let count = try table.u16(4)
            try forEachCovered(table, coverage, kept, active) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                let sequence = try table.sub(try table.u16(6 + index * 2))
                let glyphs = try sequence.u16(0)
                try sequence.check(2, glyphs * 2)
                for item in 0..<glyphs { produced.append(try sequence.u16(2 + item * 2)) }
            }
        case (4, 1):
            let count = try table.u16(4)
            var work = 0
            try forEachCovered(table, coverage, kept, active) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                let set = try table.sub(try table.u16(6 + index * 2))
                let ligatures = try set.u16(0)
                work += ligatures
                for item in 0..<ligatures {
                    let ligature = try set.sub(try set.u16(2 + item * 2))
                    let glyph = try ligature.u16(0)
                    let components = try ligature.u16(2)
                    var all = true
                    for component in 1..<max(1, components) {
                        let part = try ligature.u16(2 + component * 2)
                        if part >= kept.count || !kept[part] { all = false; break }
                    }
                    if all { produced.append(glyph) }
                }
            }
            try spend(work, table)
        case (8, 1):
            let backtrack = try table.u16(4)
            let lookahead = try table.u16(6 + backtrack * 2)
            let countAt = 8 + backtrack * 2 + lookahead * 2
            let count = try table.u16(countAt)
            try forEachCovered(table, coverage, kept, active) { _, index throws(FontSubsetError) in
                guard index < count else { return }
                produced.append(try table.u16(countAt + 2 + index * 2))
            }
        default:
            throw table.error(0, .invalidValue("GSUB lookup type \(type) format \(format)"))
        }
        return produced
    }

    /// Applies the lookups of every rule of a contextual subtable that can match
    /// kept glyphs; true when a glyph was added.
    private mutating func context(_ table: FontBytes.Table, chained: Bool, _ kept: inout [Bool], depth: Int) throws(FontSubsetError) -> Bool {
        let format = try table.u16(0)
        var added = false
        // (position -> glyphs that can stand there, lookup records) of each rule that can match.
        var rules: [(positions: [Set<Int>?], records: [(sequence: Int, lookup: Int)])] = []
        switch format {
        case 1:
            let setCount = try table.u16(4)
            try table.check(6, setCount * 2)
            var covered: [(Int, Int)] = []
            try forEachCovered(table, try table.u16(2), kept, nil) { glyph, index in covered.append((glyph, index)) }
            for (glyph, index) in covered where index < setCount {
                let setOffset = try table.u16(6 + index * 2)
                guard setOffset != 0 else { continue }
                let set = try table.sub(setOffset)
                let count = try set.u16(0)
                try set.check(2, count * 2)
                try spend(count, set)
                for ruleIndex in 0..<count {
                    let rule = try set.sub(try set.u16(2 + ruleIndex * 2))
                    guard let (input, records) = try glyphRule(rule, chained: chained, kept) else { continue }
                    rules.append(([Set([glyph])] + input.map { Set([$0]) }, records))
                }
            }
        case 2:
            let definitions = chained ? [try table.u16(4), try table.u16(6), try table.u16(8)] : [try table.u16(4)]
            var members: [[Int: Set<Int>]] = []           // per definition: class -> kept glyphs of that class
            for offset in definitions { members.append(try classMembers(table, offset, kept)) }
            var covered = Set<Int>()
            try forEachCovered(table, try table.u16(2), kept, nil) { glyph, _ in covered.insert(glyph) }
            let countAt = chained ? 10 : 6
            let setCount = try table.u16(countAt)
            try table.check(countAt + 2, setCount * 2)
            let input = chained ? 1 : 0
            for classValue in 0..<setCount {
                let setOffset = try table.u16(countAt + 2 + classValue * 2)
                guard setOffset != 0, let first = members[input][classValue]?.intersection(covered), !first.isEmpty else { continue }
                let set = try table.sub(setOffset)
                let count = try set.u16(0)
                try set.check(2, count * 2)
                try spend(count, set)
                for ruleIndex in 0..<count {
                    let rule = try set.sub(try set.u16(2 + ruleIndex * 2))
                    guard let (classes, records) = try classRule(rule, chained: chained, members) else { continue }
                    rules.append(([first] + classes.map { members[input][$0] }, records))
                }
            }
        case 3:
            var positions: [Set<Int>?] = []
            var at = 2
            var recordsAt = 0, recordCount = 0
            if chained {
                for part in 0..<3 {
                    let count = try table.u16(at)
                    try table.check(at + 2, count * 2)
                    for index in 0..<count {
                        var glyphs = Set<Int>()
                        try forEachCovered(table, try table.u16(at + 2 + index * 2), kept, nil) { glyph, _ in glyphs.insert(glyph) }
                        guard !glyphs.isEmpty else { return false }
                        if part == 1 { positions.append(glyphs) }
                    }
                    at += 2 + count * 2
                }
                recordCount = try table.u16(at)
                recordsAt = at + 2
            } else {
                let count = try table.u16(2)
                recordCount = try table.u16(4)
                try table.check(6, count * 2)
                for index in 0..<count {
                    var glyphs = Set<Int>()
                    try forEachCovered(table, try table.u16(6 + index * 2), kept, nil) { glyph, _ in glyphs.insert(glyph) }
                    guard !glyphs.isEmpty else { return false }
                    positions.append(glyphs)
                }
                recordsAt = 6 + count * 2
            }
            rules.append((positions, try lookupRecords(table, recordsAt, recordCount)))
        default:
            throw table.error(0, .invalidValue("contextual subtable format \(format)"))
        }
        for (positions, records) in rules {
            try spend(records.count, table)
            var at = positions
            var shifted = false
            for record in records where record.lookup < lookups.count {
                let active: Set<Int>? = shifted || record.sequence >= at.count ? nil : at[record.sequence]
                let result = try apply(record.lookup, active: active, &kept, depth: depth + 1)
                if result.added { added = true }
                if result.resizes { shifted = true } else if record.sequence < at.count, let glyphs = at[record.sequence] {
                    at[record.sequence] = glyphs.union(result.outputs)
                }
            }
        }
        return added
    }

    /// The lookup records at `offset`: (sequence index, lookup index) pairs.
    private func lookupRecords(_ table: FontBytes.Table, _ offset: Int, _ count: Int) throws(FontSubsetError) -> [(sequence: Int, lookup: Int)] {
        try table.check(offset, count * 4)
        var records: [(sequence: Int, lookup: Int)] = []
        for index in 0..<count { records.append((try table.u16(offset + index * 4), try table.u16(offset + index * 4 + 2))) }
        return records
    }

    /// A format 1 rule's input glyphs after the first and its records, nil when a glyph it needs is not kept.
    private func glyphRule(_ rule: FontBytes.Table, chained: Bool, _ kept: [Bool]) throws(FontSubsetError) -> ([Int], [(sequence: Int, lookup: Int)])? {
        func glyphs(_ offset: Int, _ count: Int) throws(FontSubsetError) -> [Int]? {
            try rule.check(offset, count * 2)
            var found: [Int] = []
            for index in 0..<count {
                let glyph = try rule.u16(offset + index * 2)
                guard glyph < kept.count, kept[glyph] else { return nil }
                found.append(glyph)
            }
            return found
        }
        if chained {
            let backtrack = try rule.u16(0)
            guard try glyphs(2, backtrack) != nil else { return nil }
            var at = 2 + backtrack * 2
            let input = try rule.u16(at)
            guard input >= 1, let inside = try glyphs(at + 2, input - 1) else { return nil }
            at += 2 + (input - 1) * 2
            let lookahead = try rule.u16(at)
            guard try glyphs(at + 2, lookahead) != nil else { return nil }
            at += 2 + lookahead * 2
            return (inside, try lookupRecords(rule, at + 2, try rule.u16(at)))
        }
        let input = try rule.u16(0)
        guard input >= 1, let inside = try glyphs(4, input - 1) else { return nil }
        return (inside, try lookupRecords(rule, 4 + (input - 1) * 2, try rule.u16(2)))
    }

    /// A format 2 rule's input classes after the first and its records, nil when a class it needs has no kept glyph.
    private func classRule(_ rule: FontBytes.Table, chained: Bool, _ members: [[Int: Set<Int>]]) throws(FontSubsetError) -> ([Int], [(sequence: Int, lookup: Int)])? {
        func classes(_ offset: Int, _ count: Int, _ definition: Int) throws(FontSubsetError) -> [Int]? {
            try rule.check(offset, count * 2)
            var found: [Int] = []
            for index in 0..<count {
                let value = try rule.u16(offset + index * 2)
                guard members[definition][value]?.isEmpty == false else { return nil }
                found.append(value)
            }
            return found
        }
        if chained {
            let backtrack = try rule.u16(0)
            guard try classes(2, backtrack, 0) != nil else { return nil }
            var at = 2 + backtrack * 2
            let input = try rule.u16(at)
            guard input >= 1, let inside = try classes(at + 2, input - 1, 1) else { return nil }
            at += 2 + (input - 1) * 2
            let lookahead = try rule.u16(at)
            guard try classes(at + 2, lookahead, 2) != nil else { return nil }
            at += 2 + lookahead * 2
            return (inside, try lookupRecords(rule, at + 2, try rule.u16(at)))
        }
        let input = try rule.u16(0)
        guard input >= 1, let inside = try classes(4, input - 1, 0) else { return nil }
        return (inside, try lookupRecords(rule, 4 + (input - 1) * 2, try rule.u16(2)))
    }

    /// Class -> the kept glyphs of that class in the class definition at `offset`
    /// (class 0: the kept glyphs it does not list; every kept glyph when `offset` is 0).
    private mutating func classMembers(_ table: FontBytes.Table, _ offset: Int, _ kept: [Bool]) throws(FontSubsetError) -> [Int: Set<Int>] {
        var members: [Int: Set<Int>] = [:]
        var listed = Set<Int>()
        if offset != 0 {
            let classes = try table.sub(offset)
            let format = try classes.u16(0)
            var ranges: [(first: Int, last: Int, value: Int)] = []
            switch format {
            case 1:
                let start = try classes.u16(2), count = try classes.u16(4)
                try classes.check(6, count * 2)
                for index in 0..<count { ranges.append((start + index, start + index, try classes.u16(6 + index * 2))) }
            case 2:
                let count = try classes.u16(2)
                try classes.check(4, count * 6)
                for index in 0..<count {
                    ranges.append((try classes.u16(4 + index * 6), try classes.u16(6 + index * 6), try classes.u16(8 + index * 6)))
                }
            default:
                throw classes.error(0, .invalidValue("class definition format \(format)"))
            }
            for range in ranges where range.first <= range.last && range.first < kept.count {
                let last = min(range.last, kept.count - 1)
                try spend(last - range.first + 1, classes)
                for glyph in range.first...last where kept[glyph] && range.value != 0 {
                    if listed.insert(glyph).inserted { members[range.value, default: []].insert(glyph) }
                }
            }
        }
        try spend(kept.count, table)
        for glyph in kept.indices where kept[glyph] && !listed.contains(glyph) { members[0, default: []].insert(glyph) }
        return members
    }
}
