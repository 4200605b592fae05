import Foundation
import Testing
import RivFormat
import RivTestSupport

/// One outcome model and one printer: whatever the command, every input has one
/// entry under `files` (`input`, `output`, `status`, ...), an output folder gets
/// every input, and a rerun into it succeeds.
@Suite("per-input outcomes")
struct OutcomeResultTests {
    private let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path
    private static let outcomeKeys: Set<String> = ["input", "output", "status", "reason", "remedy", "bytesBefore", "bytesAfter", "warnings"]

    /// Each rewriting command with an input it leaves unchanged and one that is
    /// missing, writing into `folder`; the schema version its result carries.
    private static func commands(_ nothing: String, _ missing: String, into directory: TemporaryDirectory)
        throws -> [(arguments: [String], schemaVersion: Int, folder: String)] {
        let brand = try directory.write("brand/nobody-99.png", Payload.png())
        _ = brand
        return [
            (["prune", nothing, missing, "-o", directory.path("pruned") + "/"], 3, "pruned"),
            (["strip", nothing, missing, "--assets-out", directory.path("stripped-assets"), "-o", directory.path("stripped") + "/"], 3, "stripped"),
            (["host", nothing, missing, "--upload-dir", directory.path("upload"), "--base-url", "https://cdn.example.com/",
              "-o", directory.path("hosted") + "/"], 3, "hosted"),
            (["replace", nothing, missing, "--assets", directory.path("brand"), "-o", directory.path("replaced") + "/"], 2, "replaced"),
            (["shrink", nothing, missing, "-o", directory.path("shrunk") + "/"], 2, "shrunk"),
        ]
    }

    @Test("prune, strip, host, replace, shrink: one outcome per input; the unchanged input is copied into the output folder; a failure is one line")
    func unchangedAndFailed() async throws {
        let directory = try TemporaryDirectory()
        // Nothing unused, nothing embedded, nothing to host, no match, nothing to shrink.
        let nothing = try directory.write("nothing.riv", Inputs.file([]))
        let missing = directory.path("missing.riv")
        for (arguments, version, folder) in try Self.commands(nothing, missing, into: directory) {
            let command = arguments[0]
            let result = await InProcess.run(arguments + ["--json"])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            let document = try jsonObject(result.stdout)
            #expect(document["schemaVersion"] as? Int == version, "\(command)")
            #expect(document["failures"] == nil && document["skipped"] == nil, "\(command): no second list beside the outcomes")
            let files = try #require(document["files"] as? [[String: Any]], "\(command)")
            #expect(files.map { $0["input"] as? String } == [nothing, missing], "\(command)")
            #expect(files.map { $0["status"] as? String } == ["unchanged", "failed"], "\(command)")
            #expect(files.allSatisfy { Self.outcomeKeys.isSubset(of: $0.keys) }, "\(command): \(files.map(\.keys))")
            #expect(files[0]["output"] as? String == directory.path(folder + "/nothing.riv") && files[0]["reason"] is String, "\(command)")
            #expect(files[0]["bytesBefore"] as? Int == files[0]["bytesAfter"] as? Int, "\(command)")
            #expect(try directory.bytes(folder + "/nothing.riv") == directory.bytes("nothing.riv"), "\(command): the output folder holds every input")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("riv-assets: \(missing): ") }.count == 1, "\(command): \(lines)")

            let text = await InProcess.run(arguments + ["--force"])
            #expect(text.stdout.contains("\(nothing) -> \(directory.path(folder + "/nothing.riv")): unchanged, copied ("), "\(command): \(text.stdout)")
        }
    }

    @Test("in place, an unchanged input is left as it is: nothing written, one line saying so")
    func unchangedInPlace() async throws {
        let directory = try TemporaryDirectory()
        let nothing = try directory.write("nothing.riv", Inputs.file([]))
        let before = try FileManager.default.attributesOfItem(atPath: nothing)[.modificationDate] as? Date
        let result = await InProcess.run(["prune", nothing, "--in-place"])
        #expect(result.status == 0 && result.stdout == "\(nothing): unchanged (every asset is in use)\n", "\(result.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: nothing)[.modificationDate] as? Date == before)
    }

    @Test("a rerun into the same output folder succeeds without --force; an output holding other bytes is still refused")
    func rerunsSucceed() async throws {
        let directory = try TemporaryDirectory()
        // No script, no object: prune may remove both assets, strip moves both out.
        let mixed = try directory.write("mixed.riv", Inputs.file([.image("logo.png", 12, Payload.png(30, seed: 1)), .font("Inter.ttf", 5, Payload.ttf(20))]))
        let nothing = try directory.write("nothing.riv", Inputs.file([]))
        let named = try directory.write("new.png", Payload.png(40, seed: 3))
        let runs: [(arguments: [String], output: String)] = [
            (["prune", mixed, nothing, "-o", directory.path("pruned") + "/"], "pruned/mixed.riv"),
            (["strip", mixed, nothing, "--assets-out", directory.path("assets"), "-o", directory.path("stripped") + "/"], "stripped/mixed.riv"),
            (["replace", mixed, nothing, "--image", "logo-12=\(named)", "-o", directory.path("replaced") + "/"], "replaced/mixed.riv"),
            (["extract", mixed, nothing, "-o", directory.path("extracted")], "extracted/mixed/logo-12.png"),
        ]
        for (arguments, output) in runs {
            let first = await InProcess.run(arguments)
            #expect(first.status == 0, "\(arguments[0]): \(first.stderr)")
            let written = try directory.bytes(output)
            let again = await InProcess.run(arguments + ["--json"])
            #expect(again.status == 0, "\(arguments[0]): \(again.stderr)")
            #expect(try directory.bytes(output) == written)
            _ = try directory.write(output, Array("someone else's".utf8))
            let refused = await InProcess.run(arguments + ["--json"])
            #expect(refused.status == 1, "\(arguments[0])")
            let files = try #require(try jsonObject(refused.stdout)["files"] as? [[String: Any]])
            #expect(files.first?["status"] as? String == "failed" && files.first?["remedy"] as? String == "overwrite", "\(arguments[0]): \(files)")
            #expect(try directory.bytes(output) == Array("someone else's".utf8), "\(arguments[0]): not overwritten")
        }
    }

    @Test("extract: an input with nothing to extract is skipped, one note; swap and place give their one input's outcome")
    func skippedAndOneInputOutcomes() async throws {
        let directory = try TemporaryDirectory()
        let nothing = try directory.write("nothing.riv", Inputs.file([]))
        let extracted = await InProcess.run(["extract", "--json", nothing, "-o", directory.path("extracted")])
        #expect(extracted.status == 0)
        let extract = try #require(try jsonObject(extracted.stdout)["files"] as? [[String: Any]])
        #expect(extract.map { $0["status"] as? String } == ["skipped"] && extract.first?["input"] as? String == nothing)
        #expect(extracted.stderr.hasPrefix("riv-assets: note: \(nothing): skipped: "), "\(extracted.stderr)")

        let swapped = await InProcess.run(["swap", "--json", fixture, "hero-1", "badge-2", "-o", directory.path("swapped.riv")])
        #expect(swapped.status == 0, "\(swapped.stderr)")
        let swap = try jsonObject(swapped.stdout)
        let files = try #require(swap["files"] as? [[String: Any]])
        #expect(swap["schemaVersion"] as? Int == 3 && files.count == 1 && files[0]["input"] as? String == fixture)
        #expect(files[0]["status"] as? String == "written" && files[0]["output"] as? String == directory.path("swapped.riv"))
        #expect((files[0]["assets"] as? [Any])?.count == 2)
    }
}
