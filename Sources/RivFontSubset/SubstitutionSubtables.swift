/// GSUB single, multiple, alternate, ligature and reverse chaining subtables
/// for a renumbered subset: entries whose input or output glyphs are not all
/// kept are removed.
extension LayoutSubsetter {
    mutating func substitution(_ type: Int, _ table: FontBytes.Table) throws(FontSubsetError) -> Int? {
        let format = try table.u16(0)
        switch (type, format) {
        case (1, 1), (1, 2):
            let covered = try coverage(table, try table.u16(2))
            var pairs: [(Int, Int)] = []
            if format == 1 {
                let delta = try table.u16(4)
                for (_, glyph) in covered {
                    if let out = map.map((map.oldID[glyph] + delta) & 0xFFFF) { pairs.append((glyph, out)) }
                }
            } else {
                let count = try table.u16(4)
                try table.check(6, count * 2)
                for (index, glyph) in covered where index < count {
                    if let out = map.map(try table.u16(6 + index * 2)) { pairs.append((glyph, out)) }
                }
            }
            guard let first = pairs.first else { return nil }
            var out = LayoutObjectWriter()
            let delta = (first.1 - first.0) & 0xFFFF
            let coverageID = LayoutCoverage.write(pairs.map(\.0), &graph)
            if pairs.allSatisfy({ ($0.1 - $0.0) & 0xFFFF == delta }) {
                out.u16(1); out.offset16(coverageID); out.u16(delta)
            } else {
                out.u16(2); out.offset16(coverageID); out.u16(pairs.count)
                for pair in pairs { out.u16(pair.1) }
            }
            return graph.add(out.object)
        case (2, 1), (3, 1):
            // Multiple: a sequence per glyph, all kept; alternate: the kept alternates.
            let covered = try coverage(table, try table.u16(2))
            let count = try table.u16(4)
            try table.check(6, count * 2)
            var firsts: [Int] = []
            var sequences: [Int] = []
            for (index, glyph) in covered where index < count {
                let sequence = try table.sub(try table.u16(6 + index * 2))
                let length = try sequence.u16(0)
                try sequence.check(2, length * 2)
                var kept: [Int] = []
                var complete = true
                for item in 0..<length {
                    if let mapped = map.map(try sequence.u16(2 + item * 2)) { kept.append(mapped) } else { complete = false }
                }
                if type == 2 ? !complete : kept.isEmpty { continue }
                var out = LayoutObjectWriter()
                out.u16(kept.count)
                for glyph in kept { out.u16(glyph) }
                firsts.append(glyph)
                sequences.append(graph.add(out.object))
            }
            return try coverageWithOffsets(format: 1, firsts, sequences)
        case (4, 1):
            let covered = try coverage(table, try table.u16(2))
            let count = try table.u16(4)
            try table.check(6, count * 2)
            var firsts: [Int] = []
            var sets: [Int] = []
            for (index, glyph) in covered where index < count {
                let set = try table.sub(try table.u16(6 + index * 2))
                let ligatures = try set.u16(0)
                try set.check(2, ligatures * 2)
                try budget.spend(ligatures, set, 0)
                var kept: [Int] = []
                for item in 0..<ligatures {
                    let ligature = try set.sub(try set.u16(2 + item * 2))
                    let components = try ligature.u16(2)
                    guard components >= 1, let result = map.map(try ligature.u16(0)),
                          let parts = try glyphs(ligature, 4, components - 1) else { continue }
                    var out = LayoutObjectWriter()
                    out.u16(result); out.u16(components)
                    for part in parts { out.u16(part) }
                    kept.append(graph.add(out.object))
                }
                guard !kept.isEmpty else { continue }
                var out = LayoutObjectWriter()
                out.u16(kept.count)
                for ligature in kept { out.offset16(ligature) }
                firsts.append(glyph)
                sets.append(graph.add(out.object))
            }
            return try coverageWithOffsets(format: 1, firsts, sets)
        case (8, 1):
            let covered = try coverage(table, try table.u16(2))
            var out = LayoutObjectWriter()
            out.u16(1)
            let coverageAt = out.count
            out.u16(0)
            var at = 4
            for _ in 0..<2 {
                let count = try table.u16(at)
                try table.check(at + 2, count * 2)
                out.u16(count)
                for index in 0..<count {
                    let glyphs = try coverage(table, try table.u16(at + 2 + index * 2))
                    guard !glyphs.isEmpty else { return nil }
                    out.offset16(LayoutCoverage.write(glyphs.map(\.glyph), &graph))
                }
                at += 2 + count * 2
            }
            let count = try table.u16(at)
            try table.check(at + 2, count * 2)
            var pairs: [(Int, Int)] = []
            for (index, glyph) in covered where index < count {
                if let substitute = map.map(try table.u16(at + 2 + index * 2)) { pairs.append((glyph, substitute)) }
            }
            guard !pairs.isEmpty else { return nil }
            out.u16(pairs.count)
            for pair in pairs { out.u16(pair.1) }
            out.object.links.append(.init(at: coverageAt, target: LayoutCoverage.write(pairs.map(\.0), &graph), wide: false))
            return graph.add(out.object)
        default:
            throw table.error(0, .invalidValue("GSUB lookup type \(type) format \(format)"))
        }
    }

    /// A subtable of `format`, a coverage of `glyphs` and one offset per glyph: nil when empty.
    mutating func coverageWithOffsets(format: Int, _ glyphs: [Int], _ targets: [Int]) throws(FontSubsetError) -> Int? {
        guard !glyphs.isEmpty else { return nil }
        var out = LayoutObjectWriter()
        out.u16(format)
        out.offset16(LayoutCoverage.write(glyphs, &graph))
        out.u16(targets.count)
        for target in targets { out.offset16(target) }
        return graph.add(out.object)
    }
}
