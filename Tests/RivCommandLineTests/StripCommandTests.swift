import Foundation
import Testing
import RivFormat
import RivTestSupport

/// `riv-assets strip`, run as the built executable, and the round trips it makes with
/// `extract` and `replace`.
@Suite("riv-assets strip")
struct StripCommandTests {
    @Test("strip moves images, fonts and audio to DIR under their runtime names; scripts stay; the input is untouched")
    func defaultTypes() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let output = directory.path("small.riv")
        let result = try await RivAssets.run(["strip", input, "--assets-out", directory.path("assets"), "-o", output])

        #expect(result.status == 0, "\(result.stderr)")
        // walle.jpg holds JPEG bytes: written under the runtime's name, with a word about it.
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("warning: \(input): walle-370: written as")
                && result.stderr.contains("its bytes are jpeg"), "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(input) -> \(output): 4 assets stripped, "), "\(result.stdout)")
        let files = ["walle-370.png": "walle-370", "logo-12.png": "logo-12", "Inter-5.ttf": "Inter-5", "beep-7.wav": "beep-7"]
        #expect(directory.entries("assets") == files.keys.sorted())
        for (file, uniqueName) in files {
            #expect(try directory.bytes("assets/" + file) == Inputs.mixedPayloads[uniqueName], "\(file)")
        }
        #expect(try directory.bytes("mixed.riv") == Inputs.mixed())

        let stripped = try RivFile(path: output)
        #expect(stripped.assets.map(\.uniqueName) == ["walle-370", "logo-12", "Inter-5", "beep-7", "main-0", "ref-20", "cloud-21"])
        #expect(stripped.assets.map(\.location) == [.referenced, .referenced, .referenced, .referenced, .embedded, .referenced, .hosted])
        #expect(stripped.byteCount < Inputs.mixed().count - 1400)
    }

    @Test("100 large inputs under a 48-descriptor limit: all stripped in input order across read batches (files past the descriptor budget are mapped at once)")
    func manyLargeInputsUnderADescriptorLimit() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try (0..<100).map { index in
            try directory.write("in-\(index).riv", Inputs.file([.image("p\(index).png", 1, Payload.png(70_000, seed: UInt8(index % 256)))]))
        }
        let result = try await RivAssets.run(["strip"] + inputs + ["--assets-out", directory.path("assets"), "-o", directory.path("out")],
                                       descriptorLimit: 48)

        #expect(result.status == 0, "\(result.stderr.prefix(500))")
        #expect(directory.entries("out").count == 100)
        #expect(directory.entries("assets").count == 100)
        let reported = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.prefix { $0 != " " }) }
        #expect(reported == inputs)
        #expect(try RivFile(path: directory.path("out/in-99.riv")).assets.map(\.location) == [.referenced])
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("assets/p99-1.png"))) == Data(Payload.png(70_000, seed: 99)))
    }

    @Test("--type chooses what is stripped", arguments: [
        (["--type", "script"], ["main-0.lua"]),
        (["--type", "font,audio"], ["Inter-5.ttf", "beep-7.wav"]),
        (["--type", "all"], ["Inter-5.ttf", "beep-7.wav", "logo-12.png", "main-0.lua", "walle-370.png"]),
    ])
    func types(options: [String], files: [String]) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let result = try await RivAssets.run(["strip", input, "--assets-out", directory.path("assets"), "-o", directory.path("out.riv")] + options)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("assets") == files)
        let embedded = try RivFile(path: directory.path("out.riv")).assets.filter { $0.location == .embedded }.map(\.uniqueFilename)
        #expect(Set(embedded).isDisjoint(with: files))
        #expect(embedded.count == 5 - files.count)
    }

    @Test("strip --json gives per input its outcome and the asset, file and bytes of every stripped asset")
    func json() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let output = directory.path("out.riv")
        let result = try await RivAssets.run(["strip", "--json", "--type", "font,audio", input, "--assets-out", directory.path("assets"), "-o", output])

        #expect(result.status == 0, "\(result.stderr)")
        let document = try jsonObject(result.stdout)
        #expect(Set(document.keys) == ["schemaVersion", "files", "dryRun", "conflicts", "manifest", "manifestFiles", "manifestError",
                                       "layout", "kotlinMap", "kotlinMapError", "fonts"]
                && document["schemaVersion"] as? Int == 3)
        // Without --prefer, --dedupe and --subset-fonts the added fields are empty.
        #expect((document["conflicts"] as? [Any])?.isEmpty == true && (document["fonts"] as? [Any])?.isEmpty == true && document["manifest"] is NSNull && (document["manifestFiles"] as? [Any])?.isEmpty == true)
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.count == 1 && files[0]["input"] as? String == input && files[0]["output"] as? String == output)
        let entries = try #require(files[0]["stripped"] as? [[String: Any]])
        #expect(entries.map { $0["asset"] as? String } == ["Inter-5", "beep-7"])
        for entry in entries {
            #expect(Set(entry.keys) == ["asset", "file", "bytes", "uniqueFilename"])
            let path = try #require(entry["file"] as? String)
            #expect(entry["bytes"] as? Int == (try Data(contentsOf: URL(fileURLWithPath: path))).count)
        }
    }

    @Test("a rerun writes nothing and says unchanged, not stripped or saved; the manifest still lists what each file serves")
    func rerun() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.file([.font("Inter", 3, Payload.ttf(4000))]))
        let arguments = ["strip", input, "--type", "font", "--assets-out", directory.path("fonts"), "-o", directory.path("out") + "/", "--dedupe"]
        let first = await InProcess.run(arguments)
        #expect(first.status == 0 && first.stdout.contains("1 asset stripped") && first.stdout.contains("saved"), "\(first.stdout)")
        let manifest = try directory.bytes("fonts/riv-assets-manifest.json")
        let again = await InProcess.run(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("out/hero.riv: unchanged (stripped by an earlier run") && !again.stdout.contains("stripped,")
                && !again.stdout.contains("saved") && !again.stdout.contains("copied"), "\(again.stdout)")
        #expect(try directory.bytes("fonts/riv-assets-manifest.json") == manifest)
        let json = await InProcess.run(arguments + ["--json"])
        #expect(json.stdout.contains("\"status\" : \"unchanged\"") && json.stdout.contains("\"asset\" : \"Inter-3\""), "\(json.stdout)")
    }

    @Test("an existing asset file: exit 1, one line, neither it nor the output changes; --force overwrites")
    func existingAssetFile() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("a.png", 1, Payload.png()), .font("f.ttf", 2, Payload.ttf())]))
        try directory.folder("assets")
        let existing = try directory.write("assets/f-2.ttf", Array("keep".utf8))
        let output = directory.path("out.riv")

        let refused = try await RivAssets.run(["strip", input, "--assets-out", directory.path("assets"), "-o", output])
        #expect(refused.status == 1)
        #expect(errorLines(refused) == ["riv-assets: \(input): \(existing): already exists; nothing was changed (use --force to overwrite)"])
        #expect(!directory.exists("out.riv"))
        #expect(try directory.bytes("assets/f-2.ttf") == Array("keep".utf8))

        let forced = try await RivAssets.run(["strip", "--force", input, "--assets-out", directory.path("assets"), "-o", output])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try directory.bytes("assets/f-2.ttf") == Payload.ttf())
        #expect(try RivFile(path: output).assets.allSatisfy { $0.location == .referenced })
    }

    @Test("hostile asset names: every asset file lands directly inside DIR, nothing appears outside it")
    func hostileNames() async throws {
        let sandbox = try TemporaryDirectory()
        let assets = HostileNames.all.enumerated().map { TestAsset.font($1, UInt64($0 + 1), Payload.ttf(seed: UInt8($0))) }
        try sandbox.folder("a/b")
        let input = try sandbox.write("a/b/in.riv", Inputs.file(assets))
        let before = sandbox.tree()
        let result = try await RivAssets.run(["strip", "--in-place", input, "--assets-out", sandbox.path("a/b/assets")])

        #expect(result.status == 0, "\(result.stderr)")
        let written = HostileNames.expectConfined(in: sandbox, folder: "a/b/assets", before: before, count: assets.count)
        #expect(Set(try written.map { try sandbox.bytes("a/b/assets/" + $0) }) == Set(assets.map { $0.bytes! }))
    }

    @Test("round trip: strip, then replace --assets with the stripped folder, gives back the input byte for byte")
    func stripThenReplace() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let strip = try await RivAssets.run(["strip", input, "--assets-out", directory.path("assets"), "-o", directory.path("small.riv")])
        #expect(strip.status == 0, "\(strip.stderr)")
        #expect(try directory.bytes("small.riv") != Inputs.mixed())

        let replace = try await RivAssets.run(["replace", directory.path("small.riv"), "--assets", directory.path("assets"),
                                         "-o", directory.path("back.riv")])
        #expect(replace.status == 0, "\(replace.stderr)")
        #expect(!replace.stdout.contains("no asset matched"), "\(replace.stdout)")
        #expect(try directory.bytes("back.riv") == Inputs.mixed())
    }

    @Test("round trip: extract --runtime-names, strip (in place), replace --assets from the extracted folder restores the file")
    func extractStripReplace() async throws {
        let directory = try TemporaryDirectory()
        let original = Inputs.file([.image("walle.jpg", 370, Payload.jpeg(300)), .font("Inter.ttf", 5, Payload.ttf(200)),
                                    .audio("beep.wav", 7, Payload.wav(100)), .image("ref.png", 20)])
        let input = try directory.write("anim.riv", original)
        let extract = try await RivAssets.run(["extract", "--runtime-names", input, "-o", directory.path("extracted")])
        #expect(extract.status == 0, "\(extract.stderr)")
        #expect(directory.entries("extracted") == ["Inter-5.ttf", "beep-7.wav", "walle-370.png"])

        let strip = try await RivAssets.run(["strip", "--in-place", input, "--assets-out", directory.path("stripped")])
        #expect(strip.status == 0, "\(strip.stderr)")
        #expect(try RivFile(path: input).assets.allSatisfy { $0.location == .referenced })
        #expect(directory.entries("stripped") == directory.entries("extracted"))

        let replace = try await RivAssets.run(["replace", "--in-place", input, "--assets", directory.path("extracted")])
        #expect(replace.status == 0, "\(replace.stderr)")
        #expect(try directory.bytes("anim.riv") == original)
    }

    @Test("usage errors exit 64 with one line and write no .riv",
          arguments: [
              (["IN", "-o", "out.riv"], "--assets-out DIR is required"),
              (["IN", "--assets-out", "assets"], "say where the output goes: -o OUT or --in-place"),
              (["IN", "--assets-out", "assets", "-o", "out.riv", "--in-place"], "-o and --in-place cannot be used together"),
              (["IN", "OTHER", "--assets-out", "assets", "-o", "IN"], "with several input files, the output must be a folder"),
              (["IN", "--assets-out", "assets", "-o", "IN"], "is the input"),
              (["IN", "--assets-out", "assets", "-o", "out.riv", "--type", "pictures"], "unknown type 'pictures'"),
              (["--assets-out", "assets", "-o", "out.riv"], "give at least one .riv file"),
              (["IN", "OTHER", "./in.riv", "--assets-out", "assets", "--in-place"], "are the same file; give each input once"),
          ])
    func usageErrors(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let other = try directory.write("other.riv", Inputs.mixed())
        let result = try await RivAssets.run(["strip"] + arguments.map { ["IN": input, "OTHER": other][$0] ?? $0 }, in: directory.url)

        expectUsageError(result, of: "strip", saying: message)
        #expect(directory.entries("") == ["in.riv", "other.riv"], "a usage error left something behind")
        #expect(try directory.bytes("in.riv") == Inputs.mixed())
    }

    @Test("strip --help explains the command and exits 0")
    func help() async throws {
        let result = try await RivAssets.run(["strip", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: riv-assets strip FILE... --assets-out DIR"))
        for option in ["--type", "--in-place", "--force", "--json", "-o"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
    }
}
