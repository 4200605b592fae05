import Foundation
import Testing
import RivFormat
import RivTestSupport
import RivTestTags

/// `host` end to end: the upload folder served by a loopback server is what the
/// hosted files fetch, `embed` (online or from a cache `fetch` filled) gives the
/// input back byte for byte, `verify --upload-dir` checks the folder, and Rive's
/// runtime asks its loader for exactly the new uuids and base URL.
@Suite struct HostCommandTests {
    /// Two files sharing a logo, one with a font and a clip too; the world's server serves `served/`.
    static func twoFiles(_ world: HostedWorld) throws -> (first: String, second: String, firstBytes: [UInt8], secondBytes: [UInt8]) {
        let logo = Payload.png(2500, seed: 7)
        let firstBytes = Inputs.file([.image("logo.png", 1, logo), .font("Inter.ttf", 2, Payload.ttf(900)), .audio("beep.wav", 3, Payload.wav(700))])
        let secondBytes = Inputs.file([.image("brand.png", 9, logo)])
        return (try world.sandbox.write("a.riv", firstBytes), try world.sandbox.write("b.riv", secondBytes), firstBytes, secondBytes)
    }

    @Test func hostThenEmbedOverHTTPGivesTheInputsBack() async throws {
        let world = try HostedWorld()
        let files = try Self.twoFiles(world)
        let hosted = await InProcess.run(["host", files.first, files.second, "--base-url", world.server.baseURL,
                                                    "--upload-dir", world.sandbox.path("served"), "-o", world.sandbox.path("hosted"), "--json"])
        #expect(hosted.status == 0, "\(hosted.stderr)")
        let entries = try #require((try jsonObject(hosted.stdout)["files"] as? [[String: Any]])?.flatMap { $0["hosted"] as? [[String: Any]] ?? [] })
        #expect(entries.map { $0["upload"] as? String } == ["written", "written", "written", "shared"])
        #expect(Set(world.sandbox.entries("served")).count == 5, "three uploads, the manifest and its lock file")

        let verified = await InProcess.run(["verify", world.sandbox.path("hosted/a.riv"), world.sandbox.path("hosted/b.riv"),
                                                      "--upload-dir", world.sandbox.path("served"), "--allow", "hosted"])
        #expect(verified.status == 0, "\(verified.stderr)")

        let embedded = await InProcess.run(["embed", world.sandbox.path("hosted/a.riv"), world.sandbox.path("hosted/b.riv"),
                                                      "-o", world.sandbox.path("back"), "--cache-dir", world.sandbox.path("cache"), "--retries", "0"])
        #expect(embedded.status == 0, "\(embedded.stderr)")
        #expect(try world.sandbox.bytes("back/a.riv") == files.firstBytes && world.sandbox.bytes("back/b.riv") == files.secondBytes)
        #expect(world.server.received().map(\.path).sorted() == Set(entries.compactMap { $0["uuid"] as? String }).map { "/" + $0 }.sorted(),
                "one request per upload: the shared logo is fetched once")
    }

    @Test("--delete-unused removes from the upload folder the uploads no hosted file uses any more")
    func deleteUnused() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300, seed: 1))]))
        let arguments = ["host", input, "--base-url", "https://cdn.example.com/rive", "--upload-dir", directory.path("served"),
                         "-o", directory.path("hosted.riv"), "--force", "--delete-unused", "--json"]
        let first = await InProcess.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let old = try #require(directory.entries("served").first { $0.count == 36 })
        _ = try directory.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300, seed: 2))]))
        let second = await InProcess.run(arguments)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try jsonObject(second.stdout)["deletedUploads"] as? [String] == [old])
        #expect(!directory.entries("served").contains(old) && directory.entries("served").filter { $0.count == 36 }.count == 1)
        let text = await InProcess.run(Array(arguments.dropLast()) + ["--dry-run"])
        #expect(text.status == 0 && !text.stdout.contains("unused upload"), "nothing unused left: \(text.stdout)")
    }

    @Test("the upload manifest records each hosted file as the command line names it, relative when given relative")
    func manifestPathsAsGiven() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300))]))
        let hosted = try await RivAssets.run(["host", "a.riv", "--base-url", "https://cdn.example.com/rive", "--upload-dir", "served", "-o", "hosted/"],
                                             in: directory.url)
        #expect(hosted.status == 0, "\(hosted.stderr)")
        let manifest = try String(contentsOfFile: directory.path("served/manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"file\" : \"hosted/a.riv\"") && !manifest.contains(directory.url.path), "\(manifest)")
    }

    @Test func embedOfflineFromACacheThatFetchFilled() async throws {
        let world = try HostedWorld()
        let files = try Self.twoFiles(world)
        let base = world.server.baseURL + "/"
        let hosted = await InProcess.run(["host", files.first, "--base-url", base, "--upload-dir", world.sandbox.path("served"),
                                                    "-o", world.sandbox.path("a-hosted.riv")])
        #expect(hosted.status == 0, "\(hosted.stderr)")
        let cache = world.sandbox.path("cache")
        let fetched = await InProcess.run(["fetch", world.sandbox.path("a-hosted.riv"), "--cache-dir", cache, "--retries", "0"])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let requests = world.server.requestCount()
        let offline = await InProcess.run(["embed", world.sandbox.path("a-hosted.riv"), "-o", world.sandbox.path("a-back.riv"),
                                                     "--cache-dir", cache, "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try world.sandbox.bytes("a-back.riv") == files.firstBytes, "a base URL ending in / is stored as given and fetched without a second /")
        #expect(world.server.requestCount() == requests, "offline asks nothing")
    }

    @Test func verifyNamesMissingAndChangedUploads() async throws {
        let world = try HostedWorld()
        let files = try Self.twoFiles(world)
        let served = world.sandbox.path("served")
        let hosted = await InProcess.run(["host", files.first, "--base-url", world.server.baseURL, "--upload-dir", served,
                                                    "-o", world.sandbox.path("h.riv"), "--json"])
        let entries = try #require((try jsonObject(hosted.stdout)["files"] as? [[String: Any]])?.flatMap { $0["hosted"] as? [[String: Any]] ?? [] })
        let uuids = entries.compactMap { $0["uuid"] as? String }
        try FileManager.default.removeItem(atPath: served + "/" + uuids[0])
        _ = try world.sandbox.write("served/" + uuids[1], Payload.ttf(900, seed: 1))
        let verified = await InProcess.run(["verify", world.sandbox.path("h.riv"), "--upload-dir", served])
        #expect(verified.status == 1)
        let codes = errorLines(verified).map { $0.components(separatedBy: ": ")[1] }
        // The removed upload's manifest entry now names no file: the folder no longer vouches for it.
        #expect(codes == ["asset-not-uploaded", "asset-upload-changed", "upload-manifest-entry-refused"], "\(verified.stderr)")
        #expect(verified.stderr.contains(uuids[0]) && verified.stderr.contains("the manifest records \(Payload.ttf(900).count) bytes"))
        let absent = await InProcess.run(["verify", world.sandbox.path("h.riv"), "--upload-dir", world.sandbox.path("nowhere")])
        #expect(absent.status != 0 && absent.stderr.contains("no such folder"))
    }

    @Test(.tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func rivesRuntimeAsksItsLoaderForTheNewLocations() async throws {
        let world = try HostedWorld()
        let files = try Self.twoFiles(world)
        let base = "https://assets.example.com/rive"
        let hosted = await InProcess.run(["host", files.first, "--base-url", base, "--upload-dir", world.sandbox.path("up"),
                                                    "-o", world.sandbox.path("h.riv"), "--json"])
        let entries = try #require((try jsonObject(hosted.stdout)["files"] as? [[String: Any]])?.flatMap { $0["hosted"] as? [[String: Any]] ?? [] })
        let verdict = try RuntimeOracle.list(URL(fileURLWithPath: world.sandbox.path("h.riv")))
        #expect(verdict.runtimeResult == "success")
        #expect(verdict.loaderCalls.map { $0["cdnUuid"] as? String } == entries.map { $0["uuid"] as? String })
        #expect(verdict.loaderCalls.allSatisfy { $0["cdnBaseUrl"] as? String == base && $0["inBandBytes"] as? Int == 0 })
        #expect(verdict.loaderCalls.map { $0["uniqueName"] as? String } == ["logo-1", "Inter-2", "beep-3"])
    }
}
