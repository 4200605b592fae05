import Foundation
import Testing
import RivFormat
import RivTestSupport
import RivTestTags

/// `fetch`, `embed` and `extract --hosted` end to end against a loopback HTTP server.
@Suite struct HostedCommandTests {
    /// A world serving images 1 and 2 (not 3), and a file hosting all three.
    static func threeImages() throws -> (HostedWorld, String) {
        let world = try HostedWorld()
        try world.serve(1, Payload.png(3000, seed: 1))
        try world.serve(2, Payload.jpeg(2000, seed: 2))
        return (world, try world.rivFile(images: [1, 2, 3]).path)
    }

    @Test func fetchReportsEachAssetAndAWarmCacheMakesNoRequest() async throws {
        let (world, file) = try Self.threeImages()
        let cache = world.sandbox.path("cache")
        let first = await InProcess.run(["fetch", file, "--cache-dir", cache, "--retries", "0", "--json"])
        #expect(first.status == 1)
        let assets = try #require(try jsonObject(first.stdout)["assets"] as? [[String: Any]])
        #expect(assets.map { $0["status"] as? String } == ["downloaded", "downloaded", "failed"])
        #expect(assets[2]["httpStatus"] as? Int == 404 && assets[1]["format"] as? String == "jpeg")
        let missingURL = world.server.baseURL + "/" + HostedWorld.uuid(3).text
        #expect(errorLines(first) == ["riv-assets: \(file): image-3-103: \(missingURL): HTTP 404"])
        #expect(world.server.requestCount() == 3)

        let warm = await InProcess.run(["fetch", file, "--cache-dir", cache, "--retries", "0"])
        #expect(warm.stdout.components(separatedBy: "  cached  ").count == 3, "\(warm.stdout)")
        #expect(world.server.requestCount() == 4, "only the missing asset is asked for again")
    }

    @Test func aMirrorAndExtraHeadersReachTheServer() async throws {
        let world = try HostedWorld()
        try world.serve(5, Payload.png(500))
        // The file hosts the asset on https://cdn.example.com; the mirror has the same uuid.
        let file = try world.sandbox.write("mirror.riv", Inputs.file([.image("m.png", 5, cdnUUID: HostedWorld.uuid(5).bytes)]))
        let result = await InProcess.run(["fetch", file, "--cdn-base-url", world.server.baseURL + "/",
                                                    "--header", "Authorization: Bearer t0ken", "--cache-dir", world.sandbox.path("cache")])
        #expect(result.status == 0 && result.stdout.contains("m-5  downloaded"), "\(result.stderr)")
        let request = try #require(world.server.received().first)
        #expect(request.path == "/" + HostedWorld.uuid(5).text && request.header("Authorization") == "Bearer t0ken")
    }

    @Test func sizeLimitAndDeadlineAreSettableAndNamed() async throws {
        let (world, file) = try Self.threeImages()
        let cache = world.sandbox.path("cache")
        let limited = await InProcess.run(["fetch", file, "--cache-dir", cache, "--retries", "0", "--max-asset-size", "2.5kB"])
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("image-1-101") && limited.stderr.contains("larger than the limit of 2500 bytes"), "\(limited.stderr)")
        #expect(!limited.stderr.contains("image-2-102"), "the 2,000-byte JPEG fits")
        let badLimit = await InProcess.run(["fetch", file, "--cache-dir", cache, "--max-asset-size", "lots"])
        #expect(badLimit.status == 64 && badLimit.stderr.contains("--max-asset-size takes a number of bytes"))
        let badDeadline = await InProcess.run(["fetch", file, "--cache-dir", cache, "--deadline", "0"])
        #expect(badDeadline.status == 64 && badDeadline.stderr.contains("--deadline: expected a number of seconds above 0"))
    }

    @Test func offlineUsesTheCacheAndNamesWhatIsMissing() async throws {
        let (world, file) = try Self.threeImages()
        let cache = world.sandbox.path("cache")
        let cold = await InProcess.run(["fetch", file, "--cache-dir", cache, "--offline"])
        #expect(cold.status == 1 && errorLines(cold).count == 3 && cold.stderr.contains("image-1-101") && cold.stderr.contains("not in the cache (offline)"))
        #expect(world.server.requestCount() == 0)
        _ = await InProcess.run(["fetch", file, "--cache-dir", cache, "--retries", "0"])
        let warm = await InProcess.run(["fetch", file, "--cache-dir", cache, "--offline"])
        #expect(warm.status == 1 && errorLines(warm).count == 1 && warm.stderr.contains("image-3-103"))
        #expect(world.server.requestCount() == 3)
    }

    /// An asset fetched through a mirror is cached under the mirror's URL; offline
    /// without the mirror, the message names the cache folder, the URL looked for
    /// and the base URL to give.
    @Test func offlineWithoutTheMirrorAFetchUsedSaysWhichKeyItLookedForAndWhichBaseURLHoldsIt() async throws {
        let (world, file) = try Self.threeImages()
        let cache = world.sandbox.path("cache")
        let mirror = "http://localhost:\(world.server.port)"
        let viaMirror = await InProcess.run(["fetch", file, "--cache-dir", cache, "--retries", "0", "--cdn-base-url", mirror])
        #expect(viaMirror.stdout.contains("image-1-101  downloaded"), "\(viaMirror.stderr)")
        let offline = await InProcess.run(["fetch", file, "--cache-dir", cache, "--offline"])
        let line = try #require(errorLines(offline).first { $0.contains("image-1-101") })
        #expect(line.contains("not in the cache (offline)") && line.contains("the cache \(cache) has no entry for \(world.server.baseURL)/"), "\(line)")
        #expect(line.contains("it holds this uuid from \(mirror)") && line.contains("--cdn-base-url \(mirror)"), "\(line)")
        // With the mirror given, the same offline fetch finds both cached assets.
        let withMirror = await InProcess.run(["fetch", file, "--cache-dir", cache, "--offline", "--cdn-base-url", mirror])
        #expect(errorLines(withMirror).count == 1 && withMirror.stderr.contains("image-3-103"), "\(withMirror.stderr)")
    }

    @Test func aHeaderThatNoHostWouldGetIsWarnedAbout() async throws {
        let (world, file) = try Self.threeImages()
        let cache = world.sandbox.path("cache")
        let unsent = await InProcess.run(["fetch", file, "--cache-dir", cache, "--offline", "--header", "Authorization: Bearer t0ken"])
        #expect(unsent.stderr.contains("riv-assets: warning: --header is sent only to the hosts of --cdn-base-url and --header-host"), "\(unsent.stderr)")
        let sent = await InProcess.run(["fetch", file, "--cache-dir", cache, "--offline", "--header", "Authorization: Bearer t0ken",
                                                  "--header-host", "127.0.0.1:\(world.server.port)"])
        #expect(!sent.stderr.contains("warning: --header"), "\(sent.stderr)")
    }

    @Test func embedMakesAFileSelfContainedAndChangesNothingElse() async throws {
        let world = try HostedWorld()
        let image = Payload.png(3000, seed: 4)
        let font = Payload.ttf(800)
        try world.serve(4, image)
        let assets = [TestAsset.image("hero.png", 40, cdnUUID: HostedWorld.uuid(4).bytes, cdnBaseURL: world.server.baseURL),
                      TestAsset.font("Inter.ttf", 5), TestAsset.image("logo.png", 12, Payload.png(100))]
        let input = try world.sandbox.write("in.riv", Inputs.file(assets))
        try world.sandbox.folder("refs")
        _ = try world.sandbox.write("refs/Inter-5.ttf", font)
        let result = await InProcess.run(["embed", input, "-o", world.sandbox.path("out.riv"), "--assets", world.sandbox.path("refs"),
                                    "--cache-dir", world.sandbox.path("cache")])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let original = try RivFile(path: input)
        var editor = RivEditor(original)
        try editor.embed(Data(image), in: original.assets[0])
        try editor.embed(Data(font), in: original.assets[1])
        #expect(try world.sandbox.bytes("out.riv") == Array(editor.makeBytes()), "only the two assets' records changed")
        let written = try RivFile(path: world.sandbox.path("out.riv"))
        #expect(written.assets.allSatisfy { $0.location == .embedded })
        #expect(written.assets[0].embeddedBytes.map(Array.init) == image && written.assets[0].cdn == nil)
    }

    @Test("embed --dry-run says what would be embedded and writes no output, as every rewriting command's --dry-run")
    func embedDryRunWritesNothing() async throws {
        let world = try HostedWorld()
        let input = try world.sandbox.write("in.riv", Inputs.file([TestAsset.font("Inter.ttf", 5), TestAsset.image("logo.png", 12, Payload.png(100))]))
        try world.sandbox.folder("refs")
        _ = try world.sandbox.write("refs/Inter-5.ttf", Payload.ttf(800))
        let out = world.sandbox.path("out.riv")
        let result = await InProcess.run(["embed", input, "-o", out, "--assets", world.sandbox.path("refs"), "--dry-run",
                                          "--cache-dir", world.sandbox.path("cache")])
        #expect(result.status == 0 && result.stdout.contains("1 asset would be embedded"), "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let json = await InProcess.run(["embed", input, "-o", out, "--assets", world.sandbox.path("refs"), "--dry-run", "--json",
                                        "--cache-dir", world.sandbox.path("cache")])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(report["dryRun"] as? Bool == true && files.count == 1)
        #expect(files[0]["input"] as? String == input && files[0]["status"] as? String == "written")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func embedFailsAnInputWithAMissingAssetUnlessAllowed() async throws {
        let (world, file) = try Self.threeImages()
        let out = world.sandbox.path("out.riv")
        let strict = await InProcess.run(["embed", file, "-o", out, "--cache-dir", world.sandbox.path("cache"), "--retries", "0"])
        #expect(strict.status == 1 && strict.stderr.contains("1 asset cannot be embedded: image-3-103 (HTTP 404)"), "\(strict.stderr)")
        #expect(!world.sandbox.exists("out.riv"))
        let allowed = await InProcess.run(["embed", file, "-o", out, "--cache-dir", world.sandbox.path("cache"), "--retries", "0", "--allow-missing"])
        #expect(allowed.status == 0 && allowed.stderr.contains("image-3-103 not embedded: HTTP 404"), "\(allowed.stderr)")
        let written = try RivFile(path: out)
        #expect(written.assets.map(\.location) == [.embedded, .embedded, .hosted])
    }

    @Test(.tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func embeddedOutputLoadsInRivesRuntime() async throws {
        let (world, file) = try Self.threeImages()
        let out = world.sandbox.path("out.riv")
        let result = await InProcess.run(["embed", file, "-o", out, "--cache-dir", world.sandbox.path("cache"), "--retries", "0", "--allow-missing"])
        #expect(result.status == 0)
        let report = try RuntimeOracle.list(URL(fileURLWithPath: out))
        #expect(report.runtimeResult == "success")
        let loaded = report.assets
        #expect(loaded.map { $0["inBandBytes"] as? Int } == [3008, 2004, 0])
        #expect(loaded.map { $0["cdnUuid"] as? String } == ["", "", HostedWorld.uuid(3).text])
    }

    @Test func extractHostedWritesFromTheCache() async throws {
        let (world, file) = try Self.threeImages()
        let result = await InProcess.run(["extract", file, "--hosted", "-o", world.sandbox.path("x"), "--cache-dir", world.sandbox.path("cache"), "--retries", "0"])
        #expect(result.status == 1, "image-3 cannot be had")
        #expect(result.stderr.contains("image-3-103: hosted, and could not be fetched: "), "\(result.stderr)")
        #expect(world.sandbox.entries("x") == ["image-1-101.png", "image-2-102.jpg"])
        #expect(try world.sandbox.bytes("x/image-2-102.jpg") == Payload.jpeg(2000, seed: 2))
        let offline = await InProcess.run(["extract", file, "--hosted", "--offline", "-o", world.sandbox.path("y"), "--cache-dir", world.sandbox.path("cache")])
        #expect(world.sandbox.entries("y").count == 2 && offline.stderr.contains("image-3-103: hosted, and not in the cache"))
        #expect(world.server.requestCount() == 3)
        // The input is read once for both: the two it has come from the cache, the third is asked for again.
        let again = await InProcess.run(["extract", file, "--hosted", "--json", "-o", world.sandbox.path("z"), "--cache-dir", world.sandbox.path("cache"), "--retries", "0"])
        let hosted = try #require(try jsonObject(again.stdout)["hosted"] as? [[String: Any]])
        #expect(hosted.map { $0["status"] as? String } == ["cached", "cached", "failed"])
        #expect(hosted.map { $0["asset"] as? String } == ["image-1-101", "image-2-102", "image-3-103"])
        #expect(world.server.requestCount() == 4)
    }

    @Test func twoProcessesFillOneCache() async throws {
        let world = try HostedWorld(routes: nil)
        try world.server.update(.init(delayMilliseconds: 20, folder: world.sandbox.path("served")))
        for index in 0..<30 { try world.serve(index, Payload.png(20000, seed: UInt8(index))) }
        let file = try world.rivFile(images: Array(0..<30)).path
        let cache = world.sandbox.path("cache")
        let runs = try (0..<2).map { _ in try RivAssets.process(["fetch", file, "--cache-dir", cache, "--jobs", "4", "--retries", "0"]) }
        let outputs = try TemporaryDirectory()
        for (index, run) in runs.enumerated() {
            run.standardOutput = FileHandle.nullDevice
            run.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: try outputs.write("err\(index)", [])))
            try run.runWithSignalsUnblocked()
        }
        for run in runs { try RivAssets.wait(for: run) }
        let errors = try (0..<2).map { String(decoding: try outputs.bytes("err\($0)"), as: UTF8.self) }
        #expect(runs.map(\.terminationStatus) == [0, 0], "\(errors)")
        let check = await InProcess.run(["fetch", file, "--cache-dir", cache, "--offline", "--json"])
        let assets = try #require(try jsonObject(check.stdout)["assets"] as? [[String: Any]])
        #expect(check.status == 0 && assets.count == 30 && assets.allSatisfy { $0["status"] as? String == "cached" })
        #expect(world.sandbox.entries("cache").filter { $0.hasPrefix(".") }.isEmpty, "no temporary file is left behind")
        #expect(world.sandbox.entries("cache").count == 60)
    }

    @Test func badOptionsAreUsageErrors() async throws {
        let (world, file) = try Self.threeImages()
        expectUsageError(await InProcess.run(["fetch", file, "--header", "no colon"]), of: "fetch", saying: "expected 'NAME: VALUE'")
        expectUsageError(await InProcess.run(["fetch", file, "--jobs", "0"]), of: "fetch", saying: "--jobs: expected a whole number from 1 to 1000, got '0'")
        expectUsageError(await InProcess.run(["fetch", file, "--retries", "-1"]), of: "fetch", saying: "--retries: expected a whole number from 0 to 1000, got '-1'")
        expectUsageError(await InProcess.run(["fetch", file, "--header", "X-Team: a\r\nX-Injected: yes"]), of: "fetch", saying: "the value of the header X-Team holds")
        expectUsageError(await InProcess.run(["fetch", file, "--header-host", "::1:8080"]), of: "fetch", saying: "brackets")
        expectUsageError(await InProcess.run(["fetch", file, "--header-host", "cdn.example.com:99999"]), of: "fetch", saying: "1 to 65535")
        expectUsageError(await InProcess.run(["fetch", file, "--cdn-base-url", "ftp://x"]), of: "fetch", saying: "--cdn-base-url")
        // The rule `host` stores base URLs by: no credentials (never echoed), no query, no stray characters.
        for (base, saying) in [("https://user:secret@mirror.example/rive/", "user info"), ("https://mirror.example/rive?sig=abc", "a query"),
                               ("https://mirror.example/ri ve/", "a space"), ("https://mirror.example:0/", "1 to 65535")] {
            let result = await InProcess.run(["fetch", file, "--cdn-base-url", base])
            expectUsageError(result, of: "fetch", saying: "--cdn-base-url: ")
            #expect(result.stderr.contains(saying) && !result.stderr.contains("secret") && !result.stderr.contains("sig=abc"), "\(result.stderr)")
        }
        expectUsageError(await InProcess.run(["fetch", file, "--cache-dir", file]), of: "fetch", saying: "cannot use")
        expectUsageError(await InProcess.run(["embed", file]), of: "embed", saying: "-o OUT or --in-place")
        #expect(world.server.requestCount() == 0)
    }
}
