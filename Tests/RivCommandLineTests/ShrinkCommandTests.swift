import Foundation
import Testing
import RivTestSupport

/// `riv-assets shrink` as a user runs it.
@Suite("riv-assets shrink")
struct ShrinkCommandTests {
    @Test("the table says what each font went from and to and why one stays whole; --json holds the same; --dry-run writes nothing",
          .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func tableJSONAndDryRun() throws {
        let directory = try TemporaryDirectory()
        let input = try #require(SharedData.runtimeTestFile("hunter_x_demo.riv"))
        let table = InProcess.run(["shrink", input, "-o", directory.path("out.riv")])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("Tomorrow-3560345 (font): 57.2 KiB -> ") && table.stdout.contains("JetBrains Mono-3568281 (font): unchanged"), "\(table.stdout)")
        #expect(table.stdout.contains("bound to view model data"))
        let json = InProcess.run(["shrink", input, "-o", directory.path("again.riv"), "--json", "--keep", "digits"])
        #expect(json.status == 0, "\(json.stderr)")
        let files = try #require(try jsonObject(json.stdout)["files"] as? [[String: Any]])
        let assets = try #require(files.first?["assets"] as? [[String: Any]])
        #expect(assets.allSatisfy { ($0["action"] as? String) == "shrunk" }, "\(assets)")
        let dry = InProcess.run(["shrink", input, "-o", directory.path("dry.riv"), "--dry-run"])
        #expect(dry.status == 0 && !directory.exists("dry.riv"))
    }

    @Test("an unknown --keep range and an unreadable --keep-file are usage errors")
    func usageErrors() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        expectUsageError(InProcess.run(["shrink", input, "-o", directory.path("out.riv"), "--keep", "runes"]), of: "shrink", saying: "unknown character range 'runes'")
        expectUsageError(InProcess.run(["shrink", input, "-o", directory.path("out.riv"), "--keep-file", directory.path("absent.txt")]),
                         of: "shrink", saying: "cannot be read")
    }
}
