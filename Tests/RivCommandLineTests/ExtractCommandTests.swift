import Foundation
import Testing
import RivFormat
import RivTestSupport

/// `riv-assets extract`, run in-process through the tool's entry point.
@Suite("riv-assets extract")
struct ExtractCommandTests {
    @Test("extract writes each embedded asset as uniqueName.<real extension>, bytes unchanged; referenced and hosted ones are skipped")
    func realExtensions() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let result = try await RivAssets.run(["extract", input, "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let expected = ["walle-370.jpg": "walle-370", "logo-12.png": "logo-12", "Inter-5.ttf": "Inter-5",
                        "beep-7.wav": "beep-7", "main-0.luac": "main-0"]
        #expect(directory.entries("out") == expected.keys.sorted())
        for (file, uniqueName) in expected {
            #expect(try directory.bytes("out/" + file) == Inputs.mixedPayloads[uniqueName], "\(file)")
            #expect(result.stdout.contains(directory.path("out/" + file)), "\(result.stdout)")
        }
    }

    @Test("many in-process extracts at once all finish: the tool awaits its work and blocks no thread of the concurrency pool",
          .timeLimit(.minutes(1)))
    func manyAtOnceInProcess() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        // More runs than the pool has threads: one run blocking its thread would stop them all.
        let outputs = (0..<(4 * ProcessInfo.processInfo.activeProcessorCount)).map { "out-\($0)" }
        let paths = outputs.map(directory.path)
        let statuses = await withTaskGroup(of: Int32.self) { group in
            for path in paths { group.addTask { await InProcess.run(["extract", input, "-o", path]).status } }
            return await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: outputs.count))
        for output in outputs { #expect(directory.entries(output).count == 5, "\(output)") }
    }

    @Test("--runtime-names writes uniqueName.fileExtension, the name a runtime looks up, whatever the bytes are")
    func runtimeNames() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let result = try await RivAssets.run(["extract", "--runtime-names", input, "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("out") == ["Inter-5.ttf", "beep-7.wav", "logo-12.png", "main-0.lua", "walle-370.png"])
        #expect(try directory.bytes("out/walle-370.png") == Inputs.mixedPayloads["walle-370"])
    }

    @Test("--type and --name choose the assets",
          arguments: [
              (["--type", "image"], ["logo-12.png", "walle-370.jpg"]),
              (["--type", "font,audio"], ["Inter-5.ttf", "beep-7.wav"]),
              (["--type", "script"], ["main-0.luac"]),
              (["--type", "other"], []),
              (["--type", "all"], ["Inter-5.ttf", "beep-7.wav", "logo-12.png", "main-0.luac", "walle-370.jpg"]),
              (["--name", "*-[0-9]"], ["Inter-5.ttf", "beep-7.wav", "main-0.luac"]),
              (["--type=image", "--name=walle-*"], ["walle-370.jpg"]),
          ])
    func selection(options: [String], files: [String]) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let result = try await RivAssets.run(["extract", input, "-o", directory.path("out")] + options)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("out") == files)
    }

    @Test("several inputs get a folder each, named after the file; repeated names get -2")
    func folderPerInput() async throws {
        let directory = try TemporaryDirectory()
        try directory.folder("a")
        try directory.folder("b")
        let first = try directory.write("a/hero.riv", Inputs.file([.image("x.png", 1, Payload.png())]))
        let second = try directory.write("b/hero.riv", Inputs.file([.font("y.ttf", 2, Payload.ttf())]))
        let third = try directory.write("other.riv", Inputs.file([.audio("z.wav", 3, Payload.wav())]))
        let result = try await RivAssets.run(["extract", first, second, third, "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.tree().filter { $0.hasPrefix("out/") }
            == ["out/hero", "out/hero-2", "out/hero-2/y-2.ttf", "out/hero/x-1.png", "out/other", "out/other/z-3.wav"])
        #expect(try directory.bytes("out/hero-2/y-2.ttf") == Payload.ttf())
    }

    @Test("an existing file is not overwritten without --force (exit 1, one line); with --force it is")
    func existingFiles() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("one.riv", Inputs.file([.image("x.png", 1, Payload.png()), .font("f.ttf", 2, Payload.ttf())]))
        try directory.folder("out")
        let existing = try directory.write("out/x-1.png", Array("keep me".utf8))

        let refused = try await RivAssets.run(["extract", input, "-o", directory.path("out")])
        #expect(refused.status == 1)
        #expect(errorLines(refused) == ["riv-assets: \(input): \(existing): already exists (use --force to overwrite)"])
        #expect(try directory.bytes("out/x-1.png") == Array("keep me".utf8))
        #expect(try directory.bytes("out/f-2.ttf") == Payload.ttf(), "the other asset is still written")

        let forced = try await RivAssets.run(["extract", "--force", input, "-o", directory.path("out")])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try directory.bytes("out/x-1.png") == Payload.png())
        #expect(directory.entries("out") == ["f-2.ttf", "x-1.png"])
    }

    @Test("--json prints a manifest: per input its outcome and the asset, file, bytes, format and contentHash of every written file")
    func jsonManifest() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let result = try await RivAssets.run(["extract", "--json", "--type", "image,font", input, "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        let document = try jsonObject(result.stdout)
        #expect(Set(document.keys) == ["schemaVersion", "files", "dryRun", "hosted", "layout", "kotlinMap", "kotlinMapError"])
        #expect(document["layout"] as? String == "flat" && document["kotlinMap"] is NSNull)
        #expect(document["schemaVersion"] as? Int == 3)
        let inputs = try #require(document["files"] as? [[String: Any]])
        #expect(inputs.count == 1 && inputs[0]["input"] as? String == input && inputs[0]["status"] as? String == "written")
        #expect(inputs[0]["output"] as? String == directory.path("out"))
        let files = try #require(inputs[0]["extracted"] as? [[String: Any]])
        #expect(files.map { $0["asset"] as? String } == ["walle-370", "logo-12", "Inter-5"])
        #expect(files.map { $0["format"] as? String } == ["jpeg", "png", "ttf"])
        for entry in files {
            #expect(Set(entry.keys) == ["asset", "file", "bytes", "format", "contentHash", "uniqueFilename"])
            let path = try #require(entry["file"] as? String)
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(entry["bytes"] as? Int == written.count)
            #expect(entry["contentHash"] as? String == XXH64.hexString(written.withUnsafeBytes { XXH64.hash($0) }))
            #expect(Array(written) == Inputs.mixedPayloads[entry["asset"] as? String ?? ""])
        }
    }

    @Test("--json with nothing to write says the input was skipped, with no file")
    func jsonEmpty() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("ref.riv", Inputs.oneImage(name: "ref.png", id: 3))
        let result = try await RivAssets.run(["extract", "--json", input, "-o", directory.path("out")])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try #require(try jsonObject(result.stdout)["files"] as? [[String: Any]])
        #expect(files.count == 1 && files[0]["status"] as? String == "skipped" && (files[0]["extracted"] as? [Any])?.isEmpty == true)
    }

    @Test("hostile asset names: every file lands directly inside DIR, nothing appears outside it",
          arguments: [false, true])
    func hostileNames(runtimeNames: Bool) async throws {
        let sandbox = try TemporaryDirectory()
        let assets = HostileNames.all.enumerated().map { TestAsset.image($1, UInt64($0 + 1), Payload.png(seed: UInt8($0))) }
        try sandbox.folder("hostile/deep")
        let input = try sandbox.write("hostile/deep/in.riv", Inputs.file(assets))
        let before = sandbox.tree()
        let result = try await RivAssets.run(["extract", "--json", input, "-o", sandbox.path("hostile/deep/out")]
            + (runtimeNames ? ["--runtime-names"] : []))

        #expect(result.status == 0, "\(result.stderr)")
        let written = HostileNames.expectConfined(in: sandbox, folder: "hostile/deep/out", before: before, count: assets.count)
        let inputs = try #require(try jsonObject(result.stdout)["files"] as? [[String: Any]])
        let manifest = try #require(inputs.first?["extracted"] as? [[String: Any]])
        let paths = manifest.compactMap { $0["file"] as? String }
        #expect(Set(paths) == Set(written.map { sandbox.path("hostile/deep/out/" + $0) }))
        for (index, entry) in manifest.enumerated() {
            let path = try #require(entry["file"] as? String)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == Payload.png(seed: UInt8(index)))
        }
    }

    /// A 200-byte cap that cuts off the `-id.ext` ending makes two assets with long
    /// names share one file: the second overwrites the first (with --force) or is refused.
    @Test("two assets whose long names share their first 200 bytes get two files")
    func longNames() async throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "a", count: 250)
        let input = try directory.write("long.riv", Inputs.file([.image(long + ".png", 1, Payload.png(seed: 1)),
                                                                 .image(long + ".png", 2, Payload.png(seed: 2))]))
        let result = try await RivAssets.run(["extract", "--force", input, "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        let written = directory.entries("out")
        #expect(written.count == 2, "\(written)")
        #expect(Set(try written.map { try directory.bytes("out/" + $0) }) == [Payload.png(seed: 1), Payload.png(seed: 2)])
    }

    @Test("links in DIR named like assets, dangling or not, exist: refused without --force, replaced by files with it; no target is written")
    func linksInOutputFolder() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("x.png", 1, Payload.png()), .font("y.ttf", 2, Payload.ttf())]))
        let target = try directory.write("outside.txt", Array("outside".utf8))
        try directory.folder("out")
        try FileManager.default.createSymbolicLink(atPath: directory.path("out/x-1.png"), withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: directory.path("out/y-2.ttf"), withDestinationPath: directory.path("dangling"))

        let refused = try await RivAssets.run(["extract", input, "-o", directory.path("out")])
        #expect(refused.status == 1)
        #expect(errorLines(refused) == ["riv-assets: \(input): " + ["x-1.png", "y-2.ttf"].map { "\(directory.path("out/" + $0)): already exists" }.joined(separator: "; ")
            + " (use --force to overwrite)"])
        #expect(!directory.exists("dangling"), "the write followed a dangling link out of DIR")

        let forced = try await RivAssets.run(["extract", "--force", input, "-o", directory.path("out")])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try directory.bytes("outside.txt") == Array("outside".utf8))
        for name in ["x-1.png", "y-2.ttf"] {
            let kind = try FileManager.default.attributesOfItem(atPath: directory.path("out/" + name))[.type] as? FileAttributeType
            #expect(kind == .typeRegular, "\(name) is still a link")
        }
        #expect(try directory.bytes("out/x-1.png") == Payload.png())
        #expect(try directory.bytes("out/y-2.ttf") == Payload.ttf())
        #expect(!directory.exists("dangling"))
    }

    @Test("usage errors exit 64 with one line and write nothing",
          arguments: [
              (["extract"], "give at least one .riv file"),
              (["extract", "IN", "--type", "images"], "unknown type 'images'"),
              (["extract", "IN", "--type", ","], "--type: give at least one asset type"),
              (["extract", "IN", "-o"], "-o needs a value"),
              (["extract", "IN", "--bogus"], "unknown option '--bogus'"),
          ])
    func usageErrors(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let result = try await RivAssets.run(arguments.map { $0 == "IN" ? input : $0 }, in: directory.url)
        expectUsageError(result, of: "extract", saying: message)
        #expect(directory.entries("") == ["in.riv"])
    }

    @Test("extract --help explains the command and exits 0")
    func help() async throws {
        let result = try await RivAssets.run(["extract", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: riv-assets extract FILE..."))
        for option in ["--type", "--name", "--runtime-names", "--force", "--json", "-o"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
    }
}
