import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivAssetRegistry
import RivTestSupport

/// `ReplaceWatch` on a real folder changed while the watcher runs: every scenario
/// ends with outputs byte-identical to a fresh `replace` against the folder's
/// final contents.
@Suite("replace --watch")
struct ReplaceWatchTests {
    /// Two inputs (the artboard fixture and the embedded-png fixture), a folder of
    /// replacements, an output folder, and a watch over them.
    private final class Harness: @unchecked Sendable {
        let directory: TemporaryDirectory
        let inputs: [String]
        let brand: URL
        let out: String
        /// Whole PNGs of three sizes, taken from the fixture.
        let pictures: [Data]
        private let lock = NSLock()
        private var collected: [ReplaceWatchEvent] = []
        var watch: ReplaceWatch?

        init() throws {
            let directory = try TemporaryDirectory()
            self.directory = directory
            let root = SharedData.packageRoot.appendingPathComponent("Fixtures")
            inputs = try ["artboards-and-usage", "embedded-png"].map { name in
                try directory.write(name + ".riv", Array(Data(contentsOf: root.appendingPathComponent(name + ".riv"))))
            }
            brand = URL(fileURLWithPath: try directory.folder("brand"))
            out = directory.path("out") + "/"
            let fixture = try RivFile(path: inputs[0])
            pictures = fixture.assets.prefix(3).compactMap(\.embeddedBytes)
        }

        func start() throws {
            // Held weakly: the watch holds this callback, and the harness the watch.
            watch = try ReplaceWatch.start(ReplaceRequest(inputs: inputs.map(RequestInput.path), destination: .path(out), replacementFolder: brand.path)) { [weak self] event in
                self?.record(event)
            }
        }

        private func record(_ event: ReplaceWatchEvent) {
            lock.lock()
            collected.append(event)
            lock.unlock()
        }

        var events: [ReplaceWatchEvent] {
            lock.lock()
            defer { lock.unlock() }
            return collected
        }

        func put(_ bytes: Data, as name: String) throws {
            try bytes.write(to: brand.appendingPathComponent(name))
        }

        /// What a fresh `replace` writes for each input against the folder now: its
        /// output, or the input itself when nothing matches it.
        func expected() throws -> [Data] {
            let fresh = directory.path("fresh-\(UUID().uuidString)") + "/"
            let result = try AssetOperations.replace(ReplaceRequest(inputs: inputs.map(RequestInput.path), destination: .path(fresh), replacementFolder: brand.path))
            return try result.files.map { file in try Data(contentsOf: URL(fileURLWithPath: file.output ?? file.input)) }
        }

        /// The outputs now (an input's own bytes when its output was never written).
        func outputs() -> [Data] {
            inputs.map { input in
                let output = URL(fileURLWithPath: out).appendingPathComponent(URL(fileURLWithPath: input).lastPathComponent)
                return (try? Data(contentsOf: output)) ?? (try? Data(contentsOf: URL(fileURLWithPath: input))) ?? Data()
            }
        }

        /// Waits up to 10 s for the outputs to equal a fresh replace's; true when they do.
        func settles() throws -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                // The folder must be quiet first: a fresh replace of a half-copied file fails.
                Thread.sleep(forTimeInterval: 0.1)
                if let wanted = try? expected(), outputs() == wanted { return true }
            }
            return false
        }

        deinit { watch?.stop() }
    }

    @Test("added, replaced, removed and renamed files: the outputs follow, and a removed file brings the original back")
    func addReplaceRemoveRename() throws {
        let harness = try Harness()
        try harness.start()
        // Every output is written at the start, a copy of its input while nothing matches.
        let started = harness.events.map { event -> String? in
            if case .written(let input, _, let changes, _, let isRewrite) = event, changes.isEmpty, !isRewrite { input } else { nil }
        }
        #expect(started == harness.inputs, "\(harness.events)")
        #expect(harness.outputs() == (try harness.inputs.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }))
        try harness.put(harness.pictures[1], as: "hero-1.png")
        #expect(try harness.settles())
        try harness.put(harness.pictures[2], as: "hero-1.png")
        #expect(try harness.settles())
        try FileManager.default.moveItem(at: harness.brand.appendingPathComponent("hero-1.png"), to: harness.brand.appendingPathComponent("logo-12.png"))
        #expect(try harness.settles())
        #expect(harness.outputs()[0] == (try Data(contentsOf: URL(fileURLWithPath: harness.inputs[0]))), "hero-1's original is back")
        try FileManager.default.removeItem(at: harness.brand.appendingPathComponent("logo-12.png"))
        #expect(try harness.settles())
        #expect(harness.outputs()[1] == (try Data(contentsOf: URL(fileURLWithPath: harness.inputs[1]))))
        let writes = harness.events.compactMap { if case .written(let input, _, _, _, _) = $0 { input } else { nil } }
        #expect(writes == [harness.inputs[0], harness.inputs[1], harness.inputs[0], harness.inputs[0], harness.inputs[0], harness.inputs[1], harness.inputs[1]],
                "only outputs whose replacements changed are written: \(writes)")
    }

    @Test("a restarted watch takes over an existing output only with overwrite; without it, the start fails instead of watching in vain")
    func restart() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("logo", 12, Payload.wholePNG(40))]))
        let request = ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")), replacementFolder: try directory.folder("brand"))
        let first = try ReplaceWatch.start(request) { _ in }
        first.stop()
        #expect(!first.hasFailures)
        #expect(try directory.bytes("out.riv") == directory.bytes("in.riv"), "an empty folder: the output is a copy from the start")
        let second = try ReplaceWatch.start(request) { _ in }
        second.stop()
        #expect(second.hasFailures)
        var owning = request
        owning.rewrite.overwrite = true
        let third = try ReplaceWatch.start(owning) { _ in }
        third.stop()
        #expect(!third.hasFailures)
    }

    @Test("a burst of 100 writes is a handful of rewrites ending in the last contents")
    func burst() throws {
        let harness = try Harness()
        try harness.start()
        for index in 0..<100 { try harness.put(harness.pictures[index % 3], as: "badge-2.png") }
        #expect(try harness.settles())
        let rewrites = harness.events.filter { if case .written = $0 { true } else { false } }.count
        #expect(rewrites >= 1 && rewrites < 50, "\(rewrites) writes for 100 changes")
    }

    @Test("a file copied slowly in chunks is never embedded half-written")
    func slowCopy() throws {
        let harness = try Harness()
        try harness.put(harness.pictures[1], as: "hero-1.png")
        try harness.start()
        #expect(try harness.settles())
        let newer = harness.pictures[0]
        let handle = try FileHandle(forWritingTo: harness.brand.appendingPathComponent("hero-1.png"))
        try handle.truncate(atOffset: 0)
        let chunk = max(1, newer.count / 6)
        var offset = 0
        while offset < newer.count {
            try handle.write(contentsOf: newer[offset..<min(newer.count, offset + chunk)])
            offset += chunk
            Thread.sleep(forTimeInterval: 0.12)
            let embedded = try RivFile(bytes: harness.outputs()[0]).asset(named: "hero-1")?.embeddedBytes
            #expect(embedded == harness.pictures[1] || embedded == newer, "a partial file was embedded after \(offset) bytes")
        }
        try handle.close()
        #expect(try harness.settles())
        #expect(try RivFile(bytes: harness.outputs()[0]).asset(named: "hero-1")?.embeddedBytes == newer)
    }

    @Test("the folder deleted and created again: the outputs keep what they had, then follow the new folder")
    func folderRecreated() throws {
        let harness = try Harness()
        try harness.put(harness.pictures[2], as: "hero-1.png")
        try harness.start()
        #expect(try harness.settles())
        let before = harness.outputs()
        try FileManager.default.removeItem(at: harness.brand)
        Thread.sleep(forTimeInterval: 0.4)
        #expect(harness.outputs() == before)
        #expect(harness.events.contains { if case .folderFailed = $0 { true } else { false } })
        try FileManager.default.createDirectory(at: harness.brand, withIntermediateDirectories: true)
        try harness.put(harness.pictures[1], as: "logo-12.png")
        #expect(try harness.settles())
        #expect(harness.outputs()[0] == (try Data(contentsOf: URL(fileURLWithPath: harness.inputs[0]))))
    }

    @Test("replace, replace --watch and the registry write the same bytes for one folder, an exact name and patterns (a set among them)",
          arguments: [AssetMatchKey.uniqueName, .nameWithoutExtension])
    func oneEngine(matching: AssetMatchKey) async throws {
        let harness = try Harness()
        // By unique name, or by name when ids play no part (`--by-name`).
        let byName = matching == .nameWithoutExtension
        let name = { (uniqueName: String) in byName ? String(uniqueName[..<uniqueName.lastIndex(of: "-")!]) : uniqueName }
        try harness.put(harness.pictures[1], as: name("hero-1") + ".png")
        try harness.put(harness.pictures[2], as: name("logo-12") + ".png")
        let exact = try harness.directory.write("exact.png", Array(harness.pictures[0]))
        let first = try harness.directory.write("first.png", Array(harness.pictures[2]))
        let second = try harness.directory.write("second.png", Array(harness.pictures[1]))
        // badge-2: the exact name; unused-3: the first pattern; hero-1: the second
        // pattern, over the folder's file; logo-12: the folder's file.
        let setPattern = byName ? "[bu]*" : "[bu]*-?"
        let named: [ReplaceRequest.Replacement] = [.init(type: .image, name: name("badge-2"), path: exact),
                                                   .init(type: .image, name: setPattern, path: first),
                                                   .init(type: .image, name: "h*", path: second)]
        let request = { (folder: String) in
            ReplaceRequest(inputs: harness.inputs.map(RequestInput.path), destination: .path(folder), replacementFolder: harness.brand.path, replacements: named,
                           matchingByName: byName)
        }
        let replaced = try AssetOperations.replace(request(harness.directory.path("replaced") + "/"))
        #expect(!replaced.hasFailures, "\(replaced.files)")
        let expected = try replaced.files.map { try Data(contentsOf: URL(fileURLWithPath: $0.output ?? $0.input)) }
        let hero = try RivFile(bytes: expected[0])
        #expect(hero.assets.prefix(3).map(\.embeddedBytes) == [harness.pictures[1], harness.pictures[0], harness.pictures[2]])
        #expect(try RivFile(bytes: expected[1]).assets.first?.embeddedBytes == harness.pictures[2])

        let watch = try ReplaceWatch.start(request(harness.out)) { _ in }
        watch.stop()
        #expect(!watch.hasFailures && harness.outputs() == expected, "the watch's first writes are replace's bytes")

        let registry = AssetRegistry(matching: matching)
        registry.addGlobalImageAsset(harness.pictures[0], name: name("badge-2"))
        _ = await registry.addSource(ClosureAssetSource(id: "patterns") {
            [SourcedAsset(type: .image, name: setPattern, bytes: harness.pictures[2]), SourcedAsset(type: .image, name: "h*", bytes: harness.pictures[1])]
        })
        _ = registry.addSourceImmediately(FolderAssetSource(url: harness.brand, id: "brand"))
        for (input, bytes) in zip(harness.inputs, expected) {
            let written = harness.directory.path("registry-" + URL(fileURLWithPath: input).lastPathComponent)
            try registry.load(path: input).write(to: URL(fileURLWithPath: written))
            #expect(try Data(contentsOf: URL(fileURLWithPath: written)) == bytes)
        }
    }

    @Test("watching refuses what it cannot keep in step: no folder, a dry run, outputs inside the folder")
    func refusals() throws {
        let harness = try Harness()
        let input = harness.inputs[0]
        #expect(throws: RequestError(.invalidOption, "watching needs a folder of replacements (`ReplaceRequest.replacementFolder`)")) {
            try ReplaceWatch.start(ReplaceRequest(inputs: [.path(input)], destination: .path(harness.out),
                                                  replacements: [.init(type: .image, name: "hero-1", path: input)])) { _ in }
        }
        #expect(throws: RequestError.self) {
            try ReplaceWatch.start(ReplaceRequest(inputs: [.path(input)], destination: .path(harness.out), replacementFolder: harness.brand.path, dryRun: true)) { _ in }
        }
        #expect(throws: RequestError.self) {
            try ReplaceWatch.start(ReplaceRequest(inputs: [.path(input)], destination: .path(harness.brand.path + "/out.riv"), replacementFolder: harness.brand.path)) { _ in }
        }
    }

    /// `--watch` and `replace` run one rule on named replacements: the same
    /// refusal of a format that does not suit the asset, passed by the same
    /// `skipChecks`, the same bytes written, the same shape warning.
    @Test("under --watch, --skip-checks passes a named replacement of another format and the shape warning is given, as replace does")
    func watchChecksNamedReplacementsAsReplaceDoes() throws {
        let directory = try TemporaryDirectory()
        let png: (Int, Int) -> [UInt8] = { width, height in
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0, 0, UInt8(width >> 8), UInt8(width & 0xFF), 0, 0, UInt8(height >> 8), UInt8(height & 0xFF), 8, 2, 0, 0, 0]
        }
        let input = try directory.write("in.riv", Inputs.file([.image("hero.png", 1, png(1600, 900))]))
        let folder = try directory.folder("brand")
        let sound = try directory.write("sound.wav", Payload.wav())
        let square = try directory.write("square.png", png(320, 320))
        func request(_ path: String, skipChecks: Bool, to output: String) -> ReplaceRequest {
            ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path(output)), replacementFolder: folder,
                           replacements: [.init(type: .image, name: "hero-1", path: path)], skipChecks: skipChecks)
        }

        // Without skipChecks both refuse the WAV for an image, for that input, with the same
        // remedy; with it both embed it, byte for byte alike.
        #expect(try AssetOperations.replace(request(sound, skipChecks: false, to: "refused.riv")).files[0].remedy == .skipFormatCheck)
        let refusedEvents = Events()
        let refusedWatch = try ReplaceWatch.start(request(sound, skipChecks: false, to: "watched-refused.riv")) { refusedEvents.record($0) }
        refusedWatch.stop()
        #expect(refusedWatch.hasFailures)
        let remedies = refusedEvents.all.compactMap { event -> InputFailure.Remedy? in
            if case .failed(let failure) = event { failure.remedy } else { nil }
        }
        #expect(remedies == [.skipFormatCheck], "\(refusedEvents.all)")
        #expect(!directory.exists("watched-refused.riv"))
        let replaced = try AssetOperations.replace(request(sound, skipChecks: true, to: "replaced.riv"))
        #expect(!replaced.hasFailures)
        let events = Events()
        let watch = try ReplaceWatch.start(request(sound, skipChecks: true, to: "watched.riv")) { events.record($0) }
        watch.stop()
        #expect(!watch.hasFailures, "\(events.all)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("watched.riv"))) == Data(contentsOf: URL(fileURLWithPath: directory.path("replaced.riv"))))

        // The shape warning: replace's sentence, under --watch too.
        let shaped = try AssetOperations.replace(request(square, skipChecks: false, to: "shaped.riv"))
        let expected = try #require(shaped.files[0].warnings.first)
        let shapedEvents = Events()
        let shapedWatch = try ReplaceWatch.start(request(square, skipChecks: false, to: "watched-shaped.riv")) { shapedEvents.record($0) }
        shapedWatch.stop()
        let warnings = shapedEvents.all.flatMap { event -> [String] in
            if case .written(_, _, _, let warnings, _) = event { warnings } else { [] }
        }
        #expect(warnings == [expected])
    }

    /// The warning `replace` gives when a pattern embeds an asset the app supplied
    /// comes from the one plan, under `--watch` too.
    @Test("under --watch, a pattern that embeds a referenced font warns as replace does")
    func watchWarnsWhenAPatternEmbedsAReferencedAsset() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.font("Inter.ttf", 3), .font("Inter-Bold.ttf", 4, Payload.ttf(20))]))
        let folder = try directory.folder("brand")
        let brand = try directory.write("Brand.ttf", Payload.ttf(30, seed: 2))
        func request(to output: String) -> ReplaceRequest {
            ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path(output)), replacementFolder: folder,
                           replacements: [.init(type: .font, name: "Inter*", path: brand)])
        }
        let replaced = try AssetOperations.replace(request(to: "replaced.riv"))
        let events = Events()
        let watch = try ReplaceWatch.start(request(to: "watched.riv")) { events.record($0) }
        watch.stop()
        let warnings = events.all.flatMap { event -> [String] in
            if case .written(_, _, _, let warnings, _) = event { warnings } else { [] }
        }
        #expect(warnings.count == 1 && warnings.first?.hasPrefix("Inter-3 was referenced and is embedded now") == true, "\(events.all)")
        #expect(warnings == replaced.files[0].warnings)
        #expect(try directory.bytes("watched.riv") == directory.bytes("replaced.riv"))
    }
}

/// The events a watch reported, in order, from whichever thread reported them.
private final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [ReplaceWatchEvent] = []
    func record(_ event: ReplaceWatchEvent) { lock.lock(); list.append(event); lock.unlock() }
    var all: [ReplaceWatchEvent] { lock.lock(); defer { lock.unlock() }; return list }
}
