import Foundation
import Testing
import RivAssetsKit
import RivTestSupport
import RivTestTags

/// `riv-assets strip --prefer` and `--dedupe`, run in-process.
@Suite("riv-assets strip --prefer and --dedupe")
struct StripConflictCommandTests {
    /// Two inputs holding the font `Inter-9` with other bytes, and one holding the
    /// same bytes as the first under another unique name.
    private static func inputs(in directory: TemporaryDirectory) throws -> [String] {
        [try directory.write("home.riv", Inputs.file([.font("Inter", 9, Payload.ttf(40))])),
         try directory.write("menu.riv", Inputs.file([.font("Inter", 9, Payload.ttf(60))])),
         try directory.write("about.riv", Inputs.file([.font("Inter", 12, Payload.ttf(40))]))]
    }

    @Test("README's iOS recipe on two files with other cut-down copies of one font exits 0 and ships one subset font",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func readmeRecipeMergesCopies() async throws {
        let directory = try TemporaryDirectory()
        let full = try #require(SharedData.runtimeTestFile("text_feather_falloff.riv"))
        try FileManager.default.createDirectory(atPath: directory.path("Animations"), withIntermediateDirectories: true)
        for (name, kept) in [("home.riv", "Quartz 0123"), ("menu.riv", "jump 789")] {
            let report = try AssetOperations.shrink(ShrinkRequest(inputs: [.path(full)], destination: .path(directory.path("Animations/" + name)),
                                                                  keptCharacters: Set(kept.unicodeScalars)))
            #expect(report.failures.isEmpty)
        }
        let inputs = ["home.riv", "menu.riv"].map { directory.path("Animations/" + $0) }
        // README.md, "From the files to the app", # iOS, word for word but the paths.
        let result = await InProcess.run(["strip"] + inputs + ["--type", "font", "--assets-out", directory.path("App/Fonts/"), "-o", directory.path("App/Animations/"),
                                                               "--prefer", "merge", "--dedupe", "--subset-fonts", "--keep", "ascii", "--layout", "ios"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("App/Fonts").sorted() == ["Inter-102112.ttf", "riv-assets-manifest.json"])
        #expect(result.stdout.contains("Inter-102112: merged the 2 copies") && result.stdout.contains("kept characters no copy maps"), "\(result.stdout)")
    }

    @Test("a conflict without --prefer fails with both sources and what to give")
    func conflictSaysWhatToDo() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(in: directory)
        let result = await InProcess.run(["strip"] + inputs + ["--type", "font", "--assets-out", directory.path("fonts"), "-o", directory.path("out/")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Inter-9: the copies have other bytes; copies: \(inputs[0]) (")
                && result.stderr.contains("\(inputs[1]) (")
                && FileManager.default.fileExists(atPath: directory.path("out/about.riv"))
                && !FileManager.default.fileExists(atPath: directory.path("out/home.riv"))
                && result.stderr.contains("use --prefer merge to merge the font copies into one (with --subset-fonts to ship it small), or --prefer per-file"), "\(result.stderr)")
    }

    @Test("--prefer per-file prints which file each input's copy went to, in text and in --json")
    func perFile() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(in: directory)
        let arguments = ["strip"] + inputs + ["--type", "font", "--assets-out", directory.path("fonts"), "-o", directory.path("out/"), "--prefer", "per-file"]
        let result = await InProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        // The manifest says which copy is whose, for the folder's readers.
        #expect(directory.entries("fonts") == ["Inter-12.ttf", "Inter-9@home.ttf", "Inter-9@menu.ttf", "riv-assets-manifest.json"])
        #expect(result.stdout.contains("Inter-9: 2 copies with other bytes, one file per input:\n  \(inputs[0]) -> \(directory.path("fonts/Inter-9@home.ttf"))\n"
                                       + "  \(inputs[1]) -> \(directory.path("fonts/Inter-9@menu.ttf"))\n"), "\(result.stdout)")
        let json = await InProcess.run(arguments + ["--json"])
        #expect(json.status == 0, "rerun without --force: \(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1 && conflicts[0]["asset"] as? String == "Inter-9" && conflicts[0]["policy"] as? String == "per-file")
        let copies = try #require(conflicts[0]["copies"] as? [[String: Any]])
        #expect(copies.map { $0["file"] as? String } == [directory.path("fonts/Inter-9@home.ttf"), directory.path("fonts/Inter-9@menu.ttf")])
    }

    @Test("--dedupe with --prefer per-file: one file per content, the manifest named and the shared files listed")
    func dedupe() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(in: directory)
        let arguments = ["strip"] + inputs + ["--type", "font", "--assets-out", directory.path("fonts"), "-o", directory.path("out/"), "--prefer", "per-file", "--dedupe"]
        let result = await InProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        // about.riv's Inter-12 holds home.riv's bytes: it is served by home's file.
        #expect(directory.entries("fonts") == ["Inter-9@home.ttf", "Inter-9@menu.ttf", "riv-assets-manifest.json"])
        #expect(result.stdout.contains("Inter-9@home.ttf serves Inter-9, Inter-12\n"), "\(result.stdout)")
        #expect(result.stdout.contains("2 asset files for 2 unique names; manifest: \(directory.path("fonts/riv-assets-manifest.json"))"), "\(result.stdout)")
        let json = await InProcess.run(arguments + ["--json"])
        #expect(json.status == 0, "rerun without --force: \(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(report["manifestFiles"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == ["Inter-9@home.ttf", "Inter-9@menu.ttf"])
        #expect(files[0]["inputs"] as? [String] == [inputs[0], inputs[2]])
        #expect(report["manifest"] as? String == directory.path("fonts/riv-assets-manifest.json"))
    }

    @Test("--prefer takes merge, largest or per-file; anything else is a usage error")
    func preferValues() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(in: directory)
        for value in ["refuse", "smallest"] {
            let result = await InProcess.run(["strip"] + inputs + ["--assets-out", directory.path("fonts"), "-o", directory.path("out/"), "--prefer", value])
            #expect(result.status == 64 && result.stderr.contains("--prefer: '\(value)' is not one of merge, largest, per-file"), "\(result.stderr)")
        }
        #expect(!directory.exists("fonts"))
    }
}

/// `riv-assets extract --dedupe`, run in-process.
@Suite("riv-assets extract --dedupe")
struct ExtractDedupeCommandTests {
    @Test("names with the same bytes share one file; the text names the manifest")
    func dedupe() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.riv", Inputs.file([.image("logo", 1, Payload.png(64, seed: 1)), .image("copy", 2, Payload.png(64, seed: 1))]))
        let result = await InProcess.run(["extract", input, "-o", directory.path("out"), "--dedupe"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("out") == ["logo-1.png", "riv-assets-manifest.json"])
        #expect(result.stdout.contains("\(directory.path("out/riv-assets-manifest.json"))  (which names each file serves)"), "\(result.stdout)")
    }
}
