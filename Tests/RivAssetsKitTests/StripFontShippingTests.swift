import Foundation
import Testing
import RivAssetsKit
import RivFontSubset
import RivFormat
import RivTestSupport

/// `strip --subset-fonts` and `--prefer merge`: each font shipped once, merged
/// from the cut-down copies Rive's editor stores per file, subset to every
/// character of every file that uses it plus the kept set.
@Suite("Strip: fonts shipped once and small")
struct StripFontShippingTests {
    private typealias Corpus = StripConflictTests

    @Test("two files with other cut-down copies of one font: --prefer merge --subset-fonts ships one subset font drawing every character either drew")
    func mergedCopiesShipOnce() throws {
        guard Corpus.corpusFile(Corpus.fullInter) != nil else { return }
        let directory = try TemporaryDirectory()
        let first = try Corpus.cutDown(Corpus.fullInter, keeping: "Quartz 0123", to: directory.path("first.riv"))
        let second = try Corpus.cutDown(Corpus.fullInter, keeping: "jump \u{C5}\u{E9}\u{F6} 789", to: directory.path("second.riv"))
        let copies = try [first, second].map { try Corpus.fontBytes("Inter-102112", in: $0) }
        #expect(copies[0] != copies[1])
        // --prefer largest cannot settle these: neither copy maps every character.
        let largest = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("largest"), destination: .path(directory.path("largest-out/")),
                                                             types: AssetTypeFilter(categories: [.font]), conflicts: .largest))
        #expect(largest.failures.count == 2 && largest.failures[0].message.contains("no copy maps every character"))

        let kept = try KeptCharacterRange.characters(named: "ascii")
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            types: AssetTypeFilter(categories: [.font]), conflicts: .merge, dedupe: true, layout: .ios,
                                                            subsetsFonts: true, keptCharacters: kept))
        #expect(result.failures.isEmpty, "\(result.failures)")
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.settled && conflict.policy == .merge && conflict.reason.hasPrefix("merged the 2 copies"), "\(conflict.reason)")
        let shipped = try #require(result.fonts.first)
        #expect(result.fonts.count == 1 && shipped.inputs == [first, second] && shipped.assets == ["Inter-102112"])
        #expect(Set(result.stripped.map(\.file)) == [directory.path("fonts/Inter-102112.ttf")], "one file for both inputs")
        let font = try directory.bytes("fonts/Inter-102112.ttf")
        #expect(font.count == shipped.bytesAfter && shipped.bytesBefore == copies[0].count + copies[1].count)
        #expect(font.count < copies.map(\.count).reduce(0, +), "shipped \(font.count) bytes for \(shipped.bytesBefore) embedded")
        // Every character either file's copy drew is drawn by the shipped font.
        for (input, copy) in zip([first, second], copies) {
            let file = try RivFile(path: input)
            for text in file.fontText {
                let before = try FontCharacterCoverage(font: copy).missing(from: text.characters)
                #expect(try FontCharacterCoverage(font: font).missing(from: text.characters) == before, "\(input)")
            }
        }
        // The kept ASCII the copies lack is named; what either copy maps is not.
        #expect(!shipped.keptNotMapped.isEmpty && !shipped.keptNotMapped.contains("Q") && !shipped.keptNotMapped.contains("j"), "\(shipped.keptNotMapped)")
        // The stripped files load with their inputs' verdicts and name the font as referenced.
        for name in ["first.riv", "second.riv"] {
            let output = directory.path("out/" + name)
            #expect(try RivFile(path: output).assets.first { $0.type == .font }?.location == .referenced)
            if RuntimeOracle.isPresent {
                #expect(try RuntimeOracle.list(URL(fileURLWithPath: output)).runtimeResult
                    == RuntimeOracle.list(URL(fileURLWithPath: directory.path(name))).runtimeResult)
            }
        }
        // A rerun merges and subsets to the same bytes: the files of the first run are its own, no --force needed.
        let again = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out2/")),
                                                           types: AssetTypeFilter(categories: [.font]), conflicts: .merge, dedupe: true, layout: .ios,
                                                           subsetsFonts: true, keptCharacters: kept))
        #expect(again.failures.isEmpty, "\(again.failures)")
        print("merged and subset Inter-102112: \(shipped.bytesBefore) embedded bytes in 2 copies -> \(font.count) bytes shipped, "
              + "\(shipped.characterCount ?? 0) characters; \(shipped.keptNotMapped.unicodeScalars.count) kept characters no copy maps")
    }

    @Test("--font-source: the original font, matched by its names, is subset for every copy: exact, every kept character kept")
    func originalFontIsSubsetExactly() throws {
        guard let full = Corpus.corpusFile(Corpus.fullInter) else { return }
        let directory = try TemporaryDirectory()
        let first = try Corpus.cutDown(Corpus.fullInter, keeping: "Quartz", to: directory.path("first.riv"))
        let second = try Corpus.cutDown(Corpus.fullInter, keeping: "jump", to: directory.path("second.riv"))
        _ = try directory.write("Foundry/Inter.ttf", try Corpus.fontBytes("Inter-102112", in: full))
        let kept = try KeptCharacterRange.characters(named: "ascii")
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            types: AssetTypeFilter(categories: [.font]), dedupe: true, subsetsFonts: true, keptCharacters: kept,
                                                            fontSources: [FontSourceFile(path: directory.path("Foundry"))]))
        #expect(result.failures.isEmpty, "\(result.failures)")
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.settled && conflict.reason.hasPrefix("the original font"), "\(conflict.reason)")
        let shipped = try #require(result.fonts.first)
        #expect(result.fonts.count == 1 && shipped.keptNotMapped.isEmpty && (shipped.characterCount ?? 0) >= kept.count, "\(shipped)")
        let font = try directory.bytes("fonts/Inter-102112.ttf")
        #expect(try FontCharacterCoverage(font: font).missing(from: kept).isEmpty)
        print("Inter-102112 from the original font: \(shipped.bytesBefore) embedded bytes in 2 copies -> \(font.count) bytes with printable ASCII")
        // A font that is no font source for the name is a request error naming the file.
        _ = try directory.write("Broken/Inter.ttf", [0, 1, 0, 0, 0, 0])
        #expect(throws: RequestError.self) {
            _ = try AssetOperations.strip(StripRequest(inputs: [.path(first)], assetsFolder: directory.path("fonts2"), destination: .path(directory.path("out2/")),
                                                       fontSources: [FontSourceFile(path: directory.path("Broken"))]))
        }
    }

    @Test("--prefer merge on copies of two fonts under one name: written per file, the reason saying why")
    func unmergeableCopiesPerFile() throws {
        guard let full = Corpus.corpusFile(Corpus.fullInter), let hunter = Corpus.corpusFile("hunter_x_demo.riv") else { return }
        let directory = try TemporaryDirectory()
        let inter = try Corpus.fontBytes("Inter-102112", in: full)
        let mono = try Corpus.fontBytes("JetBrains Mono-3568281", in: hunter)
        let first = try directory.write("home.riv", Inputs.file([.font("Brand", 9, inter)]))
        let second = try directory.write("menu.riv", Inputs.file([.font("Brand", 9, mono)]))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            types: AssetTypeFilter(categories: [.font]), conflicts: .merge))
        #expect(result.failures.isEmpty, "\(result.failures)")
        let conflict = try #require(result.conflicts.first)
        #expect(conflict.settled && conflict.reason.hasPrefix("the copies are not one font") && conflict.reason.contains("each copy is written under a name carrying its input"),
                "\(conflict.reason)")
        #expect(Set(result.stripped.map { URL(fileURLWithPath: $0.file).lastPathComponent }) == ["Brand-9@home.ttf", "Brand-9@menu.ttf"])
    }

    @Test("--subset-fonts on files sharing one whole font: one file, the union of their text, smaller than the font")
    func sharedFontSubsetToTheUnion() throws {
        guard let full = Corpus.corpusFile(Corpus.fullInter) else { return }
        let directory = try TemporaryDirectory()
        let copy = try directory.write("copy.riv", Array(try Data(contentsOf: URL(fileURLWithPath: full))))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(full), .path(copy)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            types: AssetTypeFilter(categories: [.font]), dedupe: true, subsetsFonts: true))
        #expect(result.failures.isEmpty, "\(result.failures)")
        let shipped = try #require(result.fonts.first)
        let whole = try Corpus.fontBytes("Inter-102112", in: full)
        #expect(result.fonts.count == 1 && shipped.bytesBefore == whole.count && shipped.bytesAfter < whole.count / 5, "\(shipped)")
        #expect(try directory.bytes("fonts/Inter-102112.ttf").count == shipped.bytesAfter)
        // A rerun finds the files as it would write them.
        let again = try AssetOperations.strip(StripRequest(inputs: [.path(full), .path(copy)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out2/")),
                                                           types: AssetTypeFilter(categories: [.font]), dedupe: true, subsetsFonts: true))
        #expect(again.failures.isEmpty, "\(again.failures)")
    }

    @Test("a font a data-bound run uses is written whole, with a note, until characters are kept; then subset to them and the file's text")
    func dataBoundFontRule() throws {
        guard let hunter = Corpus.corpusFile("hunter_x_demo.riv") else { return }
        let directory = try TemporaryDirectory()
        let plain = try AssetOperations.strip(StripRequest(inputs: [.path(hunter)], assetsFolder: directory.path("plain"), destination: .path(directory.path("plain-out/")),
                                                           types: AssetTypeFilter(categories: [.font]), subsetsFonts: true))
        let mono = try #require(plain.fonts.first { $0.assets == ["JetBrains Mono-3568281"] })
        #expect(mono.characterCount == nil && mono.bytesAfter == mono.bytesBefore && mono.note?.contains("may show any character") == true, "\(mono)")
        let kept = try KeptCharacterRange.characters(named: "ascii")
        let keeping = try AssetOperations.strip(StripRequest(inputs: [.path(hunter)], assetsFolder: directory.path("kept"), destination: .path(directory.path("kept-out/")),
                                                             types: AssetTypeFilter(categories: [.font]), subsetsFonts: true, keptCharacters: kept))
        let subset = try #require(keeping.fonts.first { $0.assets == ["JetBrains Mono-3568281"] })
        #expect(subset.bytesAfter < subset.bytesBefore && (subset.characterCount ?? 0) >= kept.count - subset.keptNotMapped.unicodeScalars.count, "\(subset)")
        // A font no text run uses (data binding or a script may show it): the same rule.
        guard let echo = Corpus.corpusFile("echo_show_demo.riv") else { return }
        let unused = try AssetOperations.strip(StripRequest(inputs: [.path(echo)], assetsFolder: directory.path("echo"), destination: .path(directory.path("echo-out/")),
                                                            types: AssetTypeFilter(categories: [.font]), subsetsFonts: true))
        let whole = try #require(unused.fonts.first { $0.assets == ["Chewy Bubble-4018668"] })
        #expect(whole.characterCount == nil && whole.note?.contains("no text run") == true, "\(whole)")
        let keptEcho = try AssetOperations.strip(StripRequest(inputs: [.path(echo)], assetsFolder: directory.path("echo-kept"), destination: .path(directory.path("echo-kept-out/")),
                                                              types: AssetTypeFilter(categories: [.font]), subsetsFonts: true, keptCharacters: kept))
        let small = try #require(keptEcho.fonts.first { $0.assets == ["Chewy Bubble-4018668"] })
        #expect(small.bytesAfter < small.bytesBefore && small.characterCount != nil, "\(small)")
    }
}
