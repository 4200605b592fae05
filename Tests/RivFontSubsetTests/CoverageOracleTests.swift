import Foundation
import Testing
import RivFormat
import RivFontSubset
import RivTestSupport
import RivTestTags

/// `FontCharacterCoverage` (verify's text-not-drawable) says a text has a
/// character the font cannot draw exactly when HarfBuzz draws `.notdef` for it
/// (Scripts/harfbuzz-drawable.py), on every distinct corpus font.
struct CoverageOracleTests {
    /// One character a line from blocks where HarfBuzz reaches for other
    /// characters (Latin with diacritics, combining marks, spaces and
    /// punctuation, Hebrew, mathematical operators, Hangul, CJK), then sequences
    /// it composes; characters laid out rather than drawn are left out, as verify
    /// leaves them out.
    static var lines: [String] {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x24F, 0x300...0x36F, 0x5D0...0x5EA, 0x1E00...0x1EFF, 0x2000...0x206F,
                                             0x2200...0x22FF, 0x2A7D...0x2A80, 0x3000...0x3003, 0x1100...0x1112, 0xAC00...0xAC1F, 0x845B...0x845B]
        let singles = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: false
            default: true
            }
        }
        return singles.map { String(Character($0)) }
            + ["e\u{301}", "A\u{30A}", "C\u{327}\u{301}", "\u{1112}\u{1161}\u{11AB}", "\u{845B}\u{E0100}", "a\u{200D}b", "\u{5D1}\u{5BC}", "\u{5E9}\u{5BC}\u{5C1}"]
    }

    @Test("verify's coverage agrees with HarfBuzz on which texts draw .notdef, for every corpus font",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func agreesWithHarfBuzz() throws {
        var seen = Set<Data>()
        let folder = try TemporaryDirectory()
        let lines = Self.lines
        let textPath = try folder.write("text.txt", Array(lines.joined(separator: "\n").utf8))
        let script = SharedData.packageRoot.appendingPathComponent("Scripts/harfbuzz-drawable.py").path
        var compared = 0
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            for asset in file.assets where asset.type == .font {
                guard let bytes = asset.embeddedBytes, seen.insert(bytes).inserted,
                      let coverage = try? FontCharacterCoverage(font: [UInt8](bytes)) else { continue }
                let fontPath = try folder.write("\(compared).font", [UInt8](bytes))
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["python3", script, fontPath, textPath]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let verdicts = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
                process.waitUntilExit()
                if process.terminationStatus == 3 {
                    print("uharfbuzz is absent (pip install uharfbuzz): coverage comparison skipped")
                    return
                }
                try #require(verdicts.count == lines.count, "\(url.lastPathComponent): \(verdicts.count) verdicts")
                let disagreements = try zip(lines, verdicts).filter { line, verdict in
                    try coverage.missing(from: line.unicodeScalars).isEmpty != (verdict == "0")
                }
                #expect(disagreements.isEmpty, "\(url.lastPathComponent):\(asset.uniqueName): \(disagreements.prefix(8).map { ($0.0.unicodeScalars.map { String($0.value, radix: 16) }, $0.1) })")
                compared += 1
            }
        }
        #expect(compared > 0)
    }
}
