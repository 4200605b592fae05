import Testing
@testable import RivFontSubset

/// Reads a font the subsetter wrote, independently of the subsetter's own readers.
private struct WrittenFont {
    let bytes: [UInt8]
    let tables: [String: Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var tables: [String: Range<Int>] = [:]
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for index in 0..<count {
            let record = 12 + index * 16
            let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
            let offset = Self.u32(bytes, record + 8), length = Self.u32(bytes, record + 12)
            tables[tag] = offset..<(offset + length)
        }
        self.tables = tables
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    static func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) << 16 | u16(bytes, at + 2) }

    /// The 16-bit value at byte `at` of table `tag`.
    func u16(_ tag: String, _ at: Int) -> Int { Self.u16(bytes, tables[tag]!.lowerBound + at) }

    var glyphCount: Int { u16("maxp", 4) }

    /// Each glyph's advance (TinyFont gives glyph g the advance 500 + g, so this
    /// names the original glyph of each subset glyph).
    var advances: [Int] {
        let long = u16("hhea", 34)
        return (0..<glyphCount).map { u16("hmtx", min($0, long - 1) * 4) }
    }

    /// The components of the composite glyph `glyph` (empty for a simple or empty glyph).
    func components(_ glyph: Int) -> [Int] {
        let long = u16("head", 50) == 1
        let loca = { (g: Int) in long ? Self.u32(bytes, tables["loca"]!.lowerBound + g * 4) : u16("loca", g * 2) * 2 }
        let start = loca(glyph), end = loca(glyph + 1)
        guard end - start >= 10, Int16(truncatingIfNeeded: u16("glyf", start)) < 0 else { return [] }
        var found: [Int] = []
        var at = start + 10
        while true {
            let flags = u16("glyf", at)
            found.append(u16("glyf", at + 2))
            at += 4 + (flags & 1 != 0 ? 4 : 2)
            guard flags & 0x20 != 0 else { return found }
        }
    }

    /// The lookup count of GSUB or GPOS.
    func lookupCount(_ tag: String) -> Int { u16(tag, u16(tag, 8)) }

    /// The x advance adjustment GPOS pair lookups (value format 4, format 1 or 2) give `first` followed by `second`.
    func kerning(_ first: Int, _ second: Int) -> Int {
        var total = 0
        let list = u16("GPOS", 8)
        for lookup in 0..<u16("GPOS", list) {
            let lookupAt = list + u16("GPOS", list + 2 + lookup * 2)
            for subtable in 0..<u16("GPOS", lookupAt + 4) {
                let at = lookupAt + u16("GPOS", lookupAt + 6 + subtable * 2)
                guard let index = coverageIndex(at + u16("GPOS", at + 2), first) else { continue }
                if u16("GPOS", at) == 1 {
                    let set = at + u16("GPOS", at + 10 + index * 2)
                    for pair in 0..<u16("GPOS", set) where u16("GPOS", set + 2 + pair * 4) == second {
                        total += Int(Int16(truncatingIfNeeded: u16("GPOS", set + 4 + pair * 4)))
                    }
                } else {
                    let class1 = classOf(at + u16("GPOS", at + 8), first), class2 = classOf(at + u16("GPOS", at + 10), second)
                    total += Int(Int16(truncatingIfNeeded: u16("GPOS", at + 16 + (class1 * u16("GPOS", at + 14) + class2) * 2)))
                }
                break
            }
        }
        return total
    }

    private func coverageIndex(_ at: Int, _ glyph: Int) -> Int? {
        let count = u16("GPOS", at + 2)
        if u16("GPOS", at) == 1 {
            return (0..<count).first { u16("GPOS", at + 4 + $0 * 2) == glyph }
        }
        for range in 0..<count where (u16("GPOS", at + 4 + range * 6)...u16("GPOS", at + 6 + range * 6)).contains(glyph) {
            return u16("GPOS", at + 8 + range * 6) + glyph - u16("GPOS", at + 4 + range * 6)
        }
        return nil
    }

    private func classOf(_ at: Int, _ glyph: Int) -> Int {
        if u16("GPOS", at) == 1 {
            let start = u16("GPOS", at + 2), count = u16("GPOS", at + 4)
            return (start..<(start + count)).contains(glyph) ? u16("GPOS", at + 6 + (glyph - start) * 2) : 0
        }
        for range in 0..<u16("GPOS", at + 2) where (u16("GPOS", at + 4 + range * 6)...u16("GPOS", at + 6 + range * 6)).contains(glyph) {
            return u16("GPOS", at + 8 + range * 6)
        }
        return 0
    }
}

struct GlyphRenumberingTests {
    @Test("kept glyphs get compact ids in their order, .notdef first; composites name their components' new ids")
    func compactIDs() throws {
        let font = TinyFont(glyphs: [.triangle, .triangle, .triangle, .composite([4]), .triangle],
                            characters: [(0x41, 1), (0x42, 3)])
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["B"])
        let written = WrittenFont(subset.bytes)
        #expect(written.glyphCount == 3)
        #expect(subset.subsetGlyphCount == 3 && subset.keptGlyphCount == 3 && subset.glyphCount == 5)
        #expect(subset.note == nil)
        #expect(written.advances == [500, 503, 504], "glyphs 0, 3 and 4 in their order")
        #expect(written.components(1) == [2], "the composite (was 3) names its component (was 4) by its new id")
        #expect(try FontCharacterCoverage(font: subset.bytes).mapped(["A", "B"]) == ["B"])
        #expect(written.u16("cmap", 2) == 2, "a BMP-only subset has no format 12 subtable")
    }

    @Test(".notdef keeps its advance, and its outline only when a kept character has no glyph (the text draws it)")
    func notdefOutline() throws {
        let font = TinyFont(glyphs: [.triangle, .triangle], characters: [(0x41, 1)])
        let written = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: ["A"]).bytes)
        #expect(written.advances == [500, 501])
        #expect(written.u16("loca", 2) == 0, "glyph 0's outline is empty")
        let unmapped = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: ["A", "Z"]).bytes)
        #expect(unmapped.u16("loca", 2) != 0, "Z has no glyph: the text draws .notdef")
    }

    @Test("GSUB: lookups whose substitutions lost their glyphs are removed, the others renumbered")
    func substitutionPruning() throws {
        var font = TinyFont(glyphs: Array(repeating: .triangle, count: 9), characters: [(0x66, 1), (0x69, 2), (0x61, 3), (0x7A, 8)])
        font.extraTables["GSUB"] = TinyFont.substitutions(first: 1, second: 2, ligature: 4, source: 3, alternate: 5, delta: 2)
        let all = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: ["f", "i", "a"]).bytes)
        #expect(all.advances == [500, 501, 502, 503, 504, 505, 507])
        #expect(all.lookupCount("GSUB") == 3)
        let noLigature = try TrueTypeSubsetter().subset(font.bytes, keeping: ["f", "a"])
        let written = WrittenFont(noLigature.bytes)
        #expect(written.advances == [500, 501, 503, 505, 507])
        #expect(written.lookupCount("GSUB") == 2, "the ligature needs i: its lookup is gone")
        let again = try TrueTypeSubsetter().subset(noLigature.bytes, keeping: ["f", "a"])
        #expect(again.keptGlyphCount == 5, "the rewritten single and extension substitutions reach the same glyphs")
        let onlyF = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: ["f"]).bytes)
        #expect(onlyF.lookupCount("GSUB") == 0)
    }

    @Test("GPOS: glyph pairs and class pairs adjust every kept pair as before, through the new ids and classes")
    func positioningPruning() throws {
        var font = TinyFont(glyphs: Array(repeating: .triangle, count: 5), characters: [(0x41, 1), (0x42, 2), (0x43, 3), (0x44, 4)])
        font.extraTables["GPOS"] = TinyFont.pairPositioning()
        let original = WrittenFont(font.bytes)
        for kept in [["A", "D"], ["B", "C"], ["A", "B", "C", "D"], ["C"]] as [Set<Unicode.Scalar>] {
            let subset = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: kept).bytes)
            let oldIDs = subset.advances.map { $0 - 500 }
            for (new1, old1) in oldIDs.enumerated() {
                for (new2, old2) in oldIDs.enumerated() {
                    #expect(subset.kerning(new1, new2) == original.kerning(old1, old2), "\(kept): \(old1), \(old2)")
                }
            }
        }
        let pair = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: ["A", "D"]).bytes)
        #expect(pair.kerning(1, 2) == -60 + 50, "the glyph pair's -60 and classes (1, 2)'s 50: 1 and 4 are in first class 1 and second class 2")
        let none = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: ["C"]).bytes)
        #expect(none.lookupCount("GPOS") == 1, "glyph 3 has no glyph pair partner kept: only the class lookup stays")
    }

    @Test("kern: the pairs of two kept glyphs, renumbered")
    func legacyKerning() throws {
        var font = TinyFont(glyphs: Array(repeating: .triangle, count: 4), characters: [(0x41, 1), (0x43, 3)])
        font.extraTables["kern"] = TinyFont.kerning([(1, 2, 0xFFF0), (1, 3, 0xFFE0), (3, 1, 5)])
        let written = WrittenFont(try TrueTypeSubsetter().subset(font.bytes, keeping: ["A", "C"]).bytes)
        let kern = written.tables["kern"]!.lowerBound
        #expect(written.u16("kern", 10) == 2)
        let pairs = (0..<2).map { [WrittenFont.u16(written.bytes, kern + 18 + $0 * 6), WrittenFont.u16(written.bytes, kern + 20 + $0 * 6),
                                   WrittenFont.u16(written.bytes, kern + 22 + $0 * 6)] }
        #expect(pairs == [[1, 2, 0xFFE0], [2, 1, 5]])
    }

    @Test("a font with a table that names glyphs in ways the subsetter does not rewrite keeps its glyph ids, with a note")
    func unknownTableKeepsIDs() throws {
        var font = TinyFont(glyphs: [.triangle, .triangle, .triangle], characters: [(0x41, 2)])
        font.extraTables["JSTF"] = [0, 1, 0, 0, 0, 0]
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["A"])
        let written = WrittenFont(subset.bytes)
        #expect(written.glyphCount == 3 && subset.subsetGlyphCount == 3)
        #expect(subset.note?.contains("JSTF") == true)
        #expect(written.u16("loca", 4) == 0, "glyph 1 is not kept: its outline is empty")
        #expect(written.tables["JSTF"] != nil)
    }

    @Test("vertical metrics are renumbered as the horizontal ones: vmtx in the new order, vhea's long metric count")
    func verticalMetrics() throws {
        var font = TinyFont(glyphs: Array(repeating: .triangle, count: 5), characters: [(0x41, 1), (0x42, 3)])
        var vhea = FontWriter()
        vhea.u32(0x0001_1000)
        for _ in 0..<15 { vhea.u16(0) }
        vhea.u16(4)                                                  // 4 long metrics, glyph 4 shares glyph 3's advance
        font.extraTables["vhea"] = vhea.bytes
        var vmtx = FontWriter()
        for glyph in 0..<4 { vmtx.u16(1000 + glyph * 10); vmtx.u16(glyph) }
        vmtx.u16(4)
        font.extraTables["vmtx"] = vmtx.bytes
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["B"])
        let written = WrittenFont(subset.bytes)
        #expect(subset.note == nil && written.glyphCount == 2, "renumbered: glyphs 0 and 3")
        let longCount = written.u16("vhea", 34)
        #expect(longCount == 2)
        #expect((0..<longCount).map { written.u16("vmtx", $0 * 4) } == [1000, 1030])
        #expect((0..<longCount).map { written.u16("vmtx", $0 * 4 + 2) } == [0, 3])
    }

    @Test("hostile layout tables: a lookup past the end is a typed error; class ranges over every glyph cost work per kept glyph")
    func hostileLayout() throws {
        var font = TinyFont(glyphs: Array(repeating: .triangle, count: 5), characters: [(0x41, 1)])
        var gpos = TinyFont.pairPositioning()
        gpos[gpos.count - 1] = 0
        let lookupList = Int(gpos[8]) << 8 | Int(gpos[9])
        gpos[lookupList + 2] = 0x7F                             // the first lookup's offset, far past the end
        font.extraTables["GPOS"] = gpos
        do {
            _ = try TrueTypeSubsetter().subset(font.bytes, keeping: ["A"])
            Issue.record("a lookup past the end was read")
        } catch {
            #expect(error.table == "GPOS")
            if case .offsetOutOfBounds = error.reason {} else { Issue.record("got \(error)") }
        }
        // 20,000 ranges, each over every glyph id: the kept glyphs are looked up, not the ranges' glyphs.
        var classes = FontWriter()
        classes.u16(2); classes.u16(20_000)
        for _ in 0..<20_000 { classes.u16(0); classes.u16(0xFFFF); classes.u16(1) }
        let table = FontBytes.Table(font: FontBytes(bytes: classes.bytes), tag: "GPOS", start: 0, end: classes.bytes.count)
        var kept = [Bool](repeating: false, count: 65_536)
        kept[0] = true; kept[7] = true; kept[60_000] = true
        var budget = LayoutBudget(tableBytes: 0)
        let read = try LayoutCoverage.readClasses(table, 0, GlyphMap(kept: kept), &budget)
        #expect(read.map(\.glyph) == [0, 1, 2] && read.allSatisfy { $0.value == 1 })
        var small = LayoutBudget(tableBytes: -19_900)                 // 20,000 units left: fewer than 20,000 ranges x 4
        #expect(throws: FontSubsetError.self) { try LayoutCoverage.readClasses(table, 0, GlyphMap(kept: kept), &small) }
    }
}
