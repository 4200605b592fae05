import Foundation
import Testing
import RivFormat
@testable import RivFontSubset
import RivTestSupport
import RivTestTags

/// Cut-down copies of one font, made with our subsetter from a corpus font, merge
/// into one font that maps every character either maps and draws each as the
/// original does; copies of other fonts are refused.
struct FontMergerTests {
    /// The corpus' variable fonts with composite glyphs, largest first (distinct bytes).
    static func corpusFonts() -> [[UInt8]] {
        var seen = Set<Data>()
        var fonts: [[UInt8]] = []
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            for asset in file.assets where asset.type == .font && asset.detectedFormat == .ttf {
                guard let bytes = asset.embeddedBytes, bytes.count > 100_000, seen.insert(bytes).inserted else { continue }
                fonts.append([UInt8](bytes))
            }
        }
        return fonts.sorted { $0.count > $1.count }
    }

    @Test("two cut-down copies merge: the union is mapped, every character drawn as the original draws it",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func copiesMerge() throws {
        let fonts = Self.corpusFonts()
        let original = try #require(fonts.first)
        let first = Set("Hello World, Rive!".unicodeScalars), second = Set("Wonderful 0123 \u{C5}ngstr\u{F6}m \u{C9}t\u{E9} caf\u{E9}".unicodeScalars)
        let copyA = try TrueTypeSubsetter().subset(original, keeping: first).bytes
        let copyB = try TrueTypeSubsetter().subset(original, keeping: second).bytes
        let union = first.union(second)
        let merged = try FontMerger().merge([copyA, copyB])
        let mapped = try FontCharacterCoverage(font: merged.bytes).mapped(union)
        let expected = try FontCharacterCoverage(font: original).mapped(union)
        #expect(mapped == expected)
        #expect(try FontCharacterCoverage(font: copyA).mapped(union) != expected, "neither copy maps every character")
        #expect(try FontCharacterCoverage(font: copyB).mapped(union) != expected)
        #expect(merged.addedCharacters.reduce(0, +) > 0)
        // The merger refuses a copy that draws a character it holds otherwise: the
        // original subset to the union merges with the merged font, so every
        // character's outline, advance and variation data are the original's.
        let exact = try TrueTypeSubsetter().subset(original, keeping: union).bytes
        let again = try FontMerger().merge([exact, merged.bytes])
        #expect(again.addedCharacters == [0, 0], "the exact subset maps every character the merged font maps")
        // The merged font subsets again (strip subsets what it merged).
        let subset = try TrueTypeSubsetter().subset(merged.bytes, keeping: second)
        #expect(try FontCharacterCoverage(font: subset.bytes).mapped(second) == (try FontCharacterCoverage(font: original).mapped(second)))
        // HarfBuzz (when installed) draws and advances every character of the merged
        // font as the original does, at the default and at every named instance
        // (advances of added glyphs vary through the merged HVAR).
        let folder = try TemporaryDirectory()
        let lines = union.sorted { $0.value < $1.value }.map { String(Character($0)) }.joined(separator: "\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", SharedData.packageRoot.appendingPathComponent("Scripts/compare-font-shaping.py").path,
                             try folder.write("original.ttf", original), try folder.write("merged.ttf", merged.bytes), try folder.write("text.txt", Array(lines.utf8))]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 {
            print("uharfbuzz is absent (pip install uharfbuzz): shaping comparison skipped")
        } else {
            #expect(process.terminationStatus == 0, "\(message)")
        }
        print("merged \(copyA.count) + \(copyB.count) bytes -> \(merged.bytes.count) bytes (\(merged.mappedCharacterCount) characters; "
              + "the original subset to them: \(exact.count) bytes); notes: \(merged.notes)")
    }

    /// fontTools' subsetter, when installed.
    static let pyftsubset = ["/root/.local/bin/pyftsubset", "/usr/local/bin/pyftsubset", "/usr/bin/pyftsubset"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("a copy cut by another subsetter (fontTools: its own gvar shared tuples, glyphs recompiled) merges with ours",
          .tags(.corpus), .enabled(if: SharedData.isPresent && pyftsubset != nil, "../shared/corpus or pyftsubset is absent"))
    func copiesOfAnotherSubsetterMerge() throws {
        let original = try #require(Self.corpusFonts().first)
        let folder = try TemporaryDirectory()
        let source = try folder.write("original.ttf", original)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.pyftsubset))
        process.arguments = [source, "--text=Wonderful 0123 \u{C5}ngstr\u{F6}m", "--layout-features=*", "--output-file=" + folder.path("theirs.ttf")]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let theirs = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("theirs.ttf"))))
        let ours = try TrueTypeSubsetter().subset(original, keeping: Set("Hello World, Rive!".unicodeScalars)).bytes
        let merged = try FontMerger().merge([ours, theirs])
        let union = Set("Hello World, Rive! Wonderful 0123 \u{C5}ngstr\u{F6}m".unicodeScalars)
        #expect(try FontCharacterCoverage(font: merged.bytes).mapped(union) == (try FontCharacterCoverage(font: original).mapped(union)))
    }

    @Test("copies of other fonts are refused, naming how they differ",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func otherFontsAreRefused() throws {
        let fonts = Self.corpusFonts()
        guard fonts.count >= 2 else { return }
        let text = Set("Hello".unicodeScalars)
        let first = try TrueTypeSubsetter().subset(fonts[0], keeping: text).bytes
        let second = try TrueTypeSubsetter().subset(fonts[1], keeping: Set("World".unicodeScalars)).bytes
        #expect {
            _ = try FontMerger().merge([first, second])
        } throws: { error in
            guard case .differentFonts(let why) = error as? FontMergeError else { return false }
            return !why.isEmpty
        }
    }

    @Test("a damaged copy is a typed error, never a crash")
    func damagedCopy() {
        #expect(throws: FontMergeError.self) { _ = try FontMerger().merge([[0, 1, 0, 0, 0, 9]]) }
    }
}

/// Hostile copies: composites shared at every level (each pair compared once), nested past any real font.
struct FontMergerHostileTests {
    @Test("composites sharing components at 40 levels (2^40 paths) merge: each pair of glyphs is compared once")
    func sharedComponentsAreComparedOnce() throws {
        var glyphs: [TinyFont.Glyph] = [.empty]
        for level in 1...40 { glyphs.append(.composite([level + 1, level + 1])) }
        glyphs += [.triangle, .triangle]
        let first = TinyFont(glyphs: glyphs, characters: [(0x41, 1)]).bytes
        let second = TinyFont(glyphs: glyphs, characters: [(0x41, 1), (0x42, 42)]).bytes
        let merged = try FontMerger().merge([first, second])
        #expect(try FontCharacterCoverage(font: merged.bytes).mapped(["A", "B"]) == ["A", "B"])
    }

    @Test("copies whose merge would hold more than 65,535 glyphs are a typed error, never a truncated glyph count")
    func tooManyGlyphs() {
        let glyphs: [TinyFont.Glyph] = [.empty] + Array(repeating: .triangle, count: 40_000)
        let first = TinyFont(glyphs: glyphs, characters: (0..<40_000).map { (UInt32(0x10000 + $0), $0 + 1) }).bytes
        let second = TinyFont(glyphs: glyphs, characters: (0..<40_000).map { (UInt32(0x30000 + $0), $0 + 1) }).bytes
        #expect {
            _ = try FontMerger().merge([first, second])
        } throws: { error in
            guard case .unreadable(_, let reason) = error as? FontMergeError else { return false }
            return reason.description.contains("over 65,535")
        }
    }

    @Test("composites nested deeper than 64 are a typed error, never a stack overflow")
    func deepNestingIsAnError() {
        var glyphs: [TinyFont.Glyph] = [.empty]
        for level in 1...200 { glyphs.append(.composite([level + 1])) }
        glyphs.append(.triangle)
        let first = TinyFont(glyphs: glyphs, characters: [(0x41, 1)]).bytes
        let second = TinyFont(glyphs: glyphs, characters: [(0x41, 1), (0x42, 201)]).bytes
        #expect(throws: FontMergeError.self) { _ = try FontMerger().merge([first, second]) }
    }

    @Test("a class kerning subtable adjusting every pair of shared and added glyphs is a typed error past the work budget, never a quadratic table")
    func pairsOfEveryGlyphAreBudgeted() throws {
        // One class pair subtable over every glyph, class 0 against class 0 kerned -10.
        var pairs = FontWriter()
        pairs.u16(2); pairs.u16(18); pairs.u16(4); pairs.u16(0); pairs.u16(28); pairs.u16(32); pairs.u16(1); pairs.u16(1)
        pairs.u16(-10)
        pairs.u16(2); pairs.u16(1); pairs.u16(0); pairs.u16(0xFFFF); pairs.u16(0)     // coverage at 18: every glyph
        pairs.u16(2); pairs.u16(0)                                                   // class definition 1 at 28: none
        pairs.u16(2); pairs.u16(0)                                                   // class definition 2 at 32: none
        let gpos = TinyFont.layoutTable(lookups: [TinyFont.lookup(type: 2, pairs.bytes)], feature: "kern")
        let count = 3_000
        let glyphs: [TinyFont.Glyph] = [.empty] + Array(repeating: .triangle, count: 2 * count)
        // The base maps the shared characters and one more of its own than the copy adds.
        let shared = (0..<count).map { (UInt32(0x10000 + $0), $0 + 1) }
        let base = TinyFont(glyphs: glyphs + [.triangle], characters: shared + (0...count).map { (UInt32(0x30000 + $0), count + $0 + 1) },
                            extraTables: ["GPOS": gpos]).bytes
        let copy = TinyFont(glyphs: glyphs, characters: shared + (0..<count).map { (UInt32(0x20000 + $0), count + $0 + 1) },
                            extraTables: ["GPOS": gpos]).bytes
        #expect {
            _ = try FontMerger().merge([base, copy])
        } throws: { error in
            guard case .unreadable(_, let reason) = error as? FontMergeError else { return false }
            return reason.reason == .tooComplex
        }
    }
}

