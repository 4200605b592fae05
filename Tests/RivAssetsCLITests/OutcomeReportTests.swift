import Foundation
import Testing
import RivFormat
import RivTestSupport

/// One outcome model and one printer: whatever the command, a skipped input and a
/// failed one read the same on standard error, and in `--json` the entry for an
/// input names it `path`, under schema version 2.
@Suite("per-input outcomes")
struct OutcomeReportTests {
    private let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    @Test("prune, strip, extract and host: a skipped input is {path, reason} under schemaVersion 2 and one note; a failure is {path, message}")
    func skippedAndFailed() async throws {
        let directory = try TemporaryDirectory()
        // Nothing unused, nothing embedded of the chosen type, nothing to extract, nothing to host.
        let nothing = try directory.write("nothing.riv", Inputs.file([]))
        let missing = directory.path("missing.riv")
        let commands: [[String]] = [
            ["prune", "--json", nothing, missing, "-o", directory.path("pruned") + "/"],
            ["strip", "--json", nothing, missing, "--assets-out", directory.path("stripped-assets"), "-o", directory.path("stripped") + "/"],
            ["extract", "--json", nothing, missing, "-o", directory.path("extracted")],
            ["host", "--json", nothing, missing, "--upload-dir", directory.path("upload"), "--base-url", "https://cdn.example.com/",
             "-o", directory.path("hosted") + "/"],
        ]
        for arguments in commands {
            let result = await InProcess.runOffThePool(arguments)
            #expect(result.status == 1, "\(arguments[0]): \(result.stderr)")
            let document = try jsonObject(result.stdout)
            #expect(document["schemaVersion"] as? Int == 2, "\(arguments[0])")
            let skipped = try #require(document["skipped"] as? [[String: Any]], "\(arguments[0])")
            #expect(skipped.map { Set($0.keys) } == [["path", "reason"]] && skipped.first?["path"] as? String == nothing, "\(arguments[0])")
            let failures = try #require(document["failures"] as? [[String: Any]], "\(arguments[0])")
            #expect(failures.map { $0["path"] as? String } == [missing], "\(arguments[0])")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("riv-assets: note: \(nothing): skipped: ") == true, "\(arguments[0]): \(lines)")
            #expect(lines.last?.hasPrefix("riv-assets: \(missing): ") == true, "\(arguments[0]): \(lines)")
        }
    }

    @Test("swap and place name their input path, under schemaVersion 2")
    func oneInputReports() throws {
        let directory = try TemporaryDirectory()
        let swapped = InProcess.run(["swap", "--json", fixture, "hero-1", "badge-2", "-o", directory.path("swapped.riv")])
        #expect(swapped.status == 0, "\(swapped.stderr)")
        let swap = try jsonObject(swapped.stdout)
        #expect(swap["path"] as? String == fixture && swap["input"] == nil && swap["schemaVersion"] as? Int == 2)
        let pruned = InProcess.run(["prune", "--json", fixture, "-o", directory.path("pruned.riv")])
        let files = try #require(try jsonObject(pruned.stdout)["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == [fixture] && files.allSatisfy { $0["input"] == nil })
    }
}
