import Foundation
import Testing
@testable import RivAssetsKit
import RivFormat
import RivTestSupport
import RivSupport

/// Names and URLs inside a `.riv` file are written by whoever made it: as file
/// names they must stay short, distinct and inside the folder; on a terminal they
/// must be shown, never obeyed.
@Suite("Hostile names and text")
struct HostileTextTests {
    static let longNames: [String] = [
        "e" + String(repeating: "\u{301}", count: 100) + ".png",                     // one character, 201 bytes
        String(repeating: "e\u{301}", count: 150) + "-7.png",                        // many combining pairs
        String(repeating: "👩‍👩‍👧‍👦", count: 30) + "-8.png",                           // ZWJ sequences, 25 bytes each
        String(repeating: "🇫🇷", count: 40) + "-9.png",                                // flags, 8 bytes each
        String(repeating: "a", count: 300) + "-10.png",
        String(repeating: "\u{301}", count: 400),                                    // nothing but marks
    ]

    @Test("long Unicode names are capped at 255 bytes on character boundaries, never empty, never a crash",
          arguments: longNames)
    func longNamesAreCapped(name: String) {
        let written = AssetFileName.written(stem: name, fileExtension: "png")
        #expect(!written.isEmpty && written.utf8.count <= AssetFileName.byteLimit, "\(written.utf8.count) bytes")
        #expect(String(decoding: Array(written.utf8), as: UTF8.self) == written, "cut inside a character")
        #expect(!written.contains("/") && written.hasSuffix(".png"))
    }

    @Test("two long names that differ only in the middle give two file names, each keeping its -<id> ending")
    func longNamesStayDistinct() {
        let first = String(repeating: "a", count: 150) + "X" + String(repeating: "b", count: 150) + "-1"
        let second = String(repeating: "a", count: 150) + "Y" + String(repeating: "b", count: 150) + "-1"
        #expect(AssetFileName.written(stem: first, fileExtension: "png") != AssetFileName.written(stem: second, fileExtension: "png"))
        #expect(AssetFileName.written(stem: first, fileExtension: "png").hasSuffix("-1.png"))
    }

    @Test("only what a file system cannot hold is encoded: '/', NUL, '.', '..', the empty name, over 255 bytes",
          arguments: [("-rf-34", "-rf-34.png"), (".x-1", ".x-1.png"), ("a:b\\c\n\u{1B}-1", "a:b\\c\n\u{1B}-1.png"),
                      ("50%-2", "50%-2.png"), ("CON", "CON.png"), ("a/b-1", "a%2Fb-1.png"), ("50%/-2", "50%25%2F-2.png"),
                      ("nul\0-3", "nul%00-3.png"), ("rtl\u{202E}-4", "rtl\u{202E}-4.png")])
    func encodedOnlyWhenNeeded(stem: String, expected: String) {
        #expect(AssetFileName.written(stem: stem, fileExtension: "png") == expected)
        #expect(AssetFileName.stem(AssetFileName.stem(ofFileNamed: expected), names: stem))
    }

    @Test("folder names: '.', '..' and the empty name are encoded, so a folder named after an input stays inside")
    func dotsAndEmpty() {
        #expect(AssetFileName.written(stem: ".", fileExtension: "") == "%2E")
        #expect(AssetFileName.written(stem: "..", fileExtension: "") == "%2E.")
        #expect(AssetFileName.written(stem: "", fileExtension: "") == "%")
        #expect(AssetFileName.written(stem: "...", fileExtension: "") == "...")
    }

    @Test("the encoded form of different names differs", arguments: [
        ["a/b-1", "a%2Fb-1", "a%252Fb-1"], [".", "%2E", "%252E"], ["", "%", "%25"],
    ])
    func encodedFormsAreDistinct(names: [String]) {
        #expect(Set(names.map(AssetFileName.encodedStem)).count == names.count)
    }

    @Test("terminal text escapes C0, DEL, C1, bidi controls and line separators; plain text is unchanged")
    func terminalEscapes() {
        #expect(TerminalText.escaped("logo-12.png") == "logo-12.png")
        #expect(TerminalText.escaped("a\u{1B}[2Jb") == "a\\x1b[2Jb")
        #expect(TerminalText.escaped("x\ny\rz\u{7}") == "x\\x0ay\\x0dz\\x07")
        #expect(TerminalText.escaped("\u{9B}31m") == "\\u{009b}31m")
        #expect(TerminalText.escaped("abc\u{202E}gnp.exe") == "abc\\u{202e}gnp.exe")
        #expect(TerminalText.escaped("a\\b") == "a\\\\b")
        let hostile = (0..<0x20).map { String(UnicodeScalar($0)!) }.joined() + "\u{7F}\u{85}\u{2028}\u{2066}"
        #expect(!TerminalText.escaped(hostile).unicodeScalars.contains { TerminalText.isControl($0) })
    }

    @Test("the list table shows hostile names escaped and cuts very long ones; the JSON keeps them whole")
    func tableOfHostileNames() throws {
        let directory = try TemporaryDirectory()
        let forged = "evil\n  forged-1  image  ImageAsset  png  1 B  embedded\u{1B}]0;title\u{7}\u{9B}2J\u{202E}.png"
        let long = String(repeating: "n", count: 100_000) + ".png"
        let path = try directory.write("hostile.riv", Inputs.file([.image(forged, 1, Payload.png()), .image(long, 2)]))
        let table = ListingTable.text(for: try RivFile(path: path), path: path)
        #expect(!table.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" })
        #expect(table.split(separator: "\n").count == 4, "a name forged a row:\n\(table)")
        #expect(table.utf8.count < 2_000, "every row padded to the widest name")
        #expect(table.contains("…"))

        let json = try ResultJSON.data(try AssetOperations.list(ListRequest(inputs: [.path(path)])))
        let decoded = try JSONDecoder().decode(ListingDocument.self, from: json)
        #expect(decoded.files[0].assets.map(\.name) == [forged, long])
    }

    @Test("result JSON writes U+2028 and U+2029 as escapes and still decodes to the same strings")
    func jsonLineSeparators() throws {
        let value = ["name": "a\u{2028}b\u{2029}c"]
        let data = try ResultJSON.data(value)
        #expect(!String(decoding: data, as: UTF8.self).unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 })
        #expect(try JSONDecoder().decode([String: String].self, from: data) == value)
    }

    @Test("extract of long Unicode names writes one file per asset, all inside the folder")
    func extractLongNames() async throws {
        let directory = try TemporaryDirectory()
        let assets = Self.longNames.enumerated().map { TestAsset.image($1, UInt64($0 + 1), Payload.png(seed: UInt8($0))) }
        let input = try directory.write("long.riv", Inputs.file(assets))
        let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out")))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(Set(result.extracted.map(\.file)).count == assets.count)
        #expect(directory.entries("out").count == assets.count)
    }

    @Test("a name pattern never matches across a NUL: 'a' does not match 'a\\0evil'")
    func patternStopsNotAtNUL() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("nul.riv", Inputs.file([.image("a\u{0}evil", 1, Payload.png()), .image("a", 2, Payload.png(seed: 1))]))
        let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out"), namePattern: "a*-1"))
        #expect(result.extracted.isEmpty)
        let plain = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out2"), namePattern: "a-2"))
        #expect(plain.extracted.map(\.asset) == ["a-2"])
        #expect(!WildcardPattern.matches("a", "a\u{0}evil") && !WildcardPattern.matches("a*", "a\u{0}evil"))
    }
}
