/// GPOS single, pair, cursive and mark attachment subtables for a renumbered
/// subset. Pair adjustments by class keep only the classes kept glyphs have
/// (renumbered in order); value records, anchors and their device or variation
/// index tables are copied.
extension LayoutSubsetter {
    mutating func positioning(_ type: Int, _ table: FontBytes.Table) throws(FontSubsetError) -> Int? {
        let format = try table.u16(0)
        switch (type, format) {
        case (1, 1):
            let covered = try coverage(table, try table.u16(2))
            guard !covered.isEmpty else { return nil }
            let valueFormat = try table.u16(4)
            var out = LayoutObjectWriter()
            out.u16(1); out.offset16(LayoutCoverage.write(covered.map(\.glyph), &graph)); out.u16(valueFormat)
            try value(table, 6, valueFormat, base: table, into: &out)
            return graph.add(out.object)
        case (1, 2):
            let covered = try coverage(table, try table.u16(2))
            let valueFormat = try table.u16(4)
            let count = try table.u16(6)
            let size = Self.valueSize(valueFormat)
            try table.check(8, count * size)
            let kept = covered.filter { $0.index < count }
            guard !kept.isEmpty else { return nil }
            var out = LayoutObjectWriter()
            out.u16(2); out.offset16(LayoutCoverage.write(kept.map(\.glyph), &graph)); out.u16(valueFormat); out.u16(kept.count)
            for (index, _) in kept { try value(table, 8 + index * size, valueFormat, base: table, into: &out) }
            return graph.add(out.object)
        case (2, 1):
            let covered = try coverage(table, try table.u16(2))
            let format1 = try table.u16(4), format2 = try table.u16(6)
            let count = try table.u16(8)
            try table.check(10, count * 2)
            let recordSize = 2 + Self.valueSize(format1) + Self.valueSize(format2)
            var firsts: [Int] = []
            var sets: [Int] = []
            for (index, glyph) in covered where index < count {
                let set = try table.sub(try table.u16(10 + index * 2))
                let pairs = try set.u16(0)
                try set.check(2, pairs * recordSize)
                try budget.spend(pairs, set, 0)
                var records: [(second: Int, at: Int)] = []
                for pair in 0..<pairs {
                    let at = 2 + pair * recordSize
                    if let second = map.map(try set.u16(at)) { records.append((second, at)) }
                }
                guard !records.isEmpty else { continue }
                records.sort { $0.second < $1.second }
                var out = LayoutObjectWriter()
                out.u16(records.count)
                for record in records {
                    out.u16(record.second)
                    try value(set, record.at + 2, format1, base: set, into: &out)
                    try value(set, record.at + 2 + Self.valueSize(format1), format2, base: set, into: &out)
                }
                firsts.append(glyph)
                sets.append(graph.add(out.object))
            }
            guard !firsts.isEmpty else { return nil }
            var out = LayoutObjectWriter()
            out.u16(1); out.offset16(LayoutCoverage.write(firsts, &graph)); out.u16(format1); out.u16(format2)
            out.u16(sets.count)
            for set in sets { out.offset16(set) }
            return graph.add(out.object)
        case (2, 2):
            return try classPairs(table)
        case (3, 1):
            let covered = try coverage(table, try table.u16(2))
            let count = try table.u16(4)
            try table.check(6, count * 4)
            let kept = covered.filter { $0.index < count }
            guard !kept.isEmpty else { return nil }
            var out = LayoutObjectWriter()
            out.u16(1); out.offset16(LayoutCoverage.write(kept.map(\.glyph), &graph)); out.u16(kept.count)
            for (index, _) in kept {
                out.offset16(try anchor(table, try table.u16(6 + index * 4)))
                out.offset16(try anchor(table, try table.u16(8 + index * 4)))
            }
            return graph.add(out.object)
        case (4, 1), (5, 1), (6, 1):
            let marks = try coverage(table, try table.u16(2))
            let bases = try coverage(table, try table.u16(4))
            let classCount = try table.u16(6)
            guard !marks.isEmpty, !bases.isEmpty else { return nil }
            let markArray = try table.sub(try table.u16(8))
            let markCount = try markArray.u16(0)
            try markArray.check(2, markCount * 4)
            var markOut = LayoutObjectWriter()
            let keptMarks = marks.filter { $0.index < markCount }
            markOut.u16(keptMarks.count)
            for (index, _) in keptMarks {
                let markClass = try markArray.u16(2 + index * 4)
                guard markClass < classCount else { throw markArray.error(2 + index * 4, .invalidValue("mark class \(markClass) of \(classCount)")) }
                markOut.u16(markClass)
                markOut.offset16(try anchor(markArray, try markArray.u16(4 + index * 4)))
            }
            let baseArray = try table.sub(try table.u16(10))
            let baseCount = try baseArray.u16(0)
            var baseOut = LayoutObjectWriter()
            let keptBases = bases.filter { $0.index < baseCount }
            baseOut.u16(keptBases.count)
            if type == 5 {
                try baseArray.check(2, baseCount * 2)
                for (index, _) in keptBases {
                    let attach = try baseArray.sub(try baseArray.u16(2 + index * 2))
                    let components = try attach.u16(0)
                    try attach.check(2, components * classCount * 2)
                    try budget.spend(components * classCount, attach, 0)
                    var attachOut = LayoutObjectWriter()
                    attachOut.u16(components)
                    for slot in 0..<(components * classCount) { attachOut.offset16(try anchor(attach, try attach.u16(2 + slot * 2))) }
                    baseOut.offset16(graph.add(attachOut.object))
                }
            } else {
                try baseArray.check(2, baseCount * classCount * 2)
                try budget.spend(keptBases.count * classCount, baseArray, 0)
                for (index, _) in keptBases {
                    for slot in 0..<classCount {
                        baseOut.offset16(try anchor(baseArray, try baseArray.u16(2 + (index * classCount + slot) * 2)))
                    }
                }
            }
            guard !keptMarks.isEmpty, !keptBases.isEmpty else { return nil }
            let markID = graph.add(markOut.object), baseID = graph.add(baseOut.object)
            var out = LayoutObjectWriter()
            out.u16(1)
            out.offset16(LayoutCoverage.write(keptMarks.map(\.glyph), &graph))
            out.offset16(LayoutCoverage.write(keptBases.map(\.glyph), &graph))
            out.u16(classCount)
            out.offset16(markID)
            out.offset16(baseID)
            return graph.add(out.object)
        default:
            throw table.error(0, .invalidValue("GPOS lookup type \(type) format \(format)"))
        }
    }

    /// Pair adjustment by class: the rows and columns of classes kept glyphs have.
    private mutating func classPairs(_ table: FontBytes.Table) throws(FontSubsetError) -> Int? {
        let covered = try leadingCoverage(table, try table.u16(2))
        guard !covered.isEmpty else { return nil }
        let format1 = try table.u16(4), format2 = try table.u16(6)
        let first = try table.u16(8) == 0 ? [] : try LayoutCoverage.readClasses(table, try table.u16(8), map, &budget)
        let second = try table.u16(10) == 0 ? [] : try LayoutCoverage.readClasses(table, try table.u16(10), map, &budget)
        let count1 = try table.u16(12), count2 = try table.u16(14)
        let recordSize = Self.valueSize(format1) + Self.valueSize(format2)
        try table.check(16, count1 * count2 * recordSize)
        // Class 1 values of the covered glyphs; class 0 row always kept.
        let coveredSet = Set(covered.map(\.glyph))
        let firstCovered = first.filter { coveredSet.contains($0.glyph) }
        var rows = Set(firstCovered.map(\.value)); rows.insert(0)
        var columns = Set(second.map(\.value)); columns.insert(0)
        guard rows.allSatisfy({ $0 < count1 }), columns.allSatisfy({ $0 < count2 }) else {
            throw table.error(12, .invalidValue("a class past the class counts \(count1) and \(count2)"))
        }
        let rowOrder = rows.sorted(), columnOrder = columns.sorted()
        try budget.spend(rowOrder.count * columnOrder.count, table, 16)
        var newRow = [Int: Int](), newColumn = [Int: Int]()
        for (index, row) in rowOrder.enumerated() { newRow[row] = index }
        for (index, column) in columnOrder.enumerated() { newColumn[column] = index }
        let firstClasses = LayoutCoverage.writeClasses(firstCovered.map { ($0.glyph, newRow[$0.value]!) }.filter { $0.1 != 0 }, &graph)
        let secondClasses = LayoutCoverage.writeClasses(second.map { ($0.glyph, newColumn[$0.value]!) }.filter { $0.1 != 0 }, &graph)
        var out = LayoutObjectWriter()
        out.u16(2)
        out.offset16(LayoutCoverage.write(covered.map(\.glyph), &graph))
        out.u16(format1); out.u16(format2)
        out.offset16(firstClasses); out.offset16(secondClasses)
        out.u16(rowOrder.count); out.u16(columnOrder.count)
        for row in rowOrder {
            for column in columnOrder {
                let at = 16 + (row * count2 + column) * recordSize
                try value(table, at, format1, base: table, into: &out)
                try value(table, at + Self.valueSize(format1), format2, base: table, into: &out)
            }
        }
        return graph.add(out.object)
    }

    /// The size of a value record of `format`.
    static func valueSize(_ format: Int) -> Int { (format & 0xFF).nonzeroBitCount * 2 }

    /// Copies the value record at `offset` of `table`, its device offsets relative to `base`.
    mutating func value(_ table: FontBytes.Table, _ offset: Int, _ format: Int, base: FontBytes.Table, into out: inout LayoutObjectWriter) throws(FontSubsetError) {
        try table.check(offset, Self.valueSize(format))
        var at = offset
        for bit in 0..<8 where format & (1 << bit) != 0 {
            let field = try table.u16(at)
            if bit < 4 { out.u16(field) } else { out.offset16(try device(base, field)) }
            at += 2
        }
    }

    /// A copy of the device or variation index table at `offset` of `base`, nil for NULL.
    mutating func device(_ base: FontBytes.Table, _ offset: Int) throws(FontSubsetError) -> Int? {
        guard offset != 0 else { return nil }
        let start = try base.u16(offset), end = try base.u16(offset + 2), format = try base.u16(offset + 4)
        var size = 6
        if (1...3).contains(format), end >= start {
            size += ((end - start + 1) * (1 << format) + 15) / 16 * 2
        }
        var out = LayoutObjectWriter()
        out.append(try base.slice(offset, size))
        guard format == 0x8000 else { return graph.add(out.object) }
        let deltaSet = start == 0xFFFF && end == 0xFFFF ? 0xFFFF_FFFF : outerShift.map { (start + $0) << 16 | end } ?? 0xFFFF_FFFF
        out.set16(0, deltaSet >> 16)
        out.set16(2, deltaSet & 0xFFFF)
        let id = graph.add(out.object)
        variationIndices[id] = deltaSet
        return id
    }

    /// A copy of the anchor at `offset` of `base` (with its device tables), nil for NULL.
    private mutating func anchor(_ base: FontBytes.Table, _ offset: Int) throws(FontSubsetError) -> Int? {
        guard offset != 0 else { return nil }
        let anchor = try base.sub(offset)
        let format = try anchor.u16(0)
        var out = LayoutObjectWriter()
        switch format {
        case 1: out.append(try anchor.slice(0, 6))
        case 2: out.append(try anchor.slice(0, 8))
        case 3:
            out.append(try anchor.slice(0, 6))
            out.offset16(try device(anchor, try anchor.u16(6)))
            out.offset16(try device(anchor, try anchor.u16(8)))
        default: throw anchor.error(0, .invalidValue("anchor format \(format)"))
        }
        return graph.add(out.object)
    }
}
