import Foundation
import Testing
@testable import RivFontSubset
import RivTestSupport
import RivTestTags

/// `riv-assets shrink` as a user runs it.
@Suite("riv-assets shrink")
struct ShrinkCommandTests {
    @Test("the table says what each font went from and to and why one stays whole; --json holds the same; --dry-run writes nothing",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func tableJSONAndDryRun() async throws {
        let directory = try TemporaryDirectory()
        let input = try #require(SharedData.runtimeTestFile("hunter_x_demo.riv"))
        let table = await InProcess.run(["shrink", input, "-o", directory.path("out.riv")])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("Tomorrow-3560345 (font): 57.2 KiB -> ") && table.stdout.contains("JetBrains Mono-3568281 (font): unchanged"), "\(table.stdout)")
        #expect(table.stdout.contains("bound to view model data"))
        let json = await InProcess.run(["shrink", input, "-o", directory.path("again.riv"), "--json", "--keep", "digits"])
        #expect(json.status == 0, "\(json.stderr)")
        let files = try #require(try jsonObject(json.stdout)["files"] as? [[String: Any]])
        let assets = try #require(files.first?["assets"] as? [[String: Any]])
        #expect(assets.allSatisfy { ($0["action"] as? String) == "shrunk" }, "\(assets)")
        let dry = await InProcess.run(["shrink", input, "-o", directory.path("dry.riv"), "--dry-run"])
        #expect(dry.status == 0 && !directory.exists("dry.riv"))
    }

    @Test("a font whose glyph ids the subsetter keeps (a vmtx table) says why in the table's note and in --json's note and subsetNote",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func subsetNoteIsShown() async throws {
        let directory = try TemporaryDirectory()
        let input = try #require(SharedData.runtimeTestFile("hunter_x_demo.riv"))
        let extracted = await InProcess.run(["extract", input, "-o", directory.path("fonts"), "--type", "font"])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        let original = try TableDirectory(font: FontBytes(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.path("fonts/Tomorrow-3560345.ttf"))))))
        var tables = original.tables.mapValues { Array($0.all) }
        tables["vmtx"] = [0, 0, 0, 0]
        let font = try directory.write("vertical.ttf", SfntAssembler.assemble(tables))
        let replaced = await InProcess.run(["replace", input, "--font", "Tomorrow-3560345=" + font, "-o", directory.path("vertical.riv")])
        #expect(replaced.status == 0, "\(replaced.stderr)")

        let table = await InProcess.run(["shrink", directory.path("vertical.riv"), "-o", directory.path("out.riv")])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("glyph ids kept: the vmtx table is not rewritten for new ones"), "\(table.stdout)")
        let json = await InProcess.run(["shrink", directory.path("vertical.riv"), "-o", directory.path("again.riv"), "--json"])
        let files = try #require(try jsonObject(json.stdout)["files"] as? [[String: Any]])
        let assets = try #require(files.first?["assets"] as? [[String: Any]])
        let vertical = try #require(assets.first { ($0["asset"] as? String) == "Tomorrow-3560345" })
        #expect(vertical["action"] as? String == "shrunk")
        #expect((vertical["subsetNote"] as? String)?.contains("vmtx") == true && (vertical["note"] as? String)?.contains("vmtx") == true, "\(vertical)")
        let other = try #require(assets.first { ($0["type"] as? String) == "font" && ($0["asset"] as? String) != "Tomorrow-3560345" })
        #expect(other["subsetNote"] is NSNull, "a font left whole or renumbered has no subset note: \(other)")
    }

    @Test("an unknown --keep range and an unreadable --keep-file are usage errors")
    func usageErrors() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        expectUsageError(await InProcess.run(["shrink", input, "-o", directory.path("out.riv"), "--keep", "runes"]), of: "shrink", saying: "unknown character range 'runes'")
        expectUsageError(await InProcess.run(["shrink", input, "-o", directory.path("out.riv"), "--keep", ","]), of: "shrink", saying: "give at least one character range")
        #expect(await InProcess.run(["shrink", input, "-o", directory.path("kept.riv"), "--keep", "Latin, digits,"]).status == 0)
        expectUsageError(await InProcess.run(["shrink", input, "-o", directory.path("out.riv"), "--keep-file", directory.path("absent.txt")]),
                         of: "shrink", saying: "cannot be read")
    }
}
