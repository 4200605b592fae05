/// Coverage and class definition tables of GSUB, GPOS and GDEF, read through a
/// ``GlyphMap`` (only kept glyphs, with their new ids) and written back in the
/// smaller of their two formats.
enum LayoutCoverage {
    /// (coverage index, new glyph id) of every kept glyph the coverage at `offset` lists, by new id.
    static func read(_ table: FontBytes.Table, _ offset: Int, _ map: GlyphMap, _ budget: inout LayoutBudget) throws(FontSubsetError) -> [(index: Int, glyph: Int)] {
        let coverage = try table.sub(offset)
        let format = try coverage.u16(0)
        let count = try coverage.u16(2)
        var found: [(index: Int, glyph: Int)] = []
        switch format {
        case 1:
            try coverage.check(4, count * 2)
            try budget.spend(count, coverage, 0)
            for index in 0..<count {
                if let glyph = map.map(try coverage.u16(4 + index * 2)) { found.append((index, glyph)) }
            }
        case 2:
            try coverage.check(4, count * 6)
            for range in 0..<count {
                let first = try coverage.u16(4 + range * 6)
                let last = try coverage.u16(6 + range * 6)
                let startIndex = try coverage.u16(8 + range * 6)
                guard first <= last else { continue }
                let kept = map.kept(from: first, through: last)
                try budget.spend(1 + kept.count, coverage, 4 + range * 6)
                for old in kept { found.append((startIndex + old - first, map.newID[old])) }
            }
        default:
            throw coverage.error(0, .invalidValue("coverage format \(format)"))
        }
        found.sort { $0.glyph < $1.glyph }
        var unique: [(index: Int, glyph: Int)] = []
        unique.reserveCapacity(found.count)
        for entry in found where unique.last?.glyph != entry.glyph { unique.append(entry) }
        return unique
    }

    /// A coverage object for `glyphs` (new ids, ascending, distinct).
    static func write(_ glyphs: [Int], _ graph: inout LayoutGraph) -> Int {
        var ranges: [(first: Int, last: Int)] = []
        for glyph in glyphs {
            if let last = ranges.last, last.last + 1 == glyph { ranges[ranges.count - 1].last = glyph } else { ranges.append((glyph, glyph)) }
        }
        var out = LayoutObjectWriter()
        if ranges.count * 3 < glyphs.count {
            out.u16(2); out.u16(ranges.count)
            var index = 0
            for range in ranges {
                out.u16(range.first); out.u16(range.last); out.u16(index)
                index += range.last - range.first + 1
            }
        } else {
            out.u16(1); out.u16(glyphs.count)
            for glyph in glyphs { out.u16(glyph) }
        }
        return graph.add(out.object)
    }

    /// The class of every kept glyph the class definition at `offset` gives a
    /// class other than 0: (new glyph id, class), by new id.
    static func readClasses(_ table: FontBytes.Table, _ offset: Int, _ map: GlyphMap, _ budget: inout LayoutBudget) throws(FontSubsetError) -> [(glyph: Int, value: Int)] {
        let classes = try table.sub(offset)
        let format = try classes.u16(0)
        var found: [(glyph: Int, value: Int)] = []
        switch format {
        case 1:
            let start = try classes.u16(2)
            let count = try classes.u16(4)
            try classes.check(6, count * 2)
            let kept = map.kept(from: start, through: start + count - 1)
            try budget.spend(1 + kept.count, classes, 0)
            for old in kept {
                let value = try classes.u16(6 + (old - start) * 2)
                if value != 0 { found.append((map.newID[old], value)) }
            }
        case 2:
            let count = try classes.u16(2)
            try classes.check(4, count * 6)
            for range in 0..<count {
                let first = try classes.u16(4 + range * 6)
                let last = try classes.u16(6 + range * 6)
                let value = try classes.u16(8 + range * 6)
                guard first <= last, value != 0 else { continue }
                let kept = map.kept(from: first, through: last)
                try budget.spend(1 + kept.count, classes, 4 + range * 6)
                for old in kept { found.append((map.newID[old], value)) }
            }
        default:
            throw classes.error(0, .invalidValue("class definition format \(format)"))
        }
        found.sort { $0.glyph < $1.glyph }
        var unique: [(glyph: Int, value: Int)] = []
        unique.reserveCapacity(found.count)
        for entry in found where unique.last?.glyph != entry.glyph { unique.append(entry) }
        return unique
    }

    /// A class definition object for `classes` ((new glyph id, class), by id, distinct, classes not 0).
    static func writeClasses(_ classes: [(glyph: Int, value: Int)], _ graph: inout LayoutGraph) -> Int {
        var ranges: [(first: Int, last: Int, value: Int)] = []
        for (glyph, value) in classes {
            if let last = ranges.last, last.last + 1 == glyph, last.value == value {
                ranges[ranges.count - 1].last = glyph
            } else {
                ranges.append((glyph, glyph, value))
            }
        }
        var out = LayoutObjectWriter()
        let span = classes.isEmpty ? 0 : classes.last!.glyph - classes.first!.glyph + 1
        if classes.isEmpty || 4 + ranges.count * 6 < 6 + span * 2 {
            out.u16(2); out.u16(ranges.count)
            for range in ranges { out.u16(range.first); out.u16(range.last); out.u16(range.value) }
        } else {
            let first = classes.first!.glyph
            var values = [Int](repeating: 0, count: span)
            for (glyph, value) in classes { values[glyph - first] = value }
            out.u16(1); out.u16(first); out.u16(span)
            for value in values { out.u16(value) }
        }
        return graph.add(out.object)
    }
}
