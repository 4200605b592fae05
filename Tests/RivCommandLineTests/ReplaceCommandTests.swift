import Foundation
import Testing
import RivFormat
import RivTestSupport

/// `riv-assets replace`, run as the built executable.
@Suite("riv-assets replace")
struct ReplaceCommandTests {
    /// The mixed input and replacement files: a new image for the embedded `walle-370`,
    /// the referenced `ref-20` and the hosted `cloud-21`, a new font for `Inter-5`, and
    /// two that match nothing (an audio name that is absent, and `Inter-5` as an image).
    struct Setup {
        let directory: TemporaryDirectory
        let input: String
        let arguments: [String]

        init() throws {
            directory = try TemporaryDirectory()
            input = try directory.write("mixed.riv", Inputs.mixed())
            arguments = [
                "--image", "walle-370=" + (try directory.write("new.png", Payload.png(90, seed: 1))),
                "--image", "ref-20=" + (try directory.write("ref.jpg", Payload.jpeg(80, seed: 2))),
                "--image", "cloud-21=" + (try directory.write("cloud.png", Payload.png(70, seed: 3))),
                "--font", "Inter-5=" + (try directory.write("new.ttf", Payload.ttf(60, seed: 4))),
                "--audio", "nope-99=" + (try directory.write("a.wav", Payload.wav())),
                "--image", "Inter-5=" + (try directory.write("x.png", Payload.png())),
            ]
        }
    }

    @Test("replace reports replaced, embedded, embedded-from-cdn, and names that matched nothing as errors with a suggestion")
    func report() async throws {
        let setup = try Setup()
        let output = setup.directory.path("out.riv")
        let result = try await RivAssets.run(["replace", setup.input] + setup.arguments + ["-o", output])

        #expect(result.status == 1, "names that match nothing fail the run")
        #expect(errorLines(result).suffix(2) == [
            "riv-assets replace: no image matches 'Inter-5' in any input; Inter-5 is a font, not an image",
            "riv-assets replace: no audio matches 'nope-99' in any input",
        ])
        #expect(!FileManager.default.fileExists(atPath: output), "a request that fails as a whole writes nothing")
        let allowed = try await RivAssets.run(["replace", setup.input] + setup.arguments + ["-o", output, "--allow-unmatched"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.split(separator: "\n") == [
            "\(setup.input) -> \(output): 4 changed",
            "  walle-370: replaced, 304 B -> 98 B",
            "  Inter-5: replaced, 504 B -> 64 B",
            "  ref-20: embedded 84 B",
            "  cloud-21: embedded 78 B; CDN uuid and base URL removed",
        ])
        #expect(errorLines(allowed).allSatisfy { $0.hasPrefix("riv-assets: note: ") } && errorLines(allowed).count == 2)
        #expect(try setup.directory.bytes("mixed.riv") == Inputs.mixed(), "the input changed")

        let assets = Dictionary(uniqueKeysWithValues: try RivFile(path: output).assets.map { ($0.uniqueName, $0) })
        #expect(assets["walle-370"]?.embeddedBytes == Data(Payload.png(90, seed: 1)))
        #expect(assets["Inter-5"]?.embeddedBytes == Data(Payload.ttf(60, seed: 4)))
        #expect(assets["ref-20"]?.embeddedBytes == Data(Payload.jpeg(80, seed: 2)))
        #expect(assets["cloud-21"]?.embeddedBytes == Data(Payload.png(70, seed: 3)))
        #expect(assets["cloud-21"]?.location == .embedded)
        #expect(assets["cloud-21"]?.cdn == nil)
        for name in ["logo-12", "beep-7", "main-0"] {
            #expect(assets[name]?.embeddedBytes == Inputs.mixedPayloads[name].map { Data($0) }, "\(name)")
        }
    }

    @Test("replace --json holds, per input, its outcome (input, output, status) and changes (asset, type, action, bytes), and the unmatched names")
    func json() async throws {
        let setup = try Setup()
        let output = setup.directory.path("out.riv")
        let refused = try await RivAssets.run(["replace", "--json", setup.input] + setup.arguments + ["-o", output])
        #expect(refused.status == 1, "\(refused.stderr)")
        let skipped = try #require(try jsonObject(refused.stdout)["files"] as? [[String: Any]])
        #expect(skipped.first?["status"] as? String == "skipped" && skipped.first?["remedy"] as? String == "allowUnmatched", "\(skipped)")
        #expect(skipped.first?["output"] == nil || skipped.first?["output"] is NSNull)

        let result = try await RivAssets.run(["replace", "--json", "--allow-unmatched", setup.input] + setup.arguments + ["-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try jsonObject(result.stdout)
        #expect(Set(document.keys) == ["schemaVersion", "files", "replacements", "unmatched", "notes", "requestFailure", "dryRun"])
        #expect(document["unmatched"] as? [String] == ["audio nope-99", "image Inter-5"], "sorted by type, then name")
        let files = try #require(document["files"] as? [[String: Any]])
        try #require(files.count == 1)
        #expect(files[0]["input"] as? String == setup.input && files[0]["status"] as? String == "written")
        #expect(files[0]["output"] as? String == output)
        #expect(files[0]["error"] == nil || files[0]["error"] is NSNull)
        let changes = try #require(files[0]["changes"] as? [[String: Any]])
        for change in changes { #expect(Set(change.keys) == ["asset", "type", "action", "bytes", "bytesBefore", "location"]) }
        #expect(changes.map { $0["bytesBefore"] as? Int } == [304, 504, 0, 0], "what each held before: the referenced and hosted ones none")
        #expect(changes.map { $0["asset"] as? String } == ["walle-370", "Inter-5", "ref-20", "cloud-21"])
        #expect(changes.map { $0["type"] as? String } == ["image", "font", "image", "image"])
        #expect(changes.map { $0["action"] as? String } == ["replaced", "replaced", "embedded", "embedded-from-cdn"])
        #expect(changes.map { $0["bytes"] as? Int } == [98, 64, 84, 78])
    }

    @Test("--assets DIR: files match by base name whatever their extension; their content picks image, font or audio")
    func assetsFolder() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        try directory.folder("assets/sub")
        _ = try directory.write("assets/walle-370.bin", Payload.png(10, seed: 5))
        _ = try directory.write("assets/Inter-5.otf", Payload.ttf(10, seed: 6))
        _ = try directory.write("assets/beep-7", Payload.wav(10, seed: 7))
        _ = try directory.write("assets/main-0.png", Payload.png(10, seed: 8))
        _ = try directory.write("assets/logo-12.ttf", Payload.ttf(10, seed: 9))
        _ = try directory.write("assets/.ref-20.png", Array("hidden files are skipped".utf8))
        _ = try directory.write("assets/sub/ref-20.png", Payload.png())
        let output = directory.path("out.riv")
        let result = try await RivAssets.run(["replace", "--json", input, "--assets", directory.path("assets"), "-o", output])

        #expect(result.status == 0, "\(result.stderr)")
        let document = try jsonObject(result.stdout)
        let changes = try #require((document["files"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]])
        #expect(changes.map { $0["asset"] as? String } == ["walle-370", "Inter-5", "beep-7"])
        #expect(Set(document["unmatched"] as? [String] ?? []) == ["image main-0", "font logo-12"])
        let assets = Dictionary(uniqueKeysWithValues: try RivFile(path: output).assets.map { ($0.uniqueName, $0) })
        #expect(assets["walle-370"]?.embeddedBytes == Data(Payload.png(10, seed: 5)))
        #expect(assets["Inter-5"]?.embeddedBytes == Data(Payload.ttf(10, seed: 6)))
        #expect(assets["beep-7"]?.embeddedBytes == Data(Payload.wav(10, seed: 7)))
        #expect(assets["logo-12"]?.embeddedBytes == Data(Inputs.mixedPayloads["logo-12"]!))
        #expect(assets["main-0"]?.embeddedBytes == Data(Inputs.mixedPayloads["main-0"]!))
        #expect(assets["ref-20"]?.location == .referenced)
    }

    @Test("--max-asset-size: a replacement file over it, in --assets or named, is refused before it is read, naming it")
    func sizeLimit() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let png = try directory.write("assets/walle-370.png", Payload.png(2000, seed: 5))
        let folder = try await RivAssets.run(["replace", input, "--assets", directory.path("assets"), "-o", directory.path("a.riv"), "--max-asset-size", "1kB"])
        // Like any folder that cannot be used (two files for one asset), a request error: exit 64.
        #expect(folder.status == 64 && folder.stderr.contains(png) && folder.stderr.contains("over the limit of 1000 bytes"), "\(folder.stderr)")
        let named = try await RivAssets.run(["replace", input, "--image", "walle-370=" + png, "-o", directory.path("b.riv"), "--max-asset-size", "1000"])
        #expect(named.status == 64 && named.stderr.contains("over the limit of 1000 bytes"), "\(named.stderr)")
        // A link is measured by the file it names, not by its own few bytes.
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.png"), withDestinationPath: png)
        let linked = try await RivAssets.run(["replace", input, "--image", "walle-370=" + directory.path("link.png"), "-o", directory.path("b.riv"), "--max-asset-size", "1000"])
        #expect(linked.status == 64 && linked.stderr.contains("holds 2008 bytes, over the limit of 1000 bytes"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("a.riv")) && !FileManager.default.fileExists(atPath: directory.path("b.riv")))
        let allowed = try await RivAssets.run(["replace", input, "--assets", directory.path("assets"), "-o", directory.path("c.riv"), "--max-asset-size", "1.5KiB"])
        #expect(allowed.status == 64, "1,536 bytes is still under 2,008")
        let plenty = try await RivAssets.run(["replace", input, "--assets", directory.path("assets"), "-o", directory.path("d.riv")])
        #expect(plenty.status == 0, "\(plenty.stderr)")
    }

    @Test("bytes of the wrong format: exit 1, one line, the output not created; with --skip-checks (not --force) they are embedded")
    func formatMismatch() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let sound = try directory.write("sound.wav", Payload.wav())
        let output = directory.path("out.riv")

        let refused = try await RivAssets.run(["replace", input, "--image", "walle-370=" + sound, "-o", output])
        #expect(refused.status == 1)
        #expect(errorLines(refused) == ["riv-assets: \(input): walle-370: the new bytes look like wav, but a Rive image must be png, jpeg, webp (use --skip-checks to embed them anyway)"])
        #expect(!directory.exists("out.riv"))
        #expect(directory.entries("") == ["mixed.riv", "sound.wav"], "a temporary file was left")

        // --force only overwrites: it does not let the wrong format through.
        #expect(try await RivAssets.run(["replace", "--force", input, "--image", "walle-370=" + sound, "-o", output]).status == 1)
        let forced = try await RivAssets.run(["replace", "--skip-checks", input, "--image", "walle-370=" + sound, "-o", output])
        #expect(forced.status == 0, "\(forced.stderr)")
        let asset = try #require(try RivFile(path: output).assets.first { $0.uniqueName == "walle-370" })
        #expect(asset.embeddedBytes == Data(Payload.wav()))
        #expect(asset.detectedFormat == .wav)
    }

    @Test("one registry for every input: each output gets the replacements; a name matched in any file is not unmatched")
    func severalInputs() async throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.riv", Inputs.file([.image("a.png", 1, Payload.png())]))
        let second = try directory.write("second.riv", Inputs.file([.image("a.png", 1), .font("b.ttf", 2, Payload.ttf())]))
        let newA = try directory.write("a.png", Payload.png(5, seed: 9))
        let newB = try directory.write("b.ttf", Payload.ttf(5, seed: 9))
        let result = try await RivAssets.run(["replace", first, second, "--image", "a-1=" + newA, "--font", "b-2=" + newB,
                                        "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("out") == ["first.riv", "second.riv"])
        #expect(!result.stdout.contains("no asset matched"), "\(result.stdout)")
        let firstOut = try RivFile(path: directory.path("out/first.riv"))
        #expect(firstOut.assets.map(\.embeddedBytes) == [Data(Payload.png(5, seed: 9))])
        let secondOut = try RivFile(path: directory.path("out/second.riv"))
        #expect(secondOut.assets.map(\.embeddedBytes) == [Data(Payload.png(5, seed: 9)), Data(Payload.ttf(5, seed: 9))])
        #expect(secondOut.assets.map(\.location) == [.embedded, .embedded])
    }

    @Test("many inputs, small and large, rewritten in parallel: one result line per input, in input order")
    func manyInputsInOrder() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try (0..<16).map { index in
            // Every third input is large enough to be read through a window and mapped when written.
            let image = index % 3 == 0 ? Payload.png(100_000, seed: UInt8(index)) : Payload.png(10, seed: UInt8(index))
            return try directory.write("in-\(index).riv", Inputs.file([.image("a.png", 1, image)]))
        }
        let new = try directory.write("a.png", Payload.png(5, seed: 9))
        let result = try await RivAssets.run(["replace"] + inputs + ["--image", "a-1=" + new, "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        let reported = result.stdout.split(separator: "\n").filter { $0.contains(" -> ") && !$0.hasPrefix(" ") }
        #expect(reported.map { String($0.prefix { $0 != " " }) } == inputs)
        for index in 0..<16 {
            #expect(try RivFile(path: directory.path("out/in-\(index).riv")).assets.map(\.embeddedBytes) == [Data(Payload.png(5, seed: 9))])
        }
    }

    @Test("--in-place rewrites each input and leaves no temporary file")
    func inPlace() async throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.riv", Inputs.file([.image("a.png", 1, Payload.png())]))
        let second = try directory.write("second.riv", Inputs.file([.image("a.png", 1)]))
        let new = try directory.write("a.png", Payload.png(5, seed: 9))
        let result = try await RivAssets.run(["replace", "--in-place", first, second, "--image", "a-1=" + new])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("") == ["a.png", "first.riv", "second.riv"])
        for path in [first, second] {
            #expect(try RivFile(path: path).assets.map(\.embeddedBytes) == [Data(Payload.png(5, seed: 9))])
        }
    }

    @Test("one unreadable input among good ones: exit 1, one line for it, the good ones still written")
    func oneBadInput() async throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.file([.image("a.png", 1, Payload.png())]))
        let bad = try directory.write("bad.riv", Array("{\"v\": \"5.7.0\"}".utf8))
        let new = try directory.write("a.png", Payload.png(5, seed: 9))
        let result = try await RivAssets.run(["replace", bad, good, "--image", "a-1=" + new, "-o", directory.path("out")])

        #expect(result.status == 1)
        #expect(errorLines(result).count == 1 && result.stderr.hasPrefix("riv-assets: \(bad): "), "\(result.stderr)")
        #expect(directory.entries("out") == ["good.riv"])
    }

    @Test("usage errors exit 64 with one line and create nothing",
          arguments: [
              (["IN", "--image", "walle-370=new.png", "-o", "out.riv", "--in-place"], "-o and --in-place cannot be used together"),
              (["IN", "--image", "walle-370=new.png"], "say where the output goes: -o OUT or --in-place"),
              (["IN", "OTHER", "--image", "walle-370=new.png", "-o", "new.png"], "with several input files, the output must be a folder"),
              (["IN", "-o", "out.riv"], "give replacements"),
              (["--image", "walle-370=new.png", "-o", "out.riv"], "give at least one .riv file"),
              (["IN", "--image", "walle-370", "-o", "out.riv"], "expected NAME=PATH, got 'walle-370'"),
              (["IN", "--image", "=new.png", "-o", "out.riv"], "expected NAME=PATH"),
              (["IN", "--image", "walle-370=absent.png", "-o", "out.riv"], "cannot use absent.png: there is no such file"),
              (["IN", "OTHER", "--image", "walle-370=absent.png", "-o", "folder"], "cannot use absent.png: there is no such file"),
              (["IN", "--assets", "IN", "-o", "out.riv"], "cannot read the folder"),
              (["IN", "--assets", "TWINS", "-o", "out.riv"], "would both replace the image walle-370; keep one"),
              (["IN", "OTHER", "--image", "walle-370=new.png", "-o", "outputs.riv"], "looks like a file name"),
              (["IN", "--image", "walle-370=new.png", "-o", "IN"], "is the input"),
              (["IN", "--image", "walle-370=new.png", "-o", "./sub/../in.riv"], "is the input"),
              (["IN", "IN", "--image", "walle-370=new.png", "--in-place"], "is given twice; give each input once"),
              (["IN", "OTHER", "./sub/../in.riv", "--image", "walle-370=new.png", "--in-place"], "are the same file; give each input once"),
          ])
    func usageErrors(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let other = try directory.write("other.riv", Inputs.mixed())
        _ = try directory.write("new.png", Payload.png())
        try directory.folder("sub")
        _ = try directory.write("twins/walle-370.png", Payload.png())
        _ = try directory.write("twins/walle-370.jpg", Payload.jpeg())
        let before = directory.tree()
        let substitutes = ["IN": input, "OTHER": other, "TWINS": directory.path("twins")]
        let result = try await RivAssets.run(["replace"] + arguments.map { substitutes[$0] ?? $0 }, in: directory.url)

        expectUsageError(result, of: "replace", saying: message)
        #expect(directory.tree() == before, "a usage error left something behind")
        #expect(try directory.bytes("in.riv") == Inputs.mixed())
    }

    @Test("replace --help explains the command and exits 0")
    func help() async throws {
        let result = try await RivAssets.run(["replace", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: riv-assets replace FILE..."))
        for option in ["--assets DIR", "--image NAME=PATH", "--font NAME=PATH", "--audio NAME=PATH", "--in-place", "--force", "--json"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
    }

    @Test("--assets with a licence text and files for other animations: notes, not errors; the matching file still replaces")
    func folderNotes() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        _ = try directory.write("brand/OFL.txt", Array("SIL Open Font License".utf8))
        _ = try directory.write("brand/logo-12.png", Payload.png(20, seed: 9))
        _ = try directory.write("brand/other-99.png", Payload.png(20, seed: 8))
        let result = try await RivAssets.run(["replace", input, "--assets", directory.path("brand"), "-o", directory.path("out.riv")])
        #expect(result.status == 0, "\(result.stderr)")
        let notes = errorLines(result)
        #expect(notes.count == 2 && notes.allSatisfy { $0.hasPrefix("riv-assets: note: ") }, "\(notes)")
        #expect(notes.contains { $0.contains("OFL.txt") } && notes.contains { $0.contains("1 file of --assets matched no asset: other-99") })
        #expect(try RivFile(path: directory.path("out.riv")).assets[1].embeddedBytes == Data(Payload.png(20, seed: 9)))
    }

    @Test("a request that fails as a whole (a name matching nothing, every input failing) creates no output folder and no file")
    func failedRequestCreatesNothing() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let other = try directory.write("other.riv", Inputs.mixed())
        let new = try directory.write("new.png", Payload.png(20, seed: 9))
        let misspelled = try await RivAssets.run(["replace", input, other, "--image", "lgo-12=\(new)", "-o", directory.path("out") + "/"])
        #expect(misspelled.status == 1 && misspelled.stderr.contains("did you mean logo-12?"), "\(misspelled.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
        let pattern = try await RivAssets.run(["replace", input, "--font", "Intr-*=\(new)", "-o", directory.path("out") + "/"])
        #expect(pattern.status == 1 && !FileManager.default.fileExists(atPath: directory.path("out")), "\(pattern.stderr)")
        let broken = try directory.write("broken.riv", Array(Inputs.mixed().prefix(20)))
        let allFail = try await RivAssets.run(["shrink", broken, "-o", directory.path("shrunk") + "/"])
        #expect(allFail.status == 1 && !FileManager.default.fileExists(atPath: directory.path("shrunk")), "\(allFail.stderr)")
    }

    @Test("a misspelled name is an error with a suggestion; a pattern and --by-name replace across files whose ids differ",
          arguments: [(["--image", "logo=NEW"], "did you mean logo-12? (or match on names with --by-name)"),
                      (["--image", "logo-12.png=NEW"], "did you mean logo-12? (names have no extension)"),
                      (["--image", "logo-21=NEW"], "did you mean logo-12?"),
                      (["--font", "logo-12=NEW"], "logo-12 is an image, not a font")])
    func misspelled(arguments: [String], suggestion: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let new = try directory.write("new.png", Payload.png(20, seed: 9))
        let result = try await RivAssets.run(["replace", input] + arguments.map { $0.replacingOccurrences(of: "NEW", with: new) }
                                       + ["-o", directory.path("out.riv")])
        #expect(result.status == 1)
        #expect(errorLines(result).last?.hasSuffix(suggestion) == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("out.riv")), "a request that fails as a whole writes nothing")
    }

    @Test("brand swap: 'Inter-*' and --by-name Inter replace the font in files where its id differs")
    func brandSwap() async throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.riv", Inputs.file([.font("Inter.ttf", 594377, Payload.ttf()), .image("logo.png", 1, Payload.png())]))
        let second = try directory.write("b.riv", Inputs.file([.font("Inter.ttf", 102112, Payload.ttf())]))
        let brand = try directory.write("Brand.ttf", Payload.ttf(40, seed: 7))
        for (index, arguments) in [["--font", "Inter-*=\(brand)"], ["--font", "Inter=\(brand)", "--by-name"]].enumerated() {
            let out = directory.path("out-\(index)") + "/"
            let result = try await RivAssets.run(["replace", first, second] + arguments + ["-o", out, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let document = try jsonObject(result.stdout)
            let uses = try #require(document["replacements"] as? [[String: Any]])
            #expect((uses.first?["replaced"] as? [[String: Any]])?.compactMap { $0["asset"] as? String } == ["Inter-594377", "Inter-102112"])
            for name in ["a.riv", "b.riv"] {
                #expect(try RivFile(path: out + name).assets[0].embeddedBytes == Data(Payload.ttf(40, seed: 7)))
            }
        }
    }

    @Test("--dry-run reports what would change and writes nothing; replacing nothing in place leaves the file untouched")
    func dryRunAndNoOp() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let new = try directory.write("new.png", Payload.png(20, seed: 9))
        let before = directory.tree()
        let dry = try await RivAssets.run(["replace", input, "--image", "logo-12=\(new)", "-o", directory.path("out.riv"), "--dry-run"])
        #expect(dry.status == 0 && dry.stdout.contains("1 would change"), "\(dry.stdout)")
        #expect(directory.tree() == before)

        let status = try #require(try? FileManager.default.attributesOfItem(atPath: input))
        let untouched = try await RivAssets.run(["replace", input, "--image", "nope-1=\(new)", "--in-place", "--allow-unmatched"])
        #expect(untouched.status == 0 && untouched.stdout == "\(input): unchanged (no replacement matched its assets)\n", "\(untouched.stdout)")
        let after = try #require(try? FileManager.default.attributesOfItem(atPath: input))
        #expect(after[.systemFileNumber] as? Int == status[.systemFileNumber] as? Int && after[.modificationDate] as? Date == status[.modificationDate] as? Date)
    }

    @Test("an existing output is refused without --force, and replaced with it; a failed input's output is null")
    func existingOutput() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let new = try directory.write("new.png", Payload.png(20, seed: 9))
        let existing = try directory.write("out.riv", Array("keep".utf8))
        let refused = try await RivAssets.run(["replace", input, "--image", "logo-12=\(new)", "-o", existing, "--json"])
        #expect(refused.status == 1)
        #expect(errorLines(refused) == ["riv-assets: \(input): \(existing): already exists; nothing was changed (use --force to overwrite)"])
        let file = try #require((try jsonObject(refused.stdout)["files"] as? [[String: Any]])?.first)
        #expect(file["output"] is NSNull && file["status"] as? String == "failed" && file["remedy"] as? String == "overwrite")
        #expect(try directory.bytes("out.riv") == Array("keep".utf8))
        let forced = try await RivAssets.run(["replace", input, "--image", "logo-12=\(new)", "-o", existing, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try RivFile(path: existing).assets[1].embeddedBytes == Data(Payload.png(20, seed: 9)))
    }
}
