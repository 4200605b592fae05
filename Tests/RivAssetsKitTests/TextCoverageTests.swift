import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivFontSubset
import RivTestSupport
import RivTestTags

/// `verify`'s `text-not-drawable`: runs whose characters their embedded font has no glyph for.
@Suite("verify: text the embedded font cannot draw")
struct TextCoverageTests {
    @Test("a real file's flag emoji in Inter: one finding naming the run's artboard, the font and each character",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func flagEmojiInInter() throws {
        let result = try AssetOperations.verify(VerifyRequest(inputs: [.path(try #require(SharedData.runtimeTestFile("test_modifier_run.riv")))]))
        let found = result.files[0].findings.filter { $0.code == "text-not-drawable" }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.asset == "Inter-37163")
        #expect(found.first?.message.contains("artboard 'modifier_run'") == true && found.first?.message.contains("(U+1F1F3), '🇺' (U+1F1FA)") == true,
                "\(found)")
        let runtimeOnly = try AssetOperations.verify(VerifyRequest(inputs: [.path(try #require(SharedData.runtimeTestFile("test_modifier_run.riv")))], runtimeOnly: true))
        #expect(!runtimeOnly.files[0].findings.contains { $0.code == "text-not-drawable" }, "not the runtime's verdict")
    }

    @Test("a font cut below its text is found; shrink's own output draws all its text",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func cutFontAndShrunkFont() throws {
        let directory = try TemporaryDirectory()
        let input = try #require(SharedData.runtimeTestFile("double_line.riv"))
        let file = try RivFile(path: input)
        let text = try #require(file.fontText.first)
        let font = file.assets[text.assetIndex]
        // The font cut to one character of the runs' text: every other one is missing.
        let keep = try #require(text.runs.flatMap { $0.text.unicodeScalars }.first { $0 != " " })
        let cut = try TrueTypeSubsetter().subset(Array(try #require(font.embeddedBytes)), keeping: [keep])
        var editor = RivEditor(file)
        try editor.embed(Data(cut.bytes), in: font)
        let damaged = URL(fileURLWithPath: directory.path("cut.riv"))
        try editor.write(to: damaged)
        let cutResult = try AssetOperations.verify(VerifyRequest(inputs: [.path(damaged.path)]))
        let found = cutResult.files[0].findings.filter { $0.code == "text-not-drawable" }
        #expect(!found.isEmpty && found.allSatisfy { !$0.message.contains("'\(keep)'") }, "\(found)")

        let shrunk = try AssetOperations.shrink(ShrinkRequest(inputs: [.path(input)], destination: .path(directory.path("small.riv"))))
        #expect(shrunk.files.count == 1)
        let shrunkResult = try AssetOperations.verify(VerifyRequest(inputs: [.path(directory.path("small.riv"))]))
        #expect(!shrunkResult.files[0].findings.contains { $0.code == "text-not-drawable" }, "\(shrunkResult.files[0].findings)")
    }

    @Test("a font whose directory claims 65535 tables, or that has no maxp, is font-unreadable and its runs not drawable; a CFF font is left unchecked",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func unreadableFont() throws {
        let directory = try TemporaryDirectory()
        let file = try RivFile(path: try #require(SharedData.runtimeTestFile("double_line.riv")))
        let text = try #require(file.fontText.first)
        let font = file.assets[text.assetIndex]
        func verify(named name: String, _ change: (inout [UInt8]) -> Void) throws -> [VerifyFinding] {
            var bytes = Array(try #require(font.embeddedBytes))
            change(&bytes)
            var editor = RivEditor(file)
            try editor.embed(Data(bytes), in: font, skipChecks: true)
            let output = URL(fileURLWithPath: directory.path(name))
            try editor.write(to: output)
            return try AssetOperations.verify(VerifyRequest(inputs: [.path(output.path)])).files[0].findings
        }
        func expectUnreadable(_ findings: [VerifyFinding], _ why: String) {
            let unreadable = findings.filter { $0.code == "font-unreadable" }
            #expect(unreadable.count == 1 && unreadable.first?.asset == font.uniqueName && unreadable.first?.offset == font.recordRange.lowerBound
                    && unreadable.first?.message.contains(why) == true, "\(findings)")
            let runs = findings.filter { $0.code == "text-not-drawable" }
            #expect(!runs.isEmpty && runs.allSatisfy { $0.message.contains("draws nothing: its font \(font.uniqueName) cannot be read") }, "\(findings)")
        }
        // numTables (bytes 4-5) 65535: the directory runs past the end of the font.
        expectUnreadable(try verify(named: "tables.riv") { $0.replaceSubrange(4..<6, with: [0xFF, 0xFF]) }, "sfnt at byte 12")
        // The maxp record's tag renamed: no glyph count.
        expectUnreadable(try verify(named: "maxp.riv") { bytes in
            let count = Int(bytes[4]) << 8 | Int(bytes[5])
            guard let record = (0..<count).map({ 12 + $0 * 16 }).first(where: { Array(bytes[$0..<$0 + 4]) == Array("maxp".utf8) }) else { return }
            bytes[record + 3] = UInt8(ascii: "q")
        }, "maxp")
        // 'OTTO': CFF outlines, which HarfBuzz reads and the coverage reader leaves alone.
        let cff = try verify(named: "cff.riv") { $0.replaceSubrange(0..<4, with: Array("OTTO".utf8)) }
        #expect(!cff.contains { $0.code == "font-unreadable" || $0.code == "text-not-drawable" }, "\(cff)")
    }

    @Test("coverage: what a font maps, and what it lacks in code point order",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func coverage() throws {
        let file = try RivFile(path: try #require(SharedData.runtimeTestFile("double_line.riv")))
        let font = file.assets[try #require(file.fontText.first).assetIndex]
        let coverage = try FontCharacterCoverage(font: Array(try #require(font.embeddedBytes)))
        #expect(try coverage.missing(from: Set("Aé\u{1F600}\u{10FFFD}".unicodeScalars)) == ["\u{1F600}", "\u{10FFFD}"])
        #expect(try coverage.mapped(["A", "z"]) == ["A", "z"])
    }
}
