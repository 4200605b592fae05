import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `strip` into one asset folder from inputs whose copies of one unique name
/// differ (`conflicts`), or whose unique names share bytes (`dedupe`).
@Suite("Strip conflicts and dedupe")
struct StripConflictTests {
    /// A corpus file holding the whole Inter (Inter-102112, 856 KiB) once.
    static let fullInter = "text_feather_falloff.riv"
    /// Two corpus files with one image under one unique name and other bytes.
    private static let imageConflict = ["image_scripting_property_value.riv", "viewmodel_based_condition.riv"]

    /// `name` of the corpus, or nil (with the skip message) when the corpus is absent.
    static func corpusFile(_ name: String) -> String? {
        guard let path = SharedData.runtimeTestFile(name), FileManager.default.fileExists(atPath: path) else {
            print(SharedData.skipMessage)
            return nil
        }
        return path
    }

    /// The corpus file `name` with its fonts cut down by `shrink` to its text and `kept`,
    /// as Rive's editor cuts a font down per file: the same unique name, fewer characters.
    static func cutDown(_ name: String, keeping kept: String, to output: String) throws -> String {
        let path = try #require(corpusFile(name))
        let result = try AssetOperations.shrink(ShrinkRequest(inputs: [.path(path)], destination: .path(output), keptCharacters: Set(kept.unicodeScalars)))
        #expect(result.failures.isEmpty, "\(result.failures)")
        return output
    }

    /// The embedded bytes of the font `uniqueName` in the file at `path`.
    static func fontBytes(_ uniqueName: String, in path: String) throws -> [UInt8] {
        let asset = try #require(try RivFile(path: path).assets.first { $0.uniqueName == uniqueName })
        return asset.withEmbeddedBytes { Array($0) }
    }

    @Test("without a policy, copies with other bytes fail every input holding one before anything is written, naming both and the remedy")
    func refusedByDefault() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.riv", Inputs.file([.font("Inter", 4228759, Payload.ttf(40))]))
        let second = try directory.write("b.riv", Inputs.file([.font("Inter", 4228759, Payload.ttf(60))]))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("fonts"),
                                                            destination: .path(directory.path("out/")), types: AssetTypeFilter(categories: [.font])))
        #expect(result.files.map(\.status) == [.failed, .failed])
        for failure in result.failures {
            #expect(failure.remedy == .settleConflict)
            #expect(failure.message.contains("Inter-4228759: the copies have other bytes; copies: \(first) ("), "\(failure.message)")
            #expect(failure.message.contains(second), "\(failure.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("fonts")), "nothing was written")
        #expect(directory.entries("out").isEmpty)
        #expect(result.conflicts.map(\.asset) == ["Inter-4228759"] && result.conflicts.allSatisfy { !$0.settled })
    }

    @Test("--prefer largest on real Inter copies: the whole font is written for the cut-down copy too, whichever input comes first")
    func largestKeepsTheCoveringFont() throws {
        guard let full = Self.corpusFile(Self.fullInter) else { return }
        let directory = try TemporaryDirectory()
        let small = try Self.cutDown(Self.fullInter, keeping: "", to: directory.path("small.riv"))
        let fullBytes = try Self.fontBytes("Inter-102112", in: full)
        #expect(try Self.fontBytes("Inter-102112", in: small).count < fullBytes.count / 4)
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(small), .path(full)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            types: AssetTypeFilter(categories: [.font]), conflicts: .largest))
        #expect(result.failures.isEmpty, "\(result.failures)")
        let fontFile = directory.path("fonts/Inter-102112.ttf")
        #expect(try directory.bytes("fonts/Inter-102112.ttf") == fullBytes)
        #expect(result.stripped.map(\.file) == [fontFile, fontFile])
        let conflict = try #require(result.conflicts.first)
        #expect(result.conflicts.count == 1 && conflict.asset == "Inter-102112" && conflict.settled && conflict.kept == full)
        #expect(conflict.reason.contains("maps all") && conflict.reason.contains("characters the copies map together; the other copy maps "), "\(conflict.reason)")
        #expect(conflict.copies.map(\.input) == [small, full] && conflict.copies.map(\.file) == [fontFile, fontFile])
        // Both stripped files reference the name the written file carries.
        for output in ["out/small.riv", "out/text_feather_falloff.riv"] {
            let asset = try #require(try RivFile(path: directory.path(output)).assets.first { $0.type == .font })
            #expect(asset.uniqueName == "Inter-102112" && asset.location == .referenced)
        }
        // A rerun finds every file as it would write it: no --force needed.
        let again = try AssetOperations.strip(StripRequest(inputs: [.path(small), .path(full)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                           types: AssetTypeFilter(categories: [.font]), conflicts: .largest))
        #expect(again.failures.isEmpty, "\(again.failures)")
    }

    @Test("--prefer largest with copies none of which covers the others: their inputs fail, naming each copy, and nothing is written")
    func largestWithoutACoveringCopy() throws {
        guard Self.corpusFile(Self.fullInter) != nil else { return }
        let directory = try TemporaryDirectory()
        let cyrillic = try Self.cutDown(Self.fullInter, keeping: "Ж", to: directory.path("cyrillic.riv"))
        let greek = try Self.cutDown(Self.fullInter, keeping: "Ω", to: directory.path("greek.riv"))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(cyrillic), .path(greek)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            types: AssetTypeFilter(categories: [.font]), conflicts: .largest))
        #expect(result.files.map(\.status) == [.failed, .failed])
        for failure in result.failures {
            #expect(failure.message.contains("no copy maps every character the others map") && failure.message.contains(cyrillic)
                    && failure.message.contains(greek), "\(failure.message)")
            // The failure says what to do (issue 50: it had no remedy).
            #expect(failure.remedy == .settleConflict)
        }
        #expect(result.conflicts.count == 1 && result.conflicts[0].settled == false && result.conflicts[0].kept == nil)
        #expect(!directory.exists("fonts/Inter-102112.ttf"))
    }

    @Test("--prefer largest on copies that are no fonts, or fonts whose character maps cannot be read and name no family: refused, naming the copies")
    func largestRefusesWhatItCannotCompare() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.riv", Inputs.file([.font("Inter", 7, Payload.ttf(40))]))
        let second = try directory.write("b.riv", Inputs.file([.font("Inter", 7, Payload.ttf(60))]))
        let fonts = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                           types: AssetTypeFilter(categories: [.font]), conflicts: .largest))
        #expect(fonts.files.map(\.status) == [.failed, .failed])
        #expect(fonts.failures[0].message.contains("cannot be read") && fonts.failures[0].message.contains("do not all name one font family"),
                "\(fonts.failures[0].message)")
        let images = Self.imageConflict.compactMap(Self.corpusFile)
        guard images.count == 2 else { return }
        let result = try AssetOperations.strip(StripRequest(inputs: images.map(RequestInput.path), assetsFolder: directory.path("images"), destination: .path(directory.path("images-out/")),
                                                            types: AssetTypeFilter(categories: [.image]), conflicts: .largest))
        #expect(result.files.map(\.status) == [.failed, .failed])
        #expect(result.failures[0].message.contains("animales-83985: the copies are no fonts"), "\(result.failures[0].message)")
        #expect(!directory.exists("images"), "no asset of a failed input is left")
    }

    @Test("--prefer per-file on real images: each copy under uniqueName@input, the others under their own names; the result maps input to file")
    func perFileNamesEachCopy() throws {
        let paths = Self.imageConflict.compactMap(Self.corpusFile)
        guard paths.count == 2 else { return }
        let directory = try TemporaryDirectory()
        let result = try AssetOperations.strip(StripRequest(inputs: paths.map(RequestInput.path), assetsFolder: directory.path("images"), destination: .path(directory.path("out/")),
                                                            types: AssetTypeFilter(categories: [.image]), conflicts: .perFile))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(directory.entries("images") == ["animales-83985@image_scripting_property_value.png", "animales-83985@viewmodel_based_condition.png",
                                                "computed_transform-104376.png", "profile-82064.png", AssetManifest.fileName])
        let conflict = try #require(result.conflicts.first)
        #expect(result.conflicts.count == 1 && conflict.settled && conflict.kept == nil && conflict.policy == .perFile)
        for (copy, path) in zip(conflict.copies, paths) {
            #expect(copy.input == path)
            let file = try #require(copy.file)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(try Self.fontBytes("animales-83985", in: path)))
            #expect(result.files.first { $0.input == path }?.detail?.stripped.first { $0.asset == "animales-83985" }?.file == file)
        }
    }

    @Test("--dedupe on real files: Inter-102112, Inter-102113 and Inter-4228759 (the same 856 KiB) get one file and a manifest; a rerun succeeds and leaves it")
    func dedupeSharesOneFile() throws {
        guard let library = Self.corpusFile("script_dependency_test_using_library.riv"), let hug = Self.corpusFile("layout/layout_hug_artboard.riv") else { return }
        let directory = try TemporaryDirectory()
        func run(dryRun: Bool = false) throws -> StripResult {
            try AssetOperations.strip(StripRequest(inputs: [.path(library), .path(hug)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                   types: AssetTypeFilter(categories: [.font]), dryRun: dryRun, dedupe: true))
        }
        let preview = try run(dryRun: true)
        #expect(preview.manifest == directory.path("fonts/riv-assets-manifest.json") && !directory.exists("fonts"))
        let result = try run()
        #expect(result.failures.isEmpty && result.manifestError == nil, "\(result.failures)")
        #expect(directory.entries("fonts") == ["Inter-102112.ttf", "riv-assets-manifest.json"])
        let entry = AssetManifest.Entry(file: "Inter-102112.ttf", assets: ["Inter-102112", "Inter-102113", "Inter-4228759"], inputs: [library, hug])
        #expect(result.manifestFiles == [entry] && preview.manifestFiles == [entry])
        let manifestPath = directory.path("fonts/riv-assets-manifest.json")
        let manifest = try JSONDecoder().decode(AssetManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        #expect(manifest.files == [entry] && manifest.schemaVersion == 1)
        #expect(result.stripped.map(\.file) == Array(repeating: directory.path("fonts/Inter-102112.ttf"), count: 3))
        let before = try FileManager.default.attributesOfItem(atPath: manifestPath)[.systemFileNumber] as? Int
        let again = try run()
        #expect(again.failures.isEmpty && again.manifestError == nil, "\(again.failures)")
        #expect(try FileManager.default.attributesOfItem(atPath: manifestPath)[.systemFileNumber] as? Int == before)
    }

    @Test("--dedupe refuses a manifest path holding a file riv-assets did not write, before writing anything")
    func dedupeKeepsAForeignManifest() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.riv", Inputs.file([.image("logo", 1, Payload.png(64, seed: 1))]))
        _ = try directory.write("assets/riv-assets-manifest.json", Array("notes".utf8))
        #expect(throws: RequestError.self) {
            try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"), destination: .path(directory.path("out.riv")), dedupe: true))
        }
        #expect(directory.entries("assets") == ["riv-assets-manifest.json"] && !directory.exists("out.riv"))
    }
}
