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

    @Test("replace reports replaced, embedded, embedded-from-cdn and unmatched, and writes the output")
    func report() throws {
        let setup = try Setup()
        let output = setup.directory.path("out.riv")
        let result = try RivAssets.run(["replace", setup.input] + setup.arguments + ["-o", output])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.split(separator: "\n") == [
            "\(setup.input) -> \(output): 4 changed",
            "  walle-370: replaced 98 bytes",
            "  Inter-5: replaced 64 bytes",
            "  ref-20: embedded 84 bytes",
            "  cloud-21: embedded 78 bytes; CDN uuid and base URL removed",
            "no asset matched the audio nope-99 replacement",
            "no asset matched the image Inter-5 replacement",
        ])
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

    @Test("replace --json holds, per file, its path, output and changes (asset, type, action, bytes), and the unmatched names")
    func json() throws {
        let setup = try Setup()
        let output = setup.directory.path("out.riv")
        let result = try RivAssets.run(["replace", "--json", setup.input] + setup.arguments + ["-o", output])

        #expect(result.status == 0, "\(result.stderr)")
        let document = try jsonObject(result.stdout)
        #expect(Set(document.keys) == ["files", "unmatched"])
        #expect(document["unmatched"] as? [String] == ["audio nope-99", "image Inter-5"], "sorted by type, then name")
        let files = try #require(document["files"] as? [[String: Any]])
        try #require(files.count == 1)
        #expect(files[0]["path"] as? String == setup.input)
        #expect(files[0]["output"] as? String == output)
        #expect(files[0]["error"] == nil || files[0]["error"] is NSNull)
        let changes = try #require(files[0]["changes"] as? [[String: Any]])
        for change in changes { #expect(Set(change.keys) == ["asset", "type", "action", "bytes"]) }
        #expect(changes.map { $0["asset"] as? String } == ["walle-370", "Inter-5", "ref-20", "cloud-21"])
        #expect(changes.map { $0["type"] as? String } == ["image", "font", "image", "image"])
        #expect(changes.map { $0["action"] as? String } == ["replaced", "replaced", "embedded", "embedded-from-cdn"])
        #expect(changes.map { $0["bytes"] as? Int } == [98, 64, 84, 78])
    }

    @Test("--assets DIR: files match by base name whatever their extension; their content picks image, font or audio")
    func assetsFolder() throws {
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
        let result = try RivAssets.run(["replace", "--json", input, "--assets", directory.path("assets"), "-o", output])

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

    @Test("bytes of the wrong format: exit 1, one line, the output not created; with --force they are embedded")
    func formatMismatch() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let sound = try directory.write("sound.wav", Payload.wav())
        let output = directory.path("out.riv")

        let refused = try RivAssets.run(["replace", input, "--image", "walle-370=" + sound, "-o", output])
        #expect(refused.status == 1)
        #expect(errorLines(refused) == ["riv-assets: \(input): walle-370: the new bytes look like wav, but a Rive image must be png, jpeg, webp (use --force to embed them anyway)"])
        #expect(!directory.exists("out.riv"))
        #expect(directory.entries("") == ["mixed.riv", "sound.wav"], "a temporary file was left")

        let forced = try RivAssets.run(["replace", "--force", input, "--image", "walle-370=" + sound, "-o", output])
        #expect(forced.status == 0, "\(forced.stderr)")
        let asset = try #require(try RivFile(path: output).assets.first { $0.uniqueName == "walle-370" })
        #expect(asset.embeddedBytes == Data(Payload.wav()))
        #expect(asset.detectedFormat == .wav)
    }

    @Test("one registry for every input: each output gets the replacements; a name matched in any file is not unmatched")
    func severalInputs() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.riv", Inputs.file([.image("a.png", 1, Payload.png())]))
        let second = try directory.write("second.riv", Inputs.file([.image("a.png", 1), .font("b.ttf", 2, Payload.ttf())]))
        let newA = try directory.write("a.png", Payload.png(5, seed: 9))
        let newB = try directory.write("b.ttf", Payload.ttf(5, seed: 9))
        let result = try RivAssets.run(["replace", first, second, "--image", "a-1=" + newA, "--font", "b-2=" + newB,
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

    @Test("many inputs, small and large, rewritten in parallel: one report line per input, in input order")
    func manyInputsInOrder() throws {
        let directory = try TemporaryDirectory()
        let inputs = try (0..<16).map { index in
            // Every third input is large enough to be read through a window and mapped when written.
            let image = index % 3 == 0 ? Payload.png(100_000, seed: UInt8(index)) : Payload.png(10, seed: UInt8(index))
            return try directory.write("in-\(index).riv", Inputs.file([.image("a.png", 1, image)]))
        }
        let new = try directory.write("a.png", Payload.png(5, seed: 9))
        let result = try RivAssets.run(["replace"] + inputs + ["--image", "a-1=" + new, "-o", directory.path("out")])

        #expect(result.status == 0, "\(result.stderr)")
        let reported = result.stdout.split(separator: "\n").filter { $0.contains(" -> ") && !$0.hasPrefix(" ") }
        #expect(reported.map { String($0.prefix { $0 != " " }) } == inputs)
        for index in 0..<16 {
            #expect(try RivFile(path: directory.path("out/in-\(index).riv")).assets.map(\.embeddedBytes) == [Data(Payload.png(5, seed: 9))])
        }
    }

    @Test("--in-place rewrites each input and leaves no temporary file")
    func inPlace() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.riv", Inputs.file([.image("a.png", 1, Payload.png())]))
        let second = try directory.write("second.riv", Inputs.file([.image("a.png", 1)]))
        let new = try directory.write("a.png", Payload.png(5, seed: 9))
        let result = try RivAssets.run(["replace", "--in-place", first, second, "--image", "a-1=" + new])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("") == ["a.png", "first.riv", "second.riv"])
        for path in [first, second] {
            #expect(try RivFile(path: path).assets.map(\.embeddedBytes) == [Data(Payload.png(5, seed: 9))])
        }
    }

    @Test("one unreadable input among good ones: exit 1, one line for it, the good ones still written")
    func oneBadInput() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.file([.image("a.png", 1, Payload.png())]))
        let bad = try directory.write("bad.riv", Array("{\"v\": \"5.7.0\"}".utf8))
        let new = try directory.write("a.png", Payload.png(5, seed: 9))
        let result = try RivAssets.run(["replace", bad, good, "--image", "a-1=" + new, "-o", directory.path("out")])

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
              (["IN", "--assets", "TEXTS", "-o", "out.riv"], "not an image, font or audio file"),
              (["IN", "--image", "walle-370=new.png", "-o", "IN"], "is the input"),
              (["IN", "--image", "walle-370=new.png", "-o", "./sub/../in.riv"], "is the input"),
              (["IN", "IN", "--image", "walle-370=new.png", "--in-place"], "is given twice; give each input once"),
              (["IN", "OTHER", "./sub/../in.riv", "--image", "walle-370=new.png", "--in-place"], "are the same file; give each input once"),
          ])
    func usageErrors(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let other = try directory.write("other.riv", Inputs.mixed())
        _ = try directory.write("new.png", Payload.png())
        try directory.folder("sub")
        try directory.folder("texts")
        _ = try directory.write("texts/walle-370.txt", Array("not an image".utf8))
        let before = directory.tree()
        let substitutes = ["IN": input, "OTHER": other, "TEXTS": directory.path("texts")]
        let result = try RivAssets.run(["replace"] + arguments.map { substitutes[$0] ?? $0 }, in: directory.url)

        expectUsageError(result, of: "replace", saying: message)
        #expect(directory.tree() == before, "a usage error left something behind")
        #expect(try directory.bytes("in.riv") == Inputs.mixed())
    }

    @Test("replace --help explains the command and exits 0")
    func help() throws {
        let result = try RivAssets.run(["replace", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: riv-assets replace FILE..."))
        for option in ["--assets DIR", "--image NAME=PATH", "--font NAME=PATH", "--audio NAME=PATH", "--in-place", "--force", "--json"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
    }
}
