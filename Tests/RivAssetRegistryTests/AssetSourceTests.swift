import Foundation
import Testing
@testable import RivFormat
@testable import RivAssetRegistry
import RivTestSupport
import RivSupport

/// Replacements from sources whose contents change, and outputs that follow them.
@Suite("Asset sources")
struct AssetSourceTests {
    private static let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    /// A source serving what `contents` holds when asked, or failing when it holds nil.
    private final class Switchable: AssetSource, @unchecked Sendable {
        let id: String
        private let contents: Protected<[SourcedAsset]?>

        init(id: String, _ contents: [SourcedAsset]?) {
            self.id = id
            self.contents = Protected(contents)
        }

        func set(_ new: [SourcedAsset]?) {
            contents.withLock { $0 = new }
        }

        func currentAssets() async throws -> [SourcedAsset] {
            guard let now = contents.withLock({ $0 }) else { throw AssetFolder.Problem.unreadable(path: id, reason: "offline") }
            return now
        }
    }

    private func image(_ name: String, _ seed: UInt8) -> SourcedAsset {
        SourcedAsset(type: .image, name: name, bytes: Data(Payload.png(40, seed: seed)))
    }

    @Test("an explicit registration wins, then the first source added; in a source an exact name wins over a pattern")
    func precedence() async throws {
        let registry = AssetRegistry()
        let first = Switchable(id: "first", [image("hero-*", 1), image("badge-2", 2)])
        let second = Switchable(id: "second", [image("hero-1", 3), image("unused-3", 4)])
        await registry.addSource(first)
        await registry.addSource(second)
        #expect(registry.sourceIDs == ["first", "second"])
        #expect(registry.replacement(named: "hero-1", type: .image) == image("", 1).bytes)
        #expect(registry.replacement(named: "badge-2", type: .image) == image("", 2).bytes)
        #expect(registry.replacement(named: "unused-3", type: .image) == image("", 4).bytes)
        #expect(registry.replacement(named: "hero-1", type: .font) == nil)
        first.set([image("hero-*", 1), image("hero-1", 5)])
        await registry.sourceContentsChanged(id: "first")
        #expect(registry.replacement(named: "hero-1", type: .image) == image("", 5).bytes)
        registry.addGlobalImageAsset(Data([1, 2, 3]), name: "hero-1")
        #expect(registry.replacement(named: "hero-1", type: .image) == Data([1, 2, 3]))
    }

    @Test("a change says which source and which loaded files it affects; removing a source takes its names away")
    func changesNameSourceAndFiles() async throws {
        let registry = AssetRegistry()
        let loaded = try registry.load(path: Self.fixture)
        let brand = Switchable(id: "brand", [])
        await registry.addSource(brand)
        brand.set([image("hero-1", 1), image("logo-9", 2)])
        let update = await registry.sourceContentsChanged(id: "brand")
        #expect(update.failure == nil)
        #expect(update.changes == [
            AssetRegistry.Change(name: "hero-1", type: .image, action: .added, source: "brand", affectedFiles: [Self.fixture]),
            AssetRegistry.Change(name: "logo-9", type: .image, action: .added, source: "brand", affectedFiles: []),
        ])
        #expect(loaded.replacedAssets.map(\.uniqueName) == ["hero-1"])
        brand.set([image("hero-1", 3)])
        #expect(await registry.sourceContentsChanged(id: "brand").changes.map { "\($0.name) \($0.action)" } == ["hero-1 replaced", "logo-9 removed"])
        #expect(registry.removeSource(id: "brand").map { "\($0.name) \($0.action)" } == ["hero-1 removed"])
        #expect(loaded.replacedAssets.isEmpty)
    }

    @Test("a source that fails keeps what it served; the failure is returned and published")
    func failureKeepsContents() async throws {
        let registry = AssetRegistry()
        let cms = Switchable(id: "cms", [image("hero-1", 1)])
        await registry.addSource(cms)
        var failures = registry.sourceFailures().makeAsyncIterator()
        cms.set(nil)
        let update = await registry.sourceContentsChanged(id: "cms")
        #expect(update.changes.isEmpty)
        #expect(update.failure == SourceFailure(sourceID: "cms", message: "cannot read the folder cms: offline"))
        #expect(await failures.next() == update.failure)
        // The source's own error, with its type.
        #expect(update.failure?.underlyingError as? AssetFolder.Problem == .unreadable(path: "cms", reason: "offline"))
        #expect(registry.replacement(named: "hero-1", type: .image) == image("", 1).bytes)
        #expect(await registry.sourceContentsChanged(id: "nope").failure?.message == "no source has this id")
    }

    @Test("an output is rewritten only when its replacements changed; a replacement that goes away brings the original back")
    func outputsFollow() async throws {
        let directory = try TemporaryDirectory()
        let registry = AssetRegistry()
        let loaded = try registry.load(path: Self.fixture)
        let other = try registry.load(bytes: Inputs.oneImage(name: "logo.png", id: 12))
        let output = registry.addOutput(for: loaded, at: directory.url.appendingPathComponent("hero.riv"))
        let untouched = registry.addOutput(for: other, at: directory.url.appendingPathComponent("logo.riv"))
        let brand = Switchable(id: "brand", [])
        await registry.addSource(brand)
        #expect(output.isOutOfDate && registry.updateOutdatedOutputs().count == 2)
        #expect(!output.isOutOfDate && registry.updateOutdatedOutputs().isEmpty)
        let png = Data(Payload.png(50, seed: 9))
        brand.set([SourcedAsset(type: .image, name: "hero-1", bytes: png)])
        await registry.sourceContentsChanged(id: "brand")
        #expect(output.isOutOfDate && !untouched.isOutOfDate)
        let updated = registry.updateOutdatedOutputs()
        #expect(updated.map(\.output.url.lastPathComponent) == ["hero.riv"])
        #expect(try RivFile(contentsOf: output.url).assets[0].embeddedBytes == png)
        brand.set([])
        await registry.sourceContentsChanged(id: "brand")
        try output.update()
        #expect(try Data(contentsOf: output.url) == Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        #expect(registry.outputs.count == 2)
    }

    @Test("a folder source serves a PNG only once it is whole, keeping the version before; a file without an end marker once it settles")
    func wholeFilesOnly() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("brand")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let whole = try #require(try RivFile(path: Self.fixture).assets[0].embeddedBytes)
        let source = FolderAssetSource(url: folder, settleInterval: 0.2)
        try whole.write(to: folder.appendingPathComponent("hero-1.png"))
        #expect(try source.scan().map(\.bytes) == [whole])
        // Half of a newer PNG: the whole one before it is still served.
        let newer = try #require(try RivFile(path: Self.fixture).assets[1].embeddedBytes)
        try newer.prefix(newer.count / 2).write(to: folder.appendingPathComponent("hero-1.png"))
        #expect(try source.scan().map(\.bytes) == [whole])
        #expect(source.nextSettleTime != nil)
        try newer.write(to: folder.appendingPathComponent("hero-1.png"))
        #expect(try source.scan().map(\.bytes) == [newer])
        // An MP3 says nowhere where it ends: it is served once unchanged for the settle interval.
        let mp3 = Data([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0x55, count: 64))
        try mp3.write(to: folder.appendingPathComponent("click-5.mp3"))
        #expect(try source.scan().map(\.name) == ["hero-1"])
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(try source.scan().map(\.name) == ["click-5", "hero-1"])
        // Two files for one asset fail the query.
        try whole.write(to: folder.appendingPathComponent("hero-1.webp"))
        #expect(throws: AssetFolder.Problem.self) { try source.scan() }
    }

    @Test("a file held back at the first look is served by a watch started after its settle time, with no other change in the folder; a file still not served once settled is not waited on")
    func watchStartedLateServesSettledFile() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("brand")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // An MP3 says nowhere where it ends: at the source's first look it is held back until it settles.
        let mp3 = Data([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0x55, count: 64))
        try mp3.write(to: folder.appendingPathComponent("click-5.mp3"))
        let source = FolderAssetSource(url: folder, settleInterval: 0.05)
        let registry = AssetRegistry()
        #expect(registry.addSourceImmediately(source).changes.isEmpty)
        // Loading and writing the outputs takes longer than the settle interval before the watch starts.
        try await Task.sleep(for: .milliseconds(200))
        #expect(source.nextSettleTime != nil, "the held-back file is still waited on once its settle time has passed")
        let watch = source.watch(updating: registry)
        defer { watch.stop() }
        for _ in 0..<400 where registry.replacement(named: "click-5", type: .audio) == nil { try await Task.sleep(for: .milliseconds(25)) }
        #expect(registry.replacement(named: "click-5", type: .audio) == mp3)
        // An empty file is looked at once it has settled, then waits for a change: no look after look.
        try Data().write(to: folder.appendingPathComponent("empty-6.mp3"))
        let empty = FolderAssetSource(url: folder, settleInterval: 0.05)
        _ = try empty.scan()
        try await Task.sleep(for: .milliseconds(100))
        #expect(try empty.scan().map(\.name) == ["click-5"])
        #expect(empty.nextSettleTime == nil)
    }

    @Test("a folder source reads a file's head first: a huge file of no asset format is skipped unread, a huge asset refused unread; a stop gives up a look")
    func boundedReads() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("brand")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let whole = try #require(try RivFile(path: Self.fixture).assets[0].embeddedBytes)
        try whole.write(to: folder.appendingPathComponent("hero-1.png"))
        // 16 GiB, sparse: reading either whole would take the test's memory many times over.
        for (name, head) in [("notes-2.txt", Data("plain text, no asset".utf8)), ("logo-3.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))] {
            let url = folder.appendingPathComponent(name)
            try head.write(to: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 16 << 30)
            try handle.close()
        }
        let source = FolderAssetSource(url: folder, settleInterval: 0)
        let error = try #require(throws: AssetFolder.Problem.self) { try source.scan() }
        #expect(error == .tooLarge(path: folder.appendingPathComponent("logo-3.png").path, size: 16 << 30, limit: AssetFolder.defaultMaximumFileSize))
        #expect(error.description.contains("over the limit of 268435456 bytes"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("logo-3.png"))
        #expect(try source.scan().map(\.name) == ["hero-1"], "the text file is skipped after its first bytes")
        // A limit below the PNG's size refuses it too.
        let strict = FolderAssetSource(url: folder, settleInterval: 0, maximumFileSize: whole.count - 1)
        #expect(throws: AssetFolder.Problem.tooLarge(path: folder.appendingPathComponent("hero-1.png").path, size: whole.count, limit: whole.count - 1)) {
            try strict.scan()
        }
        #expect(throws: AssetFolder.Problem.self) { try AssetFolder(contentsOf: folder, maximumFileSize: whole.count - 1) }
        // A watch being stopped makes a look in progress give up; the next watch looks again.
        source.setAbandoning(true)
        #expect(throws: AssetFolder.Problem.unreadable(path: folder.path, reason: "the watch is stopping")) { try source.scan() }
        source.setAbandoning(false)
        #expect(try source.scan().map(\.name) == ["hero-1"])
    }

    @Test("a folder laid out for Android without its manifest serves the name it spells (kenia_37286.ttf for Kenia-37286), and counts it as matched")
    func androidSpelledFolder() throws {
        let directory = try TemporaryDirectory()
        let brand: [UInt8] = [0x00, 0x01, 0x00, 0x00] + [UInt8](repeating: 0, count: 8)   // a TrueType header of no tables: whole
        _ = try directory.write("kenia_37286.ttf", brand)
        let registry = AssetRegistry()
        registry.addSourceImmediately(FolderAssetSource(url: directory.url, settleInterval: 0))
        let single = try registry.load(bytes: Inputs.file([.font("Kenia.ttf", 37286)]))
        #expect(single.replacement(for: single.file.assets[0]) == Data(brand))
        #expect(single.replacedAssets.map(\.uniqueName) == ["Kenia-37286"])
        // Registered from the folder, the spelled name counts as matched in the report.
        let explicit = AssetRegistry()
        try explicit.addGlobalAssets(inFolder: directory.url)
        let loaded = try explicit.load(bytes: Inputs.file([.font("Kenia.ttf", 37286)]))
        #expect(explicit.matchReport().unmatched.isEmpty && explicit.matchReport().replaced.map(\.uniqueName) == ["Kenia-37286"])
        #expect(loaded.plan.items.count == 1)
    }
}
