import Foundation
import Testing
import RivFormat
import RivFontSubset
import RivTestSupport
import RivTestTags

/// Each distinct font embedded in the corpus, subset to a text (its glyphs
/// renumbered and its layout tables rewritten), shapes with HarfBuzz exactly as
/// the original does (Scripts/compare-font-shaping.py).
struct CorpusFontTests {
    /// Plain text, then what HarfBuzz draws with other characters' glyphs: mirrored
    /// characters, a space and U+2011 the font may lack, decomposed and
    /// precomposed letters, a variation sequence (the script shapes every line in
    /// NFC and NFD, in its own direction and right to left).
    static let text = "Hello, World! 0123456789 office flow -> ffi \u{201C}Rive\u{201D} caf\u{E9}"
        + " \u{5D0} \u{2039} \u{5D1} (\u{2264}) [\u{2A7D}] {\u{22D0}} \u{27DC} <\u{AB}"
        + " A\u{2003}B\u{2007}1\u{2011}2 e\u{301}\u{1E09}\u{212B} \u{845B}\u{E0100}"

    @Test("corpus fonts subset to a text shape the same with HarfBuzz", .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusFontsShapeTheSame() throws {
        var seen = Set<Data>()
        var fonts: [(String, Data)] = []
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            for asset in file.assets where asset.type == .font {
                guard let bytes = asset.embeddedBytes, seen.insert(bytes).inserted else { continue }
                fonts.append((url.lastPathComponent + ":" + asset.uniqueName, bytes))
            }
        }
        #expect(!fonts.isEmpty)
        let folder = try TemporaryDirectory()
        let textPath = try folder.write("text.txt", Array(Self.text.utf8))
        let script = SharedData.packageRoot.appendingPathComponent("Scripts/compare-font-shaping.py").path
        for (index, (label, bytes)) in fonts.enumerated() {
            let subset = try TrueTypeSubsetter().subset([UInt8](bytes), keeping: Set(Self.text.unicodeScalars))
            #expect(subset.bytes.count < bytes.count, "\(label)")
            #expect(subset.note == nil && subset.subsetGlyphCount == subset.keptGlyphCount, "\(label): glyphs renumbered")
            let original = try folder.write("\(index).ttf", [UInt8](bytes))
            let small = try folder.write("\(index).subset.ttf", subset.bytes)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, original, small, textPath]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus == 3 {
                print("uharfbuzz is absent (pip install uharfbuzz): shaping comparison skipped")
                return
            }
            #expect(process.terminationStatus == 0, "\(label): \(message)")
        }
    }

    @Test("list_focus_order.riv's font subset to the file's first bytes read as text maps no Latin character not asked for (fuzz invariant 13's replay)",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func replayedInvariantMapsOnlyWhatWasAsked() throws {
        let path = try #require(SharedData.runtimeTestFile("list_focus_order.riv"))
        let input = try Data(contentsOf: URL(fileURLWithPath: path))
        let wanted = Set(String(decoding: input.prefix(64), as: UTF8.self).unicodeScalars).union(["A", "a", " "])
        #expect(wanted.contains("\u{3CB}"), "the header reads as ϋ, whose diaeresis once composed with A into Ä")
        let latin = Set((0x20...0x24F).compactMap(Unicode.Scalar.init))
        let fonts = try RivFile(contentsOf: URL(fileURLWithPath: path)).assets.filter { $0.type == .font }.compactMap(\.embeddedBytes)
        #expect(!fonts.isEmpty)
        for font in fonts {
            let subset = try TrueTypeSubsetter().subset([UInt8](font), keeping: wanted)
            let extra = try FontCharacterCoverage(font: subset.bytes).mapped(latin.union(wanted)).subtracting(wanted)
            #expect(extra.isEmpty, "mapped without being asked: \(extra.map { String($0.value, radix: 16) }.sorted())")
        }
    }

    @Test("every corpus font subset to its file's text shapes each text run the same with HarfBuzz, at its styles' axis values too",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusRunsShapeTheSame() throws {
        let folder = try TemporaryDirectory()
        let script = SharedData.packageRoot.appendingPathComponent("Scripts/compare-font-shaping.py").path
        var compared = 0
        for (fileIndex, url) in SharedData.corpusFiles().enumerated() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            for text in file.fontText {
                guard let bytes = file.assets[text.assetIndex].embeddedBytes,
                      let subset = try? TrueTypeSubsetter().subset([UInt8](bytes), keeping: text.characters) else { continue }
                let lines = text.runs.map(\.text).filter { !$0.isEmpty } + text.characters.map { String(Character($0)) }
                let name = "\(fileIndex)-\(text.assetIndex)"
                let textPath = try folder.write(name + ".txt", Array(lines.flatMap { $0.split(separator: "\n") }.joined(separator: "\n").utf8))
                let original = try folder.write(name + ".ttf", [UInt8](bytes))
                let small = try folder.write(name + ".subset.ttf", subset.bytes)
                // Each text style's variation coordinates (TextStyleAxis), shaped besides the defaults and named instances.
                let settings = Set(text.runs.map { $0.axisValues.map { "\($0.tag)=\($0.value)" }.joined(separator: ",") }).filter { !$0.isEmpty }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", script, original, small, textPath] + settings.sorted().flatMap { ["--at", $0] }
                let errors = Pipe()
                process.standardError = errors
                try process.run()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                if process.terminationStatus == 3 {
                    print("uharfbuzz is absent (pip install uharfbuzz): shaping comparison skipped")
                    return
                }
                #expect(process.terminationStatus == 0, "\(url.lastPathComponent) font \(text.assetIndex): \(message)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }
}
