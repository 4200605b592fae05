import Foundation
import Testing
import RivFontSubset
import RivTestSupport
import RivTestTags

/// Cut-down copies of a corpus variable font, merged, shape each copy's words
/// and lines mixing them as the original does: every copy's kerning, marks and
/// substitutions reach the merged font, with their variations.
struct FontMergerLayoutTests {
    /// Two texts whose words kern (AV, Wa, Ty, To, r-l), form ligatures (fi, ffi)
    /// and carry accents; the space is in both.
    static let first = "Hello Type Tokyo fjord caf\u{E9} 1/2"
    static let second = "AVATAR Wave World yoga office na\u{EF}ve \u{C5}ngstr\u{F6}m"

    /// Each word of both texts and lines of words from both: every two
    /// characters next to each other are in one text.
    static var lines: [String] {
        let words = first.split(separator: " ").map(String.init), others = second.split(separator: " ").map(String.init)
        return words + others + ["Hello World", "World Hello", "AVATAR Type", "Wave Tokyo office", "na\u{EF}ve caf\u{E9} 1/2 fjord yoga"]
    }

    /// The tags of a font's table directory.
    static func tableTags(_ font: [UInt8]) -> [String] {
        guard font.count >= 12 else { return [] }
        let count = Int(font[4]) << 8 | Int(font[5])
        return (0..<count).compactMap { index in
            let at = 12 + index * 16
            return at + 4 <= font.count ? String(decoding: font[at..<(at + 4)], as: UTF8.self) : nil
        }
    }

    /// The shaping script's verdict on `merged` against `original` for `lines`:
    /// its exit status and its count of lines shaped otherwise.
    static func compare(original: [UInt8], merged: [UInt8], lines: [String]) throws -> (status: Int32, summary: String, errors: String) {
        let folder = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", SharedData.packageRoot.appendingPathComponent("Scripts/compare-font-shaping.py").path,
                             try folder.write("original.ttf", original), try folder.write("merged.ttf", merged),
                             try folder.write("text.txt", Array(lines.joined(separator: "\n").utf8)), "--corners"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let summary = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, summary.split(separator: "\n").last.map(String.init) ?? "", message)
    }

    @Test("merged copies shape each copy's words and lines mixing them as the original, at the default, named instances and axis corners",
          .tags(.corpus, .tools), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func layoutIsMerged() throws {
        let original = try #require(FontMergerTests.corpusFonts().first)
        let copyA = try TrueTypeSubsetter().subset(original, keeping: Set(Self.first.unicodeScalars)).bytes
        let copyB = try TrueTypeSubsetter().subset(original, keeping: Set(Self.second.unicodeScalars)).bytes
        let merged = try FontMerger().merge([copyA, copyB])
        let result = try Self.compare(original: original, merged: merged.bytes, lines: Self.lines)
        if result.status == 3 {
            print("uharfbuzz is absent (pip install uharfbuzz): shaping comparison skipped")
            return
        }
        print("\(result.summary); merged \(copyA.count) + \(copyB.count) bytes -> \(merged.bytes.count) bytes; notes: \(merged.notes)")
        #expect(result.status == 0, "\(result.errors)")
        #expect(!merged.notes.contains { $0.contains("were not merged") || $0.contains("not applied") }, "the layout rules of added glyphs are merged")
        // HVAR holds the added glyphs' advance variations (HarfBuzz reads them there rather than from gvar's phantom points).
        #expect(Self.tableTags(merged.bytes).contains("HVAR") && !merged.notes.contains { $0.contains("HVAR") }, "\(merged.notes)")
    }

    @Test("a kerning pair only the added copy holds (r-l of World, r added) reaches the merged font",
          .tags(.corpus, .tools), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func addedGlyphsKeepTheirKerning() throws {
        let original = try #require(FontMergerTests.corpusFonts().first)
        let base = try TrueTypeSubsetter().subset(original, keeping: Set("Hello, Wo".unicodeScalars)).bytes
        let added = try TrueTypeSubsetter().subset(original, keeping: Set("World".unicodeScalars)).bytes
        let merged = try FontMerger().merge([base, added])
        #expect(merged.base == 0 && merged.addedCharacters == [0, 2])
        let result = try Self.compare(original: original, merged: merged.bytes, lines: ["Hello World", "World"])
        if result.status == 3 {
            print("uharfbuzz is absent (pip install uharfbuzz): shaping comparison skipped")
            return
        }
        print("\(result.summary) (Hello World, World)")
        #expect(result.status == 0, "\(result.errors)")
    }
}
