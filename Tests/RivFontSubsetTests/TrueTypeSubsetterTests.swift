import Foundation
import Testing
import RivFormat
import RivTestSupport
@testable import RivFontSubset

/// The outline byte ranges of a font the subsetter wrote, read back.
private func outlineRanges(_ font: [UInt8]) throws -> [Range<Int>] {
    let directory = try TableDirectory(font: FontBytes(bytes: font))
    let head = try directory.required("head")
    let count = try directory.required("maxp").u16(4)
    return try GlyphOutlines(glyf: directory.required("glyf"), loca: directory.required("loca"),
                             glyphCount: count, longOffsets: head.u16(50) == 1).ranges
}

/// The error subsetting `bytes` to `scalars` throws; nil when it succeeds.
private func reason(_ bytes: [UInt8], _ scalars: Set<Unicode.Scalar>) -> FontSubsetError? {
    do { _ = try TrueTypeSubsetter().subset(bytes, keeping: scalars); return nil } catch { return error }
}

/// The closure of a font whose GSUB nests 16 contextual lookups, each naming the next 8 times, with `budget` units of work.
private func nestedClosure(budget: Int) throws -> SubstitutionClosure {
    var nested = TinyFont(glyphs: Array(repeating: .triangle, count: 3), characters: [(0x41, 1)])
    nested.extraTables["GSUB"] = TinyFont.nestedContexts(levels: 16, records: 8)
    return SubstitutionClosure(gsub: try TableDirectory(font: FontBytes(bytes: nested.bytes)).required("GSUB"), budget: budget)
}

struct TrueTypeSubsetterTests {
    let font = TinyFont(glyphs: [.triangle, .triangle, .triangle, .composite([1, 2]), .triangle],
                        characters: [(0x41, 1), (0x42, 3), (0x1F600, 4)])

    @Test("keeps the mapped glyphs and the components of kept composites, drops the rest")
    func keepsReachableGlyphs() throws {
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["B"])
        let ranges = try outlineRanges(subset.bytes)
        #expect(ranges.map { !$0.isEmpty } == [false, true, true, true], ".notdef without outline, 1-3 kept, 4 dropped")
        #expect(subset.keptGlyphCount == 4)
        #expect(subset.mappedCharacterCount == 1)
        let again = try TrueTypeSubsetter().subset(subset.bytes, keeping: ["B", "A", "\u{1F600}"])
        #expect(again.mappedCharacterCount == 1, "the subset maps only B")
    }

    @Test("the new cmap maps kept characters beyond the BMP through format 12")
    func mapsSupplementaryCharacters() throws {
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["\u{1F600}"])
        #expect(try outlineRanges(subset.bytes).map { !$0.isEmpty } == [false, true])
        let cmap = try TableDirectory(font: FontBytes(bytes: subset.bytes)).required("cmap")
        #expect(try cmap.u16(2) == 4, "format 4 and format 12, each for two platforms")
        #expect(try TrueTypeSubsetter().subset(subset.bytes, keeping: ["\u{1F600}"]).mappedCharacterCount == 1)
    }

    @Test("the file's checksums hold: head's adjustment makes the whole font sum to 0xB1B0AFBA")
    func checksumAdjustment() throws {
        let subset = try TrueTypeSubsetter().subset(font.bytes, keeping: ["A"])
        #expect(SfntAssembler.checksum(subset.bytes) == 0xB1B0_AFBA)
    }

    @Test("GSUB closure keeps ligatures, single and extension substitution results")
    func substitutionClosure() throws {
        var withLayout = TinyFont(glyphs: Array(repeating: .triangle, count: 9),
                                  characters: [(0x66, 1), (0x69, 2), (0x61, 3), (0x7A, 8)])
        withLayout.extraTables["GSUB"] = TinyFont.substitutions(first: 1, second: 2, ligature: 4, source: 3, alternate: 5, delta: 2)
        let both = try TrueTypeSubsetter().subset(withLayout.bytes, keeping: ["f", "i", "a"])
        #expect(try outlineRanges(both.bytes).map { !$0.isEmpty } == [false] + Array(repeating: true, count: 6), "glyphs 1-5 and 7")
        let onlyF = try TrueTypeSubsetter().subset(withLayout.bytes, keeping: ["f"])
        #expect(try outlineRanges(onlyF.bytes).map { !$0.isEmpty } == [false, true], "the ligature needs both components")
    }

    @Test("a composite that contains itself is an error, not a hang")
    func cyclicComposite() {
        let cyclic = TinyFont(glyphs: [.triangle, .composite([2]), .composite([3]), .composite([1])], characters: [(0x41, 1)])
        let error = reason(cyclic.bytes, ["A"])
        #expect(error?.reason == .cyclicComposite(glyph: 1))
        #expect(error?.table == "glyf")
    }

    @Test("every truncation of a font is a typed error, never a crash")
    func truncatedFonts() throws {
        let whole = font.bytes
        for length in 0..<whole.count {
            let cut = Array(whole[..<length])
            if let error = reason(cut, ["B"]) {
                #expect(error.offset <= whole.count)
            }
        }
        #expect(reason(Array(whole[..<40]), ["B"])?.table == "sfnt")
    }

    @Test("a table record pointing past the end names the directory and the offset")
    func tablePastTheEnd() {
        var bytes = font.bytes
        bytes[12 + 8] = 0x7F                                  // first table's offset, high byte
        let error = reason(bytes, ["B"])
        #expect(error?.table == "sfnt")
        #expect(error?.offset == 20)
        if case .offsetOutOfBounds = error?.reason {} else { Issue.record("got \(String(describing: error))") }
    }

    @Test("an offset pointing past the end is reported where it is stored, inside the font, and shrink's note says the font stayed whole")
    func offsetPastTheEndInsideTheFont() throws {
        var variable = TinyFont(glyphs: Array(repeating: .triangle, count: 4), characters: [(0x41, 1), (0x42, 2)])
        var hvar = FontWriter()
        hvar.u16(1); hvar.u16(0); hvar.u32(0x005D_0000); hvar.u32(0); hvar.u32(0); hvar.u32(0)   // store offset past the end
        variable.extraTables["HVAR"] = hvar.bytes
        let bytes = variable.bytes
        let error = try #require(reason(bytes, ["A"]))
        #expect(error.table == "HVAR")
        #expect(error.offset < bytes.count, "\(error)")
        #expect(error.reason == .offsetOutOfBounds(error.offset + 0x005D_0000))
    }

    @Test("a glyph count larger than loca holds is an error naming loca")
    func hugeGlyphCount() {
        var huge = font
        huge.declaredGlyphCount = 65535
        let error = reason(huge.bytes, ["B"])
        #expect(error?.table == "loca")
        #expect(error?.reason == .truncated(needed: 65536 * 4))
    }

    @Test("a GSUB whose coverage asks for more work than any font needs is refused")
    func hostileCoverage() {
        var hostile = TinyFont(glyphs: Array(repeating: .empty, count: 65535), characters: [(0x41, 1)])
        hostile.extraTables["GSUB"] = TinyFont.hostileCoverage(ranges: 200)
        let error = reason(hostile.bytes, ["A"])
        #expect(error?.reason == .tooComplex)
        #expect(error?.table == "GSUB")
    }

    @Test("contextual lookups naming each other many times cost work linear in the table, not exponential")
    func nestedContextsStayLinear() throws {
        var kept = [true, true, false]
        var closure = try nestedClosure(budget: 2_000)
        try closure.close(&kept)
        #expect(kept == [true, true, true], "the last lookup's substitution is reached")
        #expect(closure.spent < 1_000, "8^16 applications unless each is answered once per pass; spent \(closure.spent)")
    }

    @Test("a closure beyond its budget leaves the font whole with the reason")
    func closureBudget() throws {
        var kept = [true, true, false]
        var closure = try nestedClosure(budget: 50)
        #expect(throws: FontSubsetError.self) { try closure.close(&kept) }
        #expect(closure.spent > 50 && closure.spent < 100, "stops soon after the budget runs out")
    }

    @Test("CFF fonts, collections, colour fonts and non-fonts are left whole with the reason")
    func unsupportedKinds() {
        let otto: [UInt8] = [0x4F, 0x54, 0x54, 0x4F] + [UInt8](repeating: 0, count: 8)
        let collection: [UInt8] = Array("ttcf".utf8) + [UInt8](repeating: 0, count: 8)
        var colour = font
        colour.extraTables["COLR"] = [0, 0]
        #expect(reason(otto, ["A"])?.reason == .cffOutlines)
        #expect(reason(collection, ["A"])?.reason == .collection)
        #expect(reason(colour.bytes, ["A"])?.isUnsupportedKind == true)
        #expect(reason(Array("PNG!1234".utf8), ["A"])?.reason == .notAFont)
    }
}

/// The fuzz target's seeds of hostile layout tables (Fuzz/regressions), each a
/// `.riv` the project's writer makes around a font these tests build, so that the
/// fuzzer starts from the closure's budget and its memoised nesting.
struct HostileLayoutSeedTests {
    /// A file with one embedded font asset holding `font`.
    static func riv(embedding font: [UInt8]) -> [UInt8] {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.fontAsset, properties: [(Schema.PropertyKey.assetName, .string("Hostile")),
                                                                             (Schema.PropertyKey.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(font))])
        return Array(encoder.bytes)
    }

    static let seeds: [(name: String, font: TinyFont)] = {
        var nested = TinyFont(glyphs: Array(repeating: .triangle, count: 3), characters: [(0x41, 1)])
        nested.extraTables["GSUB"] = TinyFont.nestedContexts(levels: 17, records: 8)
        var coverage = TinyFont(glyphs: Array(repeating: .empty, count: 2_000), characters: [(0x41, 1)])
        coverage.extraTables["GSUB"] = TinyFont.hostileCoverage(ranges: 40)
        return [("gsub-nested-contexts.riv", nested), ("gsub-overlapping-coverage.riv", coverage)]
    }()

    @Test("each hostile-layout fuzz seed is the file the writer makes around its font")
    func seedsAreTheWritersFiles() throws {
        for (name, font) in Self.seeds {
            let url = SharedData.packageRoot.appendingPathComponent("Fuzz/regressions/" + name)
            let stored = try #require(FileManager.default.contents(atPath: url.path), "\(name) is missing")
            #expect(Array(stored) == Self.riv(embedding: font.bytes), "\(name) differs from what the writer makes")
        }
    }
}
