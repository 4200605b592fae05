/// Contextual and chained contextual subtables (GSUB 5 and 6, GPOS 7 and 8), all
/// three formats: rules that need a glyph or a class no kept glyph has are
/// removed; a rule's lookup records are renumbered and those of removed lookups
/// left out (the rule itself stays: matching it still ends the subtable's search).
extension LayoutSubsetter {
    mutating func context(_ table: FontBytes.Table, chained: Bool) throws(FontSubsetError) -> Int? {
        let format = try table.u16(0)
        switch format {
        case 1: return try glyphContext(table, chained: chained)
        case 2: return try classContext(table, chained: chained)
        case 3: return try coverageContext(table, chained: chained)
        default: throw table.error(0, .invalidValue("contextual subtable format \(format)"))
        }
    }

    /// The lookup records at `offset`: `count` (sequence index, lookup index) pairs, renumbered.
    private func lookupRecords(_ table: FontBytes.Table, _ offset: Int, _ count: Int, into out: inout LayoutObjectWriter) throws(FontSubsetError) {
        try table.check(offset, count * 4)
        var kept: [(Int, Int)] = []
        for index in 0..<count {
            let lookup = try table.u16(offset + index * 4 + 2)
            if lookup < lookupMap.count, lookupMap[lookup] >= 0 { kept.append((try table.u16(offset + index * 4), lookupMap[lookup])) }
        }
        out.u16(kept.count)
        for (sequence, lookup) in kept { out.u16(sequence); out.u16(lookup) }
    }

    /// Format 1: rules of glyph sequences, one rule set per covered glyph.
    private mutating func glyphContext(_ table: FontBytes.Table, chained: Bool) throws(FontSubsetError) -> Int? {
        let covered = try coverage(table, try table.u16(2))
        let setCount = try table.u16(4)
        var glyphs: [Int] = []
        var sets: [Int] = []
        for (index, glyph) in covered where index < setCount {
            let setOffset = try table.u16(6 + index * 2)
            guard setOffset != 0 else { continue }
            let set = try table.sub(setOffset)
            let ruleCount = try set.u16(0)
            try set.check(2, ruleCount * 2)
            try budget.spend(ruleCount, set, 0)
            var rules: [Int] = []
            for ruleIndex in 0..<ruleCount {
                let rule = try set.sub(try set.u16(2 + ruleIndex * 2))
                if let id = try glyphRule(rule, chained: chained) { rules.append(id) }
            }
            guard !rules.isEmpty else { continue }
            var out = LayoutObjectWriter()
            out.u16(rules.count)
            for rule in rules { out.offset16(rule) }
            glyphs.append(glyph)
            sets.append(graph.add(out.object))
        }
        guard !glyphs.isEmpty else { return nil }
        let coverageID = LayoutCoverage.write(glyphs, &graph)
        var out = LayoutObjectWriter()
        out.u16(1); out.offset16(coverageID); out.u16(sets.count)
        for set in sets { out.offset16(set) }
        return graph.add(out.object)
    }

    private mutating func glyphRule(_ rule: FontBytes.Table, chained: Bool) throws(FontSubsetError) -> Int? {
        var out = LayoutObjectWriter()
        var at = 0
        if chained {
            let backtrack = try rule.u16(0)
            guard let before = try glyphs(rule, 2, backtrack) else { return nil }
            out.u16(backtrack); for glyph in before { out.u16(glyph) }
            at = 2 + backtrack * 2
            let input = try rule.u16(at)
            guard input >= 1, let inside = try glyphs(rule, at + 2, input - 1) else { return nil }
            out.u16(input); for glyph in inside { out.u16(glyph) }
            at += 2 + (input - 1) * 2
            let lookahead = try rule.u16(at)
            guard let after = try glyphs(rule, at + 2, lookahead) else { return nil }
            out.u16(lookahead); for glyph in after { out.u16(glyph) }
            at += 2 + lookahead * 2
            try lookupRecords(rule, at + 2, try rule.u16(at), into: &out)
        } else {
            let input = try rule.u16(0)
            let records = try rule.u16(2)
            guard input >= 1, let inside = try glyphs(rule, 4, input - 1) else { return nil }
            var body = LayoutObjectWriter()
            try lookupRecords(rule, 4 + (input - 1) * 2, records, into: &body)
            out.u16(input); out.u16(body.object.bytes.count / 4)
            for glyph in inside { out.u16(glyph) }
            out.append(body.object.bytes.dropFirst(2))
        }
        return graph.add(out.object)
    }

    /// Format 2: rules of glyph classes, one rule set per class of the input class definition.
    private mutating func classContext(_ table: FontBytes.Table, chained: Bool) throws(FontSubsetError) -> Int? {
        let covered = try leadingCoverage(table, try table.u16(2))
        if leadingFloor > 0, try coverage(table, try table.u16(2)).count > covered.count { narrowedContexts += 1 }
        guard !covered.isEmpty else { return nil }
        // The class definitions (chained: backtrack, input, lookahead) and the classes kept glyphs have.
        let definitionOffsets = chained ? [try table.u16(4), try table.u16(6), try table.u16(8)] : [try table.u16(4)]
        var definitions: [Int?] = []
        var present: [Set<Int>] = []
        for offset in definitionOffsets {
            let classes = offset == 0 ? [] : try LayoutCoverage.readClasses(table, offset, map, &budget)
            var values = Set(classes.map(\.value))
            if classes.count < map.oldID.count { values.insert(0) }
            present.append(values)
            definitions.append(offset == 0 ? nil : LayoutCoverage.writeClasses(classes, &graph))
        }
        let input = chained ? 1 : 0
        let countAt = chained ? 10 : 6
        let setCount = try table.u16(countAt)
        try table.check(countAt + 2, setCount * 2)
        var sets: [Int?] = []
        for classValue in 0..<setCount {
            let setOffset = try table.u16(countAt + 2 + classValue * 2)
            guard setOffset != 0, present[input].contains(classValue) else { sets.append(nil); continue }
            let set = try table.sub(setOffset)
            let ruleCount = try set.u16(0)
            try set.check(2, ruleCount * 2)
            try budget.spend(ruleCount, set, 0)
            var rules: [Int] = []
            for ruleIndex in 0..<ruleCount {
                let rule = try set.sub(try set.u16(2 + ruleIndex * 2))
                if let id = try classRule(rule, chained: chained, present: present) { rules.append(id) }
            }
            guard !rules.isEmpty else { sets.append(nil); continue }
            var out = LayoutObjectWriter()
            out.u16(rules.count)
            for rule in rules { out.offset16(rule) }
            sets.append(graph.add(out.object))
        }
        while sets.last.map({ $0 == nil }) == true { sets.removeLast() }
        guard !sets.isEmpty else { return nil }
        var out = LayoutObjectWriter()
        out.u16(2)
        out.offset16(LayoutCoverage.write(covered.map(\.glyph), &graph))
        for definition in definitions { out.offset16(definition) }
        out.u16(sets.count)
        for set in sets { out.offset16(set) }
        return graph.add(out.object)
    }

    /// A class rule, nil when it names a class no kept glyph has.
    private mutating func classRule(_ rule: FontBytes.Table, chained: Bool, present: [Set<Int>]) throws(FontSubsetError) -> Int? {
        func classes(_ offset: Int, _ count: Int, _ definition: Int) throws(FontSubsetError) -> [Int]? {
            try rule.check(offset, count * 2)
            var values: [Int] = []
            for index in 0..<count {
                let value = try rule.u16(offset + index * 2)
                guard present[definition].contains(value) else { return nil }
                values.append(value)
            }
            return values
        }
        var out = LayoutObjectWriter()
        if chained {
            let backtrack = try rule.u16(0)
            guard let before = try classes(2, backtrack, 0) else { return nil }
            var at = 2 + backtrack * 2
            let input = try rule.u16(at)
            guard input >= 1, let inside = try classes(at + 2, input - 1, 1) else { return nil }
            at += 2 + (input - 1) * 2
            let lookahead = try rule.u16(at)
            guard let after = try classes(at + 2, lookahead, 2) else { return nil }
            at += 2 + lookahead * 2
            out.u16(backtrack); for value in before { out.u16(value) }
            out.u16(input); for value in inside { out.u16(value) }
            out.u16(lookahead); for value in after { out.u16(value) }
            try lookupRecords(rule, at + 2, try rule.u16(at), into: &out)
        } else {
            let input = try rule.u16(0)
            let records = try rule.u16(2)
            guard input >= 1, let inside = try classes(4, input - 1, 0) else { return nil }
            var body = LayoutObjectWriter()
            try lookupRecords(rule, 4 + (input - 1) * 2, records, into: &body)
            out.u16(input); out.u16(body.object.bytes.count / 4)
            for value in inside { out.u16(value) }
            out.append(body.object.bytes.dropFirst(2))
        }
        return graph.add(out.object)
    }

    /// Format 3: one coverage per position; removed when one of them keeps no glyph.
    private mutating func coverageContext(_ table: FontBytes.Table, chained: Bool) throws(FontSubsetError) -> Int? {
        var out = LayoutObjectWriter()
        out.u16(3)
        func coverages(_ offset: Int, _ count: Int, into out: inout LayoutObjectWriter) throws(FontSubsetError) -> Bool {
            try table.check(offset, count * 2)
            var ids: [Int] = []
            for index in 0..<count {
                let glyphs = try coverage(table, try table.u16(offset + index * 2))
                guard !glyphs.isEmpty else { return false }
                ids.append(LayoutCoverage.write(glyphs.map(\.glyph), &graph))
            }
            for id in ids { out.offset16(id) }
            return true
        }
        if chained {
            var at = 2
            for _ in 0..<3 {
                let count = try table.u16(at)
                out.u16(count)
                guard try coverages(at + 2, count, into: &out) else { return nil }
                at += 2 + count * 2
            }
            try lookupRecords(table, at + 2, try table.u16(at), into: &out)
        } else {
            let count = try table.u16(2)
            let records = try table.u16(4)
            var body = LayoutObjectWriter()
            guard try coverages(6, count, into: &body) else { return nil }
            var recordsOut = LayoutObjectWriter()
            try lookupRecords(table, 6 + count * 2, records, into: &recordsOut)
            out.u16(count); out.u16(recordsOut.object.bytes.count / 4)
            let shift = out.count
            out.object.links += body.object.links.map { LayoutGraph.Link(at: $0.at + shift, target: $0.target, wide: $0.wide) }
            out.append(body.object.bytes)
            out.append(recordsOut.object.bytes.dropFirst(2))
        }
        return graph.add(out.object)
    }
}
