import Testing
@testable import RivFontSubset

/// A cmap with one BMP format 4 subtable per record, in the order given.
private func characterMap(_ records: [(platform: Int, encoding: Int, mapping: [(scalar: UInt32, glyph: Int)])]) -> [UInt8] {
    let bodies = records.map { Array(CharacterMap.write($0.mapping).dropFirst(4 + 2 * 8)) }
    var out = FontWriter()
    out.u16(0)
    out.u16(records.count)
    var offset = 4 + records.count * 8
    for (record, body) in zip(records, bodies) {
        out.u16(record.platform); out.u16(record.encoding); out.u32(offset)
        offset += body.count
    }
    for body in bodies { out.append(body) }
    return out.bytes
}

/// The characters of `scalars` the font maps.
private func mapped(_ font: [UInt8], _ scalars: String) throws -> Set<Unicode.Scalar> {
    try FontCharacterCoverage(font: font).mapped(Set(scalars.unicodeScalars))
}

/// The characters HarfBuzz looks up besides the text's own (mirrors, decompositions,
/// compositions, space fallbacks, variation sequences), and which characters it draws.
struct ShapingCharacterTests {
    @Test("a kept mirrored character keeps its mirror (right-to-left text draws ‹ with ›, ⟜ with ⊸)")
    func mirrors() throws {
        let font = TinyFont(glyphs: Array(repeating: .triangle, count: 6),
                            characters: [(0x5D0, 1), (0x2039, 2), (0x203A, 3), (0x27DC, 4), (0x22B8, 5)])
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: Set("א ‹ ⟜".unicodeScalars))
        #expect(try mapped(subset.bytes, "‹›⟜⊸") == Set("‹›⟜⊸".unicodeScalars))
        #expect(subset.mappedCharacterCount == 3, "the requested characters the font maps")
    }

    @Test("a space the font lacks draws with U+0020, U+2011 with U+2010: both kept, neither missing")
    func spaceFallbacks() throws {
        let font = TinyFont(glyphs: Array(repeating: .triangle, count: 5), characters: [(0x20, 1), (0x41, 2), (0x42, 3), (0x2010, 4)])
        let text = "A\u{2003}B\u{2011}"
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: Set(text.unicodeScalars))
        #expect(try mapped(subset.bytes, " \u{2010}") == [" ", "\u{2010}"])
        #expect(try FontCharacterCoverage(font: font.bytes).missing(from: text.unicodeScalars) == [])
        let figure = try TrueTypeSubsetter().subset(TinyFont(glyphs: Array(repeating: .triangle, count: 3),
                                                             characters: [(0x20, 1), (0x37, 2)]).bytes, keeping: ["\u{2007}"])
        #expect(try mapped(figure.bytes, " 7") == [" ", "7"], "a figure space takes a digit's advance")
        let joined = try TrueTypeSubsetter().subset(font.bytes, keeping: ["A", "\u{200D}"])
        #expect(try mapped(joined.bytes, " ") == [" "], "HarfBuzz hides a default-ignorable character with the space glyph")
    }

    @Test("a precomposed character the font lacks draws decomposed: é keeps e and U+0301")
    func decomposition() throws {
        let font = TinyFont(glyphs: Array(repeating: .triangle, count: 5), characters: [(0x65, 1), (0x301, 2), (0x41, 3), (0x30A, 4)])
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["é"])
        #expect(try mapped(subset.bytes, "e\u{301}A") == ["e", "\u{301}"])
        let coverage = try FontCharacterCoverage(font: font.bytes)
        #expect(try coverage.missing(from: "é\u{1E08}Å".unicodeScalars) == ["\u{1E08}"], "Ḉ needs U+0327, Å (U+212B) goes through U+00C5")
    }

    @Test("decomposed text draws with the precomposed glyph the font has: e U+0301 keeps é")
    func composition() throws {
        let font = TinyFont(glyphs: Array(repeating: .triangle, count: 3), characters: [(0xE9, 1), (0x41, 2)])
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["e", "\u{301}"])
        #expect(try mapped(subset.bytes, "éA") == ["é"])
        let coverage = try FontCharacterCoverage(font: font.bytes)
        #expect(try coverage.missing(from: "e\u{301}".unicodeScalars) == [])
        #expect(try coverage.missing(from: "e \u{301}".unicodeScalars) == [" ", "e", "\u{301}"], "apart they do not compose")
        let hebrew = TinyFont(glyphs: Array(repeating: .triangle, count: 2), characters: [(0xFB31, 1)])
        #expect(try mapped(try TrueTypeSubsetter().subset(hebrew.bytes, keeping: ["\u{5D1}", "\u{5BC}"]).bytes, "\u{FB31}") == ["\u{FB31}"],
                "HarfBuzz's Hebrew shaper composes bet and dagesh though NFC does not")
        #expect(try FontCharacterCoverage(font: hebrew.bytes).missing(from: "\u{5D1}\u{5BC}".unicodeScalars) == [])
        let hangul = TinyFont(glyphs: Array(repeating: .triangle, count: 2), characters: [(0xD55C, 1)])
        #expect(try mapped(try TrueTypeSubsetter().subset(hangul.bytes, keeping: ["\u{1112}", "\u{1161}", "\u{11AB}"]).bytes, "한") == ["한"])
    }

    @Test("a mark of a precomposed character composes only after that character's first part: A and ϋ keep no Ä (fuzz invariant 13)")
    func compositionFollowsItsBase() throws {
        let font = TinyFont(glyphs: Array(repeating: .triangle, count: 8),
                            characters: [(0x41, 1), (0x308, 2), (0xC4, 3), (0x3C5, 4), (0x3CB, 5), (0x3B0, 6), (0x301, 7)])
        let apart = try TrueTypeSubsetter().subset(font.bytes, keeping: ["A", "\u{3CB}"])
        #expect(try mapped(apart.bytes, "A\u{C4}\u{3C5}\u{3CB}\u{3B0}\u{308}\u{301}") == ["A", "\u{3C5}", "\u{3CB}", "\u{308}"],
                "ϋ's diaeresis follows υ, never A")
        let marked = try TrueTypeSubsetter().subset(font.bytes, keeping: ["A", "\u{308}"])
        #expect(try mapped(marked.bytes, "\u{C4}") == ["\u{C4}"], "a diaeresis of the text may follow A")
        let tonos = try TrueTypeSubsetter().subset(font.bytes, keeping: ["\u{3CB}", "\u{301}"])
        #expect(try mapped(tonos.bytes, "\u{3B0}") == ["\u{3B0}"], "the text's acute joins υ after ϋ's own diaeresis")
        let vietnamese = TinyFont(glyphs: Array(repeating: .triangle, count: 6),
                                  characters: [(0x65, 1), (0x323, 2), (0x302, 3), (0xEA, 4), (0x1EC7, 5)])
        let dotted = try TrueTypeSubsetter().subset(vietnamese.bytes, keeping: ["\u{1EC7}"])
        #expect(try mapped(dotted.bytes, "\u{EA}") == ["\u{EA}"], "ệ decomposed composes e with its circumflex past the dot below")
    }

    @Test("variation sequences (cmap format 14) of the kept text are kept with their glyphs")
    func variationSequences() throws {
        var font = TinyFont(glyphs: Array(repeating: .triangle, count: 5), characters: [])
        let sequences = [VariationSequences.Entry(selector: 0xE0100, base: 0x845B, glyph: 3),
                         VariationSequences.Entry(selector: 0xE0100, base: 0x8FBB, glyph: 4),
                         VariationSequences.Entry(selector: 0xFE00, base: 0x845B, glyph: nil)]
        font.extraTables["cmap"] = CharacterMap.write([(0x845B, 1), (0x8FBB, 2)], sequences: sequences)
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["\u{845B}", "\u{E0100}"])
        #expect(subset.keptGlyphCount == 3, ".notdef, U+845B's glyph and its variant")
        let cmap = try TableDirectory(font: FontBytes(bytes: subset.bytes)).required("cmap")
        let kept = try VariationSequences.read(cmap, selectors: [0xE0100, 0xFE00], bases: [0x845B, 0x8FBB], glyphCount: 3)
        #expect(kept == [VariationSequences.Entry(selector: 0xE0100, base: 0x845B, glyph: 2)])
        #expect(try FontCharacterCoverage(font: font.bytes).missing(from: "\u{845B}\u{E0100}".unicodeScalars) == [],
                "a variation selector is hidden, not drawn")
        let whole = try #require(font.extraTables["cmap"])
        for length in 0..<whole.count {
            var cut = font
            cut.extraTables["cmap"] = Array(whole[..<length])
            do { _ = try TrueTypeSubsetter().subset(cut.bytes, keeping: ["\u{845B}", "\u{E0100}"]) } catch {
                #expect(error.table == "cmap", "a truncated cmap is a typed error naming it")
            }
        }
    }

    @Test("the cmap subtable is HarfBuzz's: 3/1 before 0/3 whatever the directory order")
    func subtableOrder() throws {
        var font = TinyFont(glyphs: [.triangle, .empty, .triangle], characters: [])
        font.extraTables["cmap"] = characterMap([(0, 3, [(0x41, 1)]), (3, 1, [(0x41, 2)])])
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["A"])
        #expect(subset.keptGlyphCount == 2)
        let directory = try TableDirectory(font: FontBytes(bytes: subset.bytes))
        let outlines = try GlyphOutlines(glyf: directory.required("glyf"), loca: directory.required("loca"), glyphCount: 2,
                                         longOffsets: directory.required("head").u16(50) == 1)
        #expect(!outlines.ranges[1].isEmpty, "A draws the glyph 3/1 names (a triangle), not 0/3's empty one")
        var symbol = TinyFont(glyphs: [.triangle, .triangle, .triangle], characters: [])
        symbol.extraTables["cmap"] = characterMap([(3, 0, [(0xF041, 1)]), (3, 1, [(0x41, 2)])])
        #expect(try mapped(symbol.bytes, "A") == ["A"], "a symbol subtable comes first and answers A with U+F041")
        #expect(try TrueTypeSubsetter().subset(symbol.bytes, keeping: ["A"]).keptGlyphCount == 2)
    }

    @Test("the generated tables are sorted, as the binary searches over them need")
    func tablesSorted() {
        for (table, stride) in [(UnicodeTables.decompositions, 3), (UnicodeTables.mirrors, 2)] {
            let keys = Swift.stride(from: 0, to: table.count, by: stride).map { table[$0] }
            #expect(keys == keys.sorted() && Set(keys).count == keys.count)
        }
        let pairs = Swift.stride(from: 0, to: UnicodeTables.compositions.count, by: 3)
            .map { UInt64(UnicodeTables.compositions[$0]) << 32 | UInt64(UnicodeTables.compositions[$0 + 1]) }
        #expect(pairs == pairs.sorted())
        #expect(ShapingCharacters.decomposition(of: 0xD55C)! == (0xD558, 0x11AB) && ShapingCharacters.decomposition(of: 0xD558)! == (0x1112, 0x1161))
    }
}
