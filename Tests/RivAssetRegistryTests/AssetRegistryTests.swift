import Foundation
import Testing
@testable import RivFormat
@testable import RivAssetRegistry
import RivTestSupport

@Suite("AssetRegistry: global replacements by unique name")
struct AssetRegistryTests {
    /// Collects the next `count` changes of `stream` in a task.
    private func collect(_ count: Int, from stream: AsyncStream<AssetRegistry.Change>) -> Task<[AssetRegistry.Change], Never> {
        Task {
            var seen: [AssetRegistry.Change] = []
            for await change in stream {
                seen.append(change)
                if seen.count == count { break }
            }
            return seen
        }
    }

    @Test("a registration made before loading applies to the loaded file")
    func registerThenLoad() throws {
        let registry = AssetRegistry()
        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "logo-1")
        let loaded = try registry.load(bytes: EditFixture.mixed)
        #expect(loaded.replacement(for: loaded.file.assets[0]) == Data(Payload.Minimal.jpeg))
        #expect(loaded.replacedAssets.map(\.uniqueName) == ["logo-1"])

        let editor = try loaded.editor()
        #expect(editor.outcomes.map(\.action) == [.replaced])
        let output = try EditFixture.output(of: editor)
        #expect(output.assets[0].embeddedBytes == Data(Payload.Minimal.jpeg))
        #expect(EditFixture.confinement(from: loaded.file, to: output, touched: loaded.file.assets[0].contentsRecordRange!, edited: [0]).differences.isEmpty)
    }

    @Test("a registration made after loading applies to the file already loaded, in replacement(for:), editor() and write(to:)")
    func loadThenRegister() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        let font = loaded.file.assets[1]
        #expect(loaded.replacement(for: font) == nil)
        #expect(try !loaded.editor().hasChanges)

        registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "Inter-2")
        #expect(loaded.replacement(for: font) == Data(Payload.Minimal.ttf))
        #expect(try loaded.editor().outcomes == [AssetEditOutcome(uniqueName: "Inter-2", type: .font, action: .embedded, byteCount: Payload.Minimal.ttf.count,
                                                                            previousByteCount: 0)])
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("out.riv")
            let outcomes = try loaded.write(to: destination)
            #expect(outcomes.map(\.uniqueName) == ["Inter-2"])
            let written = try RivFile(contentsOf: destination)
            #expect(written.assets[1].embeddedBytes == Data(Payload.Minimal.ttf))
            #expect(written.assets[1].location == .embedded)
        }
    }

    @Test("addGlobalAsset(_:name:type:) registers for any replaceable type, as the per-type forms do; removeGlobalAsset undoes it")
    func registerByType() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        let font = loaded.file.assets[1]
        registry.addGlobalAsset(Data(Payload.Minimal.ttf), name: "Inter-2", type: font.type)
        #expect(loaded.replacement(for: font) == Data(Payload.Minimal.ttf))
        #expect(registry.replacement(named: "Inter-2", type: .image) == nil)
        registry.removeGlobalAsset(name: "Inter-2", type: .font)
        #expect(loaded.replacement(for: font) == nil)
        #expect(throws: RivEditError.self) {
            try EditFixture.withFolder { folder in
                let path = folder.appendingPathComponent("font.ttf")
                try Data(Payload.Minimal.ttf).write(to: path)
                try registry.addGlobalAsset(contentsOf: path, name: "logo-1", type: .image)
            }
        }
    }

    @Test("a misspelled name never stops a write: matchResult names it with the asset it likely meant; matched once its file is loaded")
    func misspelledNameIsNotSilent() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "logo-1")
        registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "Inter-3")   // the font is Inter-2
        #expect(registry.matchResult().unmatched == [.init(name: "Inter-3", type: .font, nearest: ["Inter-2"])])
        #expect(registry.matchResult().description.hasSuffix("matching nothing: font Inter-3 (did you mean Inter-2?)"))
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("out.riv")
            #expect(try loaded.write(to: destination).map(\.uniqueName) == ["logo-1"])
            // A name for a file loaded later is matched once that file is loaded.
            let later = try registry.load(bytes: Inputs.file([.font("Inter.ttf", 3, Payload.ttf(40))]))
            #expect(registry.matchResult().unmatched.isEmpty)
            // The copy written above is there: replaced only when asked, as the CLI's --force.
            let before = try Data(contentsOf: destination)
            #expect(throws: RivEditError.destinationExists(path: destination.path)) { try loaded.write(to: destination) }
            #expect(try Data(contentsOf: destination) == before)
            #expect(try loaded.write(to: destination, overwrite: true).map(\.uniqueName) == ["logo-1"])
            #expect(try later.write(to: folder.appendingPathComponent("later.riv")).map(\.uniqueName) == ["Inter-3"])
            // Unloaded, the later file no longer counts: the name is unmatched again, and the file still writes.
            registry.unload(later)
            registry.unload(later)
            #expect(registry.matchResult().unmatched.map(\.name) == ["Inter-3"])
            #expect(try later.write(to: folder.appendingPathComponent("later.riv"), overwrite: true).map(\.uniqueName) == ["Inter-3"])
        }
    }

    @Test("unloading forgets a file for the match result and for later changes' affected files; a file of another registry is ignored")
    func unloadForgetsTheFile() throws {
        let registry = AssetRegistry(), other = AssetRegistry()
        let first = try registry.load(bytes: EditFixture.file([EditFixture.asset(141, "Inter.ttf", id: 2)]))
        let second = try registry.load(bytes: EditFixture.file([EditFixture.asset(141, "Inter.ttf", id: 2)]))
        let foreign = try other.load(bytes: EditFixture.file([EditFixture.asset(141, "Inter.ttf", id: 2)]))
        registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "Inter-2")
        #expect(registry.matchResult().replaced.count == 2)
        registry.unload(first)
        registry.unload(foreign)
        #expect(registry.matchResult().replaced.count == 1)
        #expect(other.matchResult().replaced.isEmpty && other.matchResult().unmatched.isEmpty)
        registry.unload(second)
        #expect(registry.matchResult().replaced.isEmpty)
        #expect(registry.matchResult().unmatched.map(\.name) == ["Inter-2"])
    }

    @Test("registered bytes of the wrong format are refused when written, saying what they look like and which registration gave them")
    func wrongBytesNameTheirRegistration() async throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        let page = Data("<!DOCTYPE html><html><body>Sign in</body></html>".utf8)
        registry.addGlobalImageAsset(page, name: "logo-*")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("registry-wrong-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let destination = folder.appendingPathComponent("out.riv")
            let error = try #require(throws: RivEditError.self) { try loaded.write(to: destination) }
            #expect(error.code == .unsupportedFormat && error.detectedFormat == .unknown)
            #expect(error.origin == "registered as image \"logo-*\"")
            #expect(error.description.contains("the new bytes look like HTML (a web page)"))
            #expect(error.description.hasSuffix("(the bytes were registered as image \"logo-*\")"))
            #expect(!FileManager.default.fileExists(atPath: destination.path))
            registry.removeGlobalImageAsset(name: "logo-*")
            let cms = ClosureAssetSource(id: "cms") { [SourcedAsset(type: .image, name: "logo-1", bytes: Data("{\"error\": 401}".utf8))] }
            _ = await registry.addSource(cms)
            let served = try #require(throws: RivEditError.self) { try loaded.write(to: destination) }
            #expect(served.origin == "served as image \"logo-1\" by the source cms")
            #expect(served.description.contains("look like JSON"))
        }
    }

    @Test("a write the editor refuses fails with the editor's own error")
    func editorFailureIsCarried() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "logo-1")
        try EditFixture.withFolder { folder -> Void in
            #expect(throws: RivEditError.writeFailed(path: folder.path, reason: "it is a directory")) { try loaded.write(to: folder) }
        }
    }

    @Test("files having a name are looked up in an index: registering after thousands of files are loaded names the affected ones")
    func affectedFilesFromTheIndex() async throws {
        let registry = AssetRegistry()
        for index in 0..<2000 {
            _ = registry.register(try RivFile(bytes: Inputs.file([.image("logo.png", UInt64(index % 7)), .font("Inter.ttf", 9)])))
        }
        let changes = collect(1, from: registry.changes())
        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "logo-3")
        let change = try #require(await changes.value.first)
        // Loaded from bytes: no paths to name, but every file was found in the index.
        #expect(change.name == "logo-3" && change.affectedFiles.isEmpty)
        #expect(registry.matchResult().replaced.count == 2000 / 7 + (2000 % 7 > 3 ? 1 : 0))
        #expect(registry.matchResult().unmatched.isEmpty)
    }

    @Test("a hosted asset with a registration becomes embedded and loses its CDN location")
    func hostedReplacement() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        registry.addGlobalAudioAsset(Data(Payload.Minimal.flac), name: "beep-3")
        let editor = try loaded.editor()
        #expect(editor.outcomes.map(\.action) == [.embeddedFromCDN])
        let output = try EditFixture.output(of: editor)
        #expect(output.assets[2].cdn == nil && output.assets[2].embeddedBytes == Data(Payload.Minimal.flac))
    }

    @Test("removing a registration stops it applying")
    func removal() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        registry.addGlobalImageAsset(Data(Payload.Minimal.webp), name: "photo-4")
        #expect(loaded.replacedAssets.map(\.uniqueName) == ["photo-4"])
        registry.removeGlobalImageAsset(name: "photo-4")
        #expect(loaded.replacement(for: loaded.file.assets[3]) == nil)
        #expect(loaded.replacedAssets.isEmpty)
        #expect(try loaded.editor().makeBytes() == Data(EditFixture.mixed))
        #expect(registry.registeredNames.isEmpty)
    }

    @Test("registering a name again replaces the bytes; the change stream reports added, replaced, removed in order")
    func reRegistrationAndChanges() async throws {
        let registry = AssetRegistry()
        let other = AssetRegistry()
        let collector = collect(4, from: registry.changes())
        let otherStream = other.changes()
        let loaded = try registry.load(bytes: EditFixture.mixed)

        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "logo-1")
        registry.addGlobalImageAsset(Data(Payload.Minimal.webp), name: "logo-1")
        #expect(loaded.replacement(for: loaded.file.assets[0]) == Data(Payload.Minimal.webp))
        #expect(try EditFixture.output(of: loaded.editor()).assets[0].embeddedBytes == Data(Payload.Minimal.webp))
        registry.removeGlobalFontAsset(name: "logo-1")  // nothing registered: no change
        registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "logo-1")
        registry.removeGlobalImageAsset(name: "logo-1")

        let seen = await collector.value
        #expect(seen == [
            AssetRegistry.Change(name: "logo-1", type: .image, action: .added),
            AssetRegistry.Change(name: "logo-1", type: .image, action: .replaced),
            AssetRegistry.Change(name: "logo-1", type: .font, action: .added),
            AssetRegistry.Change(name: "logo-1", type: .image, action: .removed),
        ])
        other.addGlobalAudioAsset(Data(Payload.Minimal.wav), name: "marker")
        var otherIterator = otherStream.makeAsyncIterator()
        #expect(await otherIterator.next() == AssetRegistry.Change(name: "marker", type: .audio, action: .added),
                "the other registry's stream sees only its own changes")
    }

    @Test("images, fonts and audio have separate namespaces")
    func namespaces() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.file([
            EditFixture.asset(141, "brand.ttf", id: 1), EditFixture.asset(105, "brand.png", id: 2), EditFixture.contents(Payload.Minimal.png),
            EditFixture.asset(529, "main.lua", id: 3), EditFixture.contents(Payload.Minimal.script),
        ]))
        let (font, image, script) = (loaded.file.assets[0], loaded.file.assets[1], loaded.file.assets[2])
        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "brand-1")
        registry.addGlobalAudioAsset(Data(Payload.Minimal.wav), name: "brand-1")
        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "main-3")
        #expect(loaded.replacement(for: font) == nil)
        #expect(loaded.replacement(for: script) == nil, "scripts are never replaced")
        #expect(loaded.replacedAssets.isEmpty)
        #expect(try !loaded.editor().hasChanges)

        registry.addGlobalFontAsset(Data(Payload.Minimal.otf), name: "brand-1")
        registry.addGlobalFontAsset(Data(Payload.Minimal.otf), name: "brand-2")
        #expect(loaded.replacedAssets.map(\.uniqueName) == ["brand-1"])
        #expect(loaded.replacement(for: image) == nil)
        #expect(registry.replacement(named: "brand-1", type: .image) == Data(Payload.Minimal.jpeg))
        #expect(registry.replacement(named: "brand-1", type: .font) == Data(Payload.Minimal.otf))
        #expect(registry.replacement(named: "brand-1", type: .audio) == Data(Payload.Minimal.wav))
        registry.removeGlobalAudioAsset(name: "brand-1")
        #expect(registry.replacement(named: "brand-1", type: .font) == Data(Payload.Minimal.otf))
        #expect(registry.registeredNames.map { "\($0.type):\($0.name)" } == ["font:brand-1", "font:brand-2", "image:brand-1", "image:main-3"])
    }

    @Test("separate registries keep separate replacements and match results")
    func independentRegistries() throws {
        let first = AssetRegistry()
        let second = AssetRegistry()
        let fromFirst = try first.load(bytes: EditFixture.mixed)
        let fromSecond = try second.load(bytes: EditFixture.mixed)
        first.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "logo-1")
        second.addGlobalImageAsset(Data(Payload.Minimal.webp), name: "logo-1")
        second.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "Inter-2")
        #expect(fromFirst.replacedAssets.map(\.uniqueName) == ["logo-1"])
        #expect(fromFirst.replacement(for: fromFirst.file.assets[0]) == Data(Payload.Minimal.jpeg))
        #expect(fromSecond.replacedAssets.map(\.uniqueName) == ["logo-1", "Inter-2"])
        #expect(fromSecond.replacement(for: fromSecond.file.assets[0]) == Data(Payload.Minimal.webp))
        first.removeGlobalImageAsset(name: "logo-1")
        #expect(fromSecond.replacedAssets.count == 2)
        #expect(first.matchResult().replaced.isEmpty)
        #expect(second.matchResult().replaced.count == 2)
    }

    @Test("the match result lists replaced assets per loaded file, in load and file order, and names that match nothing")
    func matchResult() throws {
        try EditFixture.withFolder { folder in
            let pathA = folder.appendingPathComponent("a.riv").path
            let pathB = folder.appendingPathComponent("b.riv").path
            try Data(EditFixture.file([EditFixture.asset(105, "logo.png", id: 1), EditFixture.asset(141, "Inter.ttf", id: 2)]))
                .write(to: URL(fileURLWithPath: pathA))
            try Data(EditFixture.file([EditFixture.asset(105, "logo.png", id: 1), EditFixture.asset(406, "beep.wav", id: 3)]))
                .write(to: URL(fileURLWithPath: pathB))
            let registry = AssetRegistry()
            registry.addGlobalImageAsset(Data(Payload.Minimal.png), name: "logo-1")
            _ = try registry.load(path: pathA)
            _ = try registry.load(path: pathB)
            _ = try registry.load(bytes: EditFixture.mixed)
            registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "Inter-2")
            registry.addGlobalAudioAsset(Data(Payload.Minimal.wav), name: "beep-3")
            registry.addGlobalImageAsset(Data(Payload.Minimal.png), name: "missing-9")
            registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "logo-1")

            let result = registry.matchResult()
            typealias Replacement = MatchResult.Replacement
            #expect(result.replaced == [
                Replacement(path: pathA, uniqueName: "logo-1", type: .image),
                Replacement(path: pathA, uniqueName: "Inter-2", type: .font),
                Replacement(path: pathB, uniqueName: "logo-1", type: .image),
                Replacement(path: pathB, uniqueName: "beep-3", type: .audio),
                Replacement(path: nil, uniqueName: "logo-1", type: .image),
                Replacement(path: nil, uniqueName: "Inter-2", type: .font),
                Replacement(path: nil, uniqueName: "beep-3", type: .audio),
            ])
            #expect(result.unmatched == [
                MatchResult.UnmatchedName(name: "logo-1", type: .font),
                MatchResult.UnmatchedName(name: "missing-9", type: .image),
            ])
        }
    }

    @Test("the match result reads as one line per file and one for names matching nothing")
    func matchResultText() throws {
        try EditFixture.withFolder { folder in
            let path = folder.appendingPathComponent("a.riv").path
            try Data(EditFixture.file([EditFixture.asset(105, "logo.png", id: 1), EditFixture.asset(141, "Inter.ttf", id: 2)]))
                .write(to: URL(fileURLWithPath: path))
            let registry = AssetRegistry()
            #expect(registry.matchResult().description == "no registration replaces an asset of a loaded file")
            registry.addGlobalImageAsset(Data(Payload.Minimal.png), name: "logo-1")
            registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "Inter-2")
            registry.addGlobalImageAsset(Data(Payload.Minimal.png), name: "missing-9")
            _ = try registry.load(contentsOf: URL(fileURLWithPath: path))
            _ = try registry.load(bytes: EditFixture.file([EditFixture.asset(105, "logo.png", id: 1)]))
            #expect(registry.matchResult().description == "\(path): image logo-1, font Inter-2\n(loaded from memory): image logo-1\nmatching nothing: image missing-9")
        }
    }

    @Test("a registered name may be a pattern, as on the command line: it serves every asset it matches, after exact names, and counts as matched")
    func patternRegistration() throws {
        let registry = AssetRegistry()
        let brand = Data(Payload.Minimal.ttf)
        let exact = Data(Payload.Minimal.ttf + [0])
        registry.addGlobalFontAsset(brand, name: "Inter*")
        registry.addGlobalFontAsset(exact, name: "Inter-Bold-3")
        registry.addGlobalFontAsset(Data(Payload.Minimal.ttf + [1]), name: "Int*")
        registry.addGlobalImageAsset(Data(Payload.Minimal.png), name: "Inter*")
        let loaded = try registry.load(bytes: EditFixture.file([EditFixture.asset(141, "Inter.ttf", id: 2), EditFixture.asset(141, "Inter-Bold.ttf", id: 3),
                                                                EditFixture.asset(141, "Roboto.ttf", id: 4)]))
        #expect(loaded.file.assets.map { loaded.replacement(for: $0) } == [brand, exact, nil])
        // The image pattern matches no image, and every asset Int* matches is served by an earlier registration.
        #expect(registry.matchResult().unmatched == [MatchResult.UnmatchedName(name: "Int*", type: .font), MatchResult.UnmatchedName(name: "Inter*", type: .image)])
        registry.removeGlobalImageAsset(name: "Inter*")
        registry.removeGlobalFontAsset(name: "Inter*")
        #expect(loaded.file.assets.map { loaded.replacement(for: $0) } == [Data(Payload.Minimal.ttf + [1]), exact, nil])
        #expect(registry.matchResult().unmatched.isEmpty)
    }

    @Test("registering ahead, as with Rive's Worker: each file written as it is loaded, a name meant for a later file stops nothing")
    func loadThenWriteLoop() throws {
        try EditFixture.withFolder { folder in
            let registry = AssetRegistry()
            registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "Inter-2")
            let first = try registry.load(bytes: EditFixture.file([EditFixture.asset(105, "logo.png", id: 1)]))
            #expect(try first.write(to: folder.appendingPathComponent("first.riv")).isEmpty)
            let second = try registry.load(bytes: EditFixture.file([EditFixture.asset(141, "Inter.ttf", id: 2)]))
            try second.write(to: folder.appendingPathComponent("second.riv"))
            #expect(try RivFile(contentsOf: folder.appendingPathComponent("second.riv")).assets[0].embeddedBytes == Data(Payload.Minimal.ttf))
        }
    }

    @Test("renumbered ids: two assets stored with one id get different unique names, and a registration hits only its own")
    func renumberedIDs() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.file([
            EditFixture.asset(105, "pic.png", id: 5), EditFixture.contents(Payload.Minimal.png),
            EditFixture.asset(105, "pic.png", id: 5), EditFixture.contents(Payload.Minimal.png),
            EditFixture.asset(141, "font.ttf", id: 6),
        ]))
        let file = loaded.file
        #expect(file.assets.map(\.uniqueName) == ["pic-5", "pic-6", "font-7"])
        #expect(file.assets.map(\.storedAssetID) == [5, 5, 6])
        registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "pic-6")
        registry.addGlobalFontAsset(Data(Payload.Minimal.ttf), name: "font-6")
        #expect(loaded.replacedAssets.map(\.recordRange) == [file.assets[1].recordRange])

        let output = try EditFixture.output(of: loaded.editor())
        #expect(output.assets.map(\.embeddedBytes) == [Data(Payload.Minimal.png), Data(Payload.Minimal.jpeg), nil])
        #expect(EditFixture.confinement(from: file, to: output, touched: file.assets[1].contentsRecordRange!, edited: [1]).differences.isEmpty)
        #expect(registry.matchResult().replaced.map(\.uniqueName) == ["pic-6"])
        // The font stored with id 6 is font-7 once renumbered: the match result suggests it.
        #expect(registry.matchResult().unmatched == [MatchResult.UnmatchedName(name: "font-6", type: .font, nearest: ["font-7"])])
    }

    @Test("a replacement of the wrong format fails editor() unless forced")
    func wrongFormatReplacement() throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(bytes: EditFixture.mixed)
        registry.addGlobalFontAsset(Data(Payload.Minimal.png), name: "Inter-2")
        #expect(throws: RivEditError.unsupportedFormat(uniqueName: "Inter-2", type: .font, detected: .png, accepted: [.ttf, .otf])
                    .withOrigin("registered as font \"Inter-2\"")) {
            try loaded.editor()
        }
        #expect(try EditFixture.output(of: loaded.editor(skipChecks: true)).assets[1].embeddedBytes == Data(Payload.Minimal.png))
    }

    @Test("concurrent registrations, removals and loads end in a consistent state", .timeLimit(.minutes(1)))
    func concurrentUse() async throws {
        let folder = try EditFixture.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let paths = (0..<30).map { folder.appendingPathComponent("file\($0).riv").path }
            for (index, path) in paths.enumerated() {
                try Data(EditFixture.file([
                    EditFixture.asset(105, "logo.png", id: 1), EditFixture.contents(Payload.Minimal.png),
                    EditFixture.asset(141, "face\(index).ttf", id: 2),
                ])).write(to: URL(fileURLWithPath: path))
            }
            let types: [AssetType] = [.image, .font, .audio]
            let registry = AssetRegistry()
            let collector = collect(91, from: registry.changes())
            let loaded = try await withThrowingTaskGroup(of: RegisteredRivFile?.self) { group in
                for task in 0..<100 {
                    group.addTask {
                        switch task {
                        case 0..<30:
                            let file = try registry.load(path: paths[task])
                            _ = file.replacedAssets
                            _ = try file.editor().outputByteCount
                            return file
                        case 30..<60:
                            let bytes = Data(Payload.Minimal.wav)
                            switch types[task % 3] {
                            case .image: registry.addGlobalImageAsset(bytes, name: "keep-\(task)")
                            case .font: registry.addGlobalFontAsset(bytes, name: "keep-\(task)")
                            default: registry.addGlobalAudioAsset(bytes, name: "keep-\(task)")
                            }
                        case 60..<90:
                            registry.addGlobalImageAsset(Data(Payload.Minimal.png), name: "temp-\(task)")
                            registry.removeGlobalImageAsset(name: "temp-\(task)")
                        case 90..<99:
                            _ = registry.matchResult()
                            _ = registry.registeredNames
                        default:
                            registry.addGlobalImageAsset(Data(Payload.Minimal.jpeg), name: "logo-1")
                        }
                        return nil
                    }
                }
                var files: [RegisteredRivFile] = []
                for try await file in group { if let file { files.append(file) } }
                return files
            }

            let expectedNames = Set((30..<60).map { "\(types[$0 % 3]):keep-\($0)" } + ["image:logo-1"])
            #expect(Set(registry.registeredNames.map { "\($0.type):\($0.name)" }) == expectedNames)
            #expect(registry.registeredNames.count == 31)
            let result = registry.matchResult()
            #expect(result.replaced.count == 30)
            #expect(Set(result.replaced.compactMap(\.path)) == Set(paths))
            #expect(result.replaced.allSatisfy { $0.uniqueName == "logo-1" && $0.type == .image })
            #expect(Set(result.unmatched.map { "\($0.type):\($0.name)" }) == expectedNames.subtracting(["image:logo-1"]))
            #expect(loaded.count == 30)
            for file in loaded {
                #expect(try EditFixture.output(of: file.editor()).assets[0].embeddedBytes == Data(Payload.Minimal.jpeg))
            }

            let changes = await collector.value
            #expect(changes.filter { $0.action == .added }.count == 61)
            #expect(changes.filter { $0.action == .removed }.count == 30)
            for task in 60..<90 {
                #expect(changes.filter { $0.name == "temp-\(task)" }.map(\.action) == [.added, .removed])
            }
        }
    }
}
