import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivAssetRegistry
import RivTestSupport
import RivHostedAssets
import RivSupport

/// The operations called in-process the way a build pipeline calls them: typed
/// requests in, typed results out, the files they leave checked on disk.
@Suite("AssetOperations")
struct OperationTests {
    @Test("list: one listing per input in input order, an unreadable input as its error; hashes only when asked")
    func list() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.mixed())
        let bad = try directory.write("bad.riv", Array(Inputs.mixed().dropLast(5)))
        let hashed = try AssetOperations.list(ListRequest(inputs: [.path(good), .path(bad), .path(good)]))
        #expect(hashed.files.map(\.input) == [good, bad, good])
        #expect(hashed.files[0].assets.map(\.uniqueName) == ["walle-370", "logo-12", "Inter-5", "beep-7", "main-0", "ref-20", "cloud-21"])
        #expect(hashed.files[0].byteCount == Inputs.mixed().count)
        #expect(hashed.files[0].assets.allSatisfy { $0.contentHash != nil })
        #expect(hashed.files[1].error != nil && hashed.files[1].header == nil && hashed.files[1].byteCount == nil)

        let plain = try AssetOperations.list(ListRequest(inputs: [.path(good)], contentHashes: false, parallelism: .threads(1)))
        #expect(plain.files[0].assets.allSatisfy { $0.contentHash == nil })
        var withoutHashes = hashed.files[0]
        for index in withoutHashes.assets.indices { withoutHashes.assets[index].contentHash = nil }
        #expect(plain.files[0] == withoutHashes)
    }

    @Test("list with a transform runs it per file and keeps only what it returns")
    func listTransform() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("mixed.riv", Inputs.mixed())
        let counts = try AssetOperations.list(ListRequest(inputs: [.path(path), .path(directory.path("absent.riv"))], contentHashes: false)) {
            ($0.assets.count, $0.error == nil)
        }
        #expect(counts.map(\.0) == [7, 0] && counts.map(\.1) == [true, false])
    }

    @Test("streamed tables: every file's table in input order, a line at a time; failures returned; the table shows every asset")
    func listTables() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("mixed.riv", Inputs.mixed())
        let absent = directory.path("absent.riv")
        var lines: [String] = []
        let failures = try AssetOperations.streamListingTables(ListRequest(inputs: [.path(path), .path(absent), .path(path)], contentHashes: false)) { lines.append($0) }
        #expect(failures.map(\.path) == [absent])
        let table = ListingTable.text(for: try RivFile(path: path), path: path)
        #expect(lines.joined(separator: "\n") == table + "\n" + table)
        #expect(table.hasPrefix("\(path): Rive 7.0, file id 7, "))
        for name in ["walle-370", "logo-12", "Inter-5", "beep-7", "main-0", "ref-20", "cloud-21"] { #expect(table.contains(name)) }
        #expect(table.contains("https://cdn.example.com/03020100-0504-0706-0908-0f0e0d0c0b0a"))
    }

    @Test("a request with no inputs throws before doing anything", arguments: ["list", "extract", "replace", "strip"])
    func noInputs(operation: String) async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("out")
        await #expect(throws: RequestError(.noInputs, "give at least one .riv file")) {
            switch operation {
            case "list": _ = try AssetOperations.list(ListRequest(inputs: []))
            case "extract": _ = try await AssetOperations.extract(ExtractRequest(inputs: [], outputFolder: out))
            case "replace": _ = try AssetOperations.replace(ReplaceRequest(inputs: [], destination: .path(out)))
            default: _ = try AssetOperations.strip(StripRequest(inputs: [], assetsFolder: out, destination: .path(out)))
            }
        }
        #expect(directory.tree().isEmpty)
    }

    @Test("extract: every embedded asset under its real-format name, hashed when asked; a rerun succeeds, other bytes are not overwritten")
    func extract() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let request = ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out"), contentHashes: true)
        let result = try await AssetOperations.extract(request)
        #expect(result.failures.isEmpty)
        #expect(result.files.map(\.status) == [.written] && result.files[0].output == directory.path("out"))
        #expect(result.extracted.map(\.asset) == ["walle-370", "logo-12", "Inter-5", "beep-7", "main-0"])
        #expect(directory.entries("out") == ["Inter-5.ttf", "beep-7.wav", "logo-12.png", "main-0.luac", "walle-370.jpg"])
        for file in result.extracted {
            let bytes = try #require(Inputs.mixedPayloads[file.asset])
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.file)) == Data(bytes))
            #expect(file.bytes == bytes.count)
            #expect(file.contentHash == XXH64.hexString(bytes.withUnsafeBytes { XXH64.hash($0) }))
        }

        let again = try await AssetOperations.extract(request)
        #expect(again.failures.isEmpty && again.extracted == result.extracted, "files holding the same bytes are the files to write")
        _ = try directory.write("out/logo-12.png", Array("other".utf8))
        let refused = try await AssetOperations.extract(request)
        #expect(refused.failures.count == 1 && refused.failures[0].remedy == .overwrite)
        #expect(refused.failures[0].message == directory.path("out/logo-12.png") + ": already exists")
        #expect(refused.extracted.count == 4)
        #expect(try directory.bytes("out/logo-12.png") == Array("other".utf8))
        var overwrite = request
        overwrite.overwrite = true
        #expect(try await AssetOperations.extract(overwrite).extracted.count == 5)
        #expect(try directory.bytes("out/logo-12.png") == Inputs.mixedPayloads["logo-12"])
    }

    @Test("extract: runtime names, a type filter and a name pattern choose what is written; several inputs get a folder each")
    func extractChoices() async throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a/hero.riv", Inputs.mixed())
        let second = try directory.write("b/hero.riv", Inputs.mixed())
        let result = try await AssetOperations.extract(ExtractRequest(
            inputs: [.path(first), .path(second)], outputFolder: directory.path("out"),
            types: AssetTypeFilter(categories: [.image, .script]), namePattern: "*-[0-9]*", naming: .runtime,
            parallelism: .threads(1)))
        #expect(result.failures.isEmpty)
        #expect(directory.entries("out") == ["hero", "hero-2"])
        #expect(directory.entries("out/hero") == ["logo-12.png", "main-0.lua", "walle-370.png"])
        #expect(result.files.map(\.input) == [first, second] && result.files.allSatisfy { $0.detail?.extracted.count == 3 })
    }

    @Test("replace: named replacements win over a folder's; changes per input in input order; unmatched names reported")
    func replace() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("in/one.riv", Inputs.mixed())
        let second = try directory.write("in/two.riv", Inputs.file([.image("logo.png", 12, Payload.png())]))
        _ = try directory.write("brand/logo-12.png", Payload.png(30, seed: 1))
        _ = try directory.write("brand/Inter-5.ttf", Payload.ttf(30, seed: 2))
        let named = try directory.write("named.png", Payload.png(40, seed: 3))
        let request = ReplaceRequest(inputs: [.path(first), .path(second)], destination: .path(directory.path("out") + "/"),
                                     replacementFolder: directory.path("brand"),
                                     replacements: [.init(type: .image, name: "logo-12", path: named),
                                                    .init(type: .audio, name: "nope-1", path: named)],
                                     allowsUnmatched: true)
        let result = try AssetOperations.replace(request)
        #expect(!result.hasFailures && result.succeeded && result.requestFailure == nil, "an allowed unmatched name fails nothing")
        #expect(result.files.map(\.output) == [directory.path("out/one.riv"), directory.path("out/two.riv")])
        #expect(result.files[0].detail?.changes.map(\.asset) == ["logo-12", "Inter-5"])
        #expect(result.files[1].detail?.changes.map(\.action) == [.replaced])
        #expect(result.unmatched == ["audio nope-1"])
        let replaced = try RivFile(path: directory.path("out/two.riv"))
        #expect(replaced.assets[0].embeddedBytes == Data(Payload.png(40, seed: 3)))
        #expect(try RivFile(path: directory.path("out/one.riv")).assets[2].embeddedBytes == Data(Payload.ttf(30, seed: 2)))

        var strict = request
        strict.allowsUnmatched = false
        strict.rewrite.destination = .path(directory.path("strict") + "/")
        let refused = try AssetOperations.replace(strict)
        #expect(refused.files.map(\.status) == [.skipped, .skipped] && refused.files.allSatisfy { $0.remedy == .allowUnmatched })
        #expect(!refused.succeeded && refused.requestFailures == ["no asset of any input matches audio 'nope-1'"],
                "no input failed, yet the request did: the one rule of the exit status says so")
        #expect(refused.unmatched == ["audio nope-1"] && !FileManager.default.fileExists(atPath: directory.path("strict")),
                "a request that fails as a whole writes and creates nothing")
    }

    @Test("replace: a refused edit fails that input only, with its remedy, and writes nothing for it")
    func replaceRefused() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let wrong = try directory.write("sound.wav", Payload.wav())
        let result = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                                                                replacements: [.init(type: .image, name: "walle-370", path: wrong)]))
        #expect(result.hasFailures)
        #expect(result.files[0].remedy == .skipFormatCheck)
        #expect(result.files[0].status == .failed && result.files[0].reason?.contains("walle-370") == true)
        #expect(!directory.exists("out.riv"))
    }

    @Test("replace: request errors are thrown before any output exists",
          arguments: ["missing replacement", "no replacements", "two inputs one name", "output is the input"])
    func replaceRequestErrors(kind: String) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let other = try directory.write("sub/in.riv", Inputs.mixed())
        let png = try directory.write("new.png", Payload.png())
        let before = directory.tree()
        let logo = ReplaceRequest.Replacement(type: .image, name: "logo-12", path: png)
        let request = switch kind {
        case "missing replacement":
            ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                           replacements: [.init(type: .image, name: "logo-12", path: directory.path("absent.png"))])
        case "no replacements": ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")))
        case "two inputs one name": ReplaceRequest(inputs: [.path(input), .path(other)], destination: .path(directory.path("out")), replacements: [logo])
        default: ReplaceRequest(inputs: [.path(input)], destination: .path(input), replacements: [logo])
        }
        let error = try #require(throws: RequestError.self) { try AssetOperations.replace(request) }
        let expected: RequestError.Code = switch kind {
        case "missing replacement": .replacementUnusable
        case "no replacements": .noReplacements
        case "two inputs one name": .inputGivenTwice
        default: .destinationUnusable
        }
        #expect(error.code == expected, "\(error.code): \(error.message)")
        #expect(directory.tree() == before)
    }

    @Test("a request error made from a typed error carries it: the folder's problem under --assets; under --watch the editor's refusal fails the input as replace's does")
    func requestErrorsCarryTheTypedError() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let folder = try directory.folder("brand")
        _ = try directory.write("brand/logo-12.png", Payload.png())
        _ = try directory.write("brand/logo-12.jpg", Payload.jpeg())
        let replace = ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")), replacementFolder: folder)
        let twoFiles = try #require(throws: RequestError.self) { try AssetOperations.replace(replace) }
        #expect(twoFiles.code == .replacementUnusable)
        #expect(twoFiles.underlying as? AssetFolder.Problem
                == .twoFiles(first: directory.path("brand/logo-12.jpg"), second: directory.path("brand/logo-12.png"), type: .image, name: "logo-12"))
        try FileManager.default.removeItem(atPath: directory.path("brand/logo-12.jpg"))
        let sound = try directory.write("sound.wav", Payload.wav())
        let named = [ReplaceRequest.Replacement(type: .image, name: "logo-12", path: sound)]
        let replaced = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("replaced.riv")),
                                                                  replacementFolder: folder, replacements: named))
        let failures = Protected<[InputFailure]>([])
        let watch = try ReplaceWatch.start(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("watched.riv")),
                                                          replacementFolder: folder, replacements: named)) { event in
            if case .failed(let failure) = event { failures.withLock { $0.append(failure) } }
        }
        watch.stop()
        #expect(watch.hasFailures)
        let refused = failures.withLock { $0 }
        #expect(refused.map(\.remedy) == [.skipFormatCheck] && replaced.files[0].remedy == .skipFormatCheck)
        #expect(refused.first?.message.contains("logo-12") == true && refused.first?.message.contains("wav") == true, "\(refused)")
        #expect(!directory.exists("watched.riv") && !directory.exists("replaced.riv"))
    }

    @Test("strip: assets out under runtime names, the output smaller and referencing them; a refused input keeps nothing")
    func strip() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("out.riv"))))
        #expect(result.failures.isEmpty)
        #expect(result.stripped.map(\.asset) == ["walle-370", "logo-12", "Inter-5", "beep-7"])
        #expect(directory.entries("assets") == ["Inter-5.ttf", "beep-7.wav", "logo-12.png", "walle-370.png"])
        let file = try #require(result.files.first)
        #expect(file.detail?.stripped.count == 4 && file.bytesAfter! < file.bytesBefore!)
        let stripped = try RivFile(path: directory.path("out.riv"))
        #expect(stripped.byteCount == file.bytesAfter)
        #expect(stripped.assets.filter { $0.location == .embedded }.map(\.uniqueName) == ["main-0"])

        let second = try directory.write("second.riv", Inputs.file([.image("new.png", 1, Payload.png()), .font("Inter.ttf", 5, Payload.ttf(9))]))
        let refused = try AssetOperations.strip(StripRequest(inputs: [.path(second)], assetsFolder: directory.path("assets"),
                                                             destination: .path(directory.path("second-out.riv"))))
        #expect(refused.written.isEmpty && refused.stripped.isEmpty)
        #expect(refused.failures.map(\.remedy) == [.overwrite])
        #expect(!directory.exists("assets/new-1.png"), "the asset file written before the refusal was removed")
        #expect(!directory.exists("second-out.riv"))
    }

    @Test("a replacement that is empty, a folder, a FIFO or missing: its own sentence, at once, nothing written",
          arguments: [("empty", "it is empty"), ("folder", "it is a folder, not a file"),
                      ("fifo", "it is not a regular file (a pipe, device or socket)"), ("missing", "there is no such file")])
    func unusableReplacement(kind: String, sentence: String) throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let path = directory.path("new.png")
        switch kind {
        case "empty": _ = try directory.write("new.png", [])
        case "folder": try directory.folder("new.png")
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        default: break
        }
        let request = ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                                     replacements: [.init(type: .image, name: "logo-12", path: path)])
        #expect(throws: RequestError(.replacementUnusable, "cannot use \(path): \(sentence)")) { try AssetOperations.replace(request) }
        #expect(!directory.exists("out.riv"))
    }

    @Test("streamed JSON is the document list(_:) makes, for good and bad inputs, with and without hashes", arguments: [true, false])
    func streamedJSON(hashing: Bool) throws {
        let directory = try TemporaryDirectory()
        let mixed = try directory.write("mixed.riv", Inputs.mixed())
        let bare = try directory.write("bare.riv", Inputs.file([]))
        let bad = try directory.write("bad.riv", Array(Inputs.mixed().prefix(30)))
        let request = ListRequest(inputs: [.path(mixed), .path(bad), .path(bare), .path(mixed)], contentHashes: hashing)
        var text = ""
        let failures = try AssetOperations.streamListingJSON(request) { text += $0 }
        #expect(failures.map(\.path) == [bad])
        #expect(try JSONDecoder().decode(ListingDocument.self, from: Data(text.utf8)) == AssetOperations.list(request))
        #expect(text == String(decoding: try ResultJSON.data(AssetOperations.list(request)), as: UTF8.self) + "\n",
                "the stream writes exactly what the encoder writes")
    }

    @Test("inputs with nothing to do: extract skips them (no folder); strip copies them unchanged to the output, with no asset folder")
    func nothingToDo() async throws {
        let directory = try TemporaryDirectory()
        let referenced = try directory.write("ref.riv", Inputs.file([.image("ref.png", 3)]))
        let mixed = try directory.write("mixed.riv", Inputs.mixed())
        let extracted = try await AssetOperations.extract(ExtractRequest(inputs: [.path(referenced), .path(mixed)], outputFolder: directory.path("out")))
        #expect(extracted.inputsSkipped == [SkippedInput(path: referenced, reason: "no embedded asset of the chosen types")])
        #expect(directory.entries("out") == ["mixed"])
        let stripped = try AssetOperations.strip(StripRequest(inputs: [.path(referenced)], assetsFolder: directory.path("assets"),
                                                              destination: .path(directory.path("stripped.riv"))))
        #expect(stripped.files.map(\.status) == [.unchanged] && stripped.files[0].reason == "no embedded asset of the chosen types")
        #expect(!directory.exists("assets"))
        #expect(try directory.bytes("stripped.riv") == directory.bytes("ref.riv"))
    }

    @Test("a dry run reports what a real run would do and writes nothing", arguments: ["extract", "strip", "replace"])
    func dryRun(operation: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let png = try directory.write("new.png", Payload.png(9, seed: 3))
        let before = directory.tree()
        switch operation {
        case "extract":
            let dry = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out"), dryRun: true))
            #expect(dry.dryRun && dry.extracted.count == 5 && dry.failures.isEmpty)
            #expect(directory.tree() == before)
            let real = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out")))
            #expect(real.files == dry.files)
        case "strip":
            let request = StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"), destination: .path(directory.path("out.riv")), dryRun: true)
            let dry = try AssetOperations.strip(request)
            #expect(dry.dryRun && dry.stripped.count == 4 && dry.files.count == 1)
            #expect(directory.tree() == before)
            var real = request
            real.rewrite.dryRun = false
            #expect(try AssetOperations.strip(real).stripped == dry.stripped)
        default:
            let dry = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                                                                 replacements: [.init(type: .image, name: "logo-12", path: png)], dryRun: true))
            #expect(dry.dryRun && dry.files[0].detail?.changes.count == 1 && dry.files[0].output == directory.path("out.riv"))
            #expect(directory.tree() == before)
        }
    }

    @Test("strip refuses an existing output .riv without overwrite and writes no asset file for it")
    func stripExistingOutput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        _ = try directory.write("out.riv", Array("keep".utf8))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"), destination: .path(directory.path("out.riv"))))
        #expect(result.failures.map(\.remedy) == [.overwrite])
        #expect(try directory.bytes("out.riv") == Array("keep".utf8) && !directory.exists("assets"))
    }

    @Test("a pattern that turns a referenced font into an embedded one says so; an embedded one it replaces does not")
    func patternEmbedsReferenced() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.font("Inter.ttf", 3), .font("Inter-Bold.ttf", 4, Payload.ttf(20))]))
        let brand = try directory.write("Brand.ttf", Payload.ttf(30, seed: 2))
        let result = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                                                                replacements: [.init(type: .font, name: "Inter*", path: brand)]))
        #expect(result.files[0].detail?.changes.map(\.asset) == ["Inter-3", "Inter-Bold-4"])
        #expect(result.files[0].warnings.count == 1 && result.files[0].warnings[0].hasPrefix("Inter-3 was referenced and is embedded now"),
                "\(result.files[0].warnings)")
    }

    @Test("replacing an image by one of another shape warns; the same shape does not")
    func shapeWarning() throws {
        let directory = try TemporaryDirectory()
        let png: (Int, Int) -> [UInt8] = { width, height in
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [UInt8(width >> 24), UInt8((width >> 16) & 0xFF), UInt8((width >> 8) & 0xFF), UInt8(width & 0xFF)]
                + [UInt8(height >> 24), UInt8((height >> 16) & 0xFF), UInt8((height >> 8) & 0xFF), UInt8(height & 0xFF)] + [8, 2, 0, 0, 0]
        }
        let input = try directory.write("in.riv", Inputs.file([.image("hero.png", 1, png(1600, 900))]))
        let wide = try directory.write("wide.png", png(320, 180))
        let square = try directory.write("square.png", png(320, 320))
        for (path, warns) in [(wide, false), (square, true)] {
            let result = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                                                                    replacements: [.init(type: .image, name: "hero-1", path: path)],
                                                                    overwrite: true))
            #expect(result.files[0].warnings.isEmpty == !warns, "\(result.files[0].warnings)")
            if warns { #expect(result.files[0].warnings[0].contains("320×320 px") && result.files[0].warnings[0].contains("1600×900 px")) }
        }
    }

    /// `embed --assets` applies its files through the plan `replace` uses, so a file
    /// of another shape than the size the design stored gets `replace`'s warning.
    @Test("embed --assets warns when a referenced image's file has another shape than the size the file stores")
    func embedShapeWarning() async throws {
        let directory = try TemporaryDirectory()
        let png: (Int, Int) -> [UInt8] = { width, height in
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0, 0, UInt8(width >> 8), UInt8(width & 0xFF), 0, 0, UInt8(height >> 8), UInt8(height & 0xFF), 8, 2, 0, 0, 0]
        }
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [
            (Schema.PropertyKey.assetName, .string("hero.png")), (Schema.PropertyKey.fileAssetAssetId, .uint(1)),
            (Schema.PropertyKey.drawableAssetWidth, .float32(1600)), (Schema.PropertyKey.drawableAssetHeight, .float32(900)),
        ])
        let input = try directory.write("in.riv", encoder.bytes)
        _ = try directory.write("assets/hero-1.png", png(320, 320))
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 1),
                                         cache: try HostedAssetCache(directory: URL(fileURLWithPath: directory.path("cache"))),
                                         configuration: .init(offline: true))
        let result = try await AssetOperations.embed(EmbedRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                                                                  assetsFolder: directory.path("assets"), fetcher: fetcher))
        #expect(result.files[0].status == .written && result.files[0].detail?.changes.map(\.asset) == ["hero-1"], "\(result.files)")
        #expect(result.files[0].warnings.count == 1 && result.files[0].warnings[0].contains("320×320 px")
                && result.files[0].warnings[0].contains("1600×900 (stored)"), "\(result.files[0].warnings)")
    }
}
