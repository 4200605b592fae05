import Foundation
import Testing
import RivFormat
import RivTestSupport

/// `riv-assets prune` and `riv-assets swap`, run in-process on the artboard fixture.
@Suite("riv-assets prune and swap")
struct PruneSwapCommandTests {
    private let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    @Test("prune removes the one unused image, says what it saved, and every object keeps its asset")
    func prune() async throws {
        let directory = try TemporaryDirectory()
        let output = directory.path("pruned.riv")
        let result = await InProcess.run(["prune", fixture, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let original = try RivFile(path: fixture)
        let pruned = try RivFile(path: output)
        let saved = original.byteCount - pruned.byteCount
        #expect(result.stdout.hasPrefix("\(fixture) -> \(output): 1 unused asset removed, "), "\(result.stdout)")
        #expect(result.stdout.contains("(\(saved) B saved)\n  unused-3 (image, 82 B)\n"), "\(result.stdout)")
        #expect(pruned.assets.map(\.uniqueName) == ["hero-1", "badge-2", "Inter-4", "click-5"])
        #expect(pruned.referencersByAsset.map { $0.map(\.name) } == [["hero"], ["badge", "thumb"], ["Body"], ["click"]])
        #expect(pruned.referencersByAsset.flatMap { $0.map(\.objectIndex) } == original.referencersByAsset.flatMap { $0.map(\.objectIndex) })

        let again = await InProcess.run(["prune", output, "--in-place"])
        #expect(again.status == 0 && again.stderr.isEmpty)
        #expect(again.stdout == "\(output): unchanged (every asset is in use)\n")
    }

    @Test("prune --json and --dry-run report without writing; a refusal names the cause and the option")
    func pruneResult() async throws {
        let directory = try TemporaryDirectory()
        let output = directory.path("pruned.riv")
        let result = await InProcess.run(["prune", fixture, "-o", output, "--dry-run", "--json"])
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: output))
        let report = try jsonObject(result.stdout)
        let files = try #require(report["files"] as? [[String: Any]])
        let removed = try #require(files.first?["removed"] as? [[String: Any]])
        #expect(removed.map { "\($0["asset"] ?? "")/\($0["type"] ?? "")/\($0["bytes"] ?? "")" } == ["unused-3/image/82"])
        #expect(report["dryRun"] as? Bool == true)

        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("spare")), (Schema.PropertyKey.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: Schema.TypeKey.viewModelInstanceAssetImage, properties: [])
        let bound = try directory.write("bound.riv", encoder.bytes)
        let refused = await InProcess.run(["prune", bound, "-o", directory.path("bound-pruned.riv")])
        #expect(refused.status == 1)
        #expect(refused.stderr == "riv-assets: \(bound): unused assets were kept, because the file binds data to assets (1 ViewModelInstanceAssetImage) (use --skip-checks to remove them anyway)\n")
        #expect(await InProcess.run(["prune", bound, "-o", directory.path("bound-pruned.riv"), "--force"]).status == 1, "--force only overwrites")
        #expect(await InProcess.run(["prune", bound, "-o", directory.path("bound-pruned.riv"), "--skip-checks"]).status == 0)
        #expect(try RivFile(path: directory.path("bound-pruned.riv")).assets.isEmpty)
    }

    @Test("swapping an embedded image with a hosted one says where each one's contents are now")
    func swapEmbeddedWithHosted() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.file([.image("cat", 45019, Payload.png(40)),
                                                                 .image("sky", 7, nil, cdnUUID: Array(repeating: 0xAB, count: 16))]))
        let output = directory.path("out.riv")
        let result = await InProcess.run(["swap", input, "cat-45019", "sky-7", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("cat-45019 now holds the other's hosted (CDN) contents"), "\(result.stdout)")
        #expect(result.stdout.contains("sky-7 now holds 48 B embedded"), "\(result.stdout)")
        let swapped = try RivFile(path: output)
        #expect(swapped.assets.map(\.location) == [.hosted, .embedded])
    }

    @Test("swap exchanges two images' contents by name; the rest of the file is as it was")
    func swapAssets() async throws {
        let directory = try TemporaryDirectory()
        let output = directory.path("swapped.riv")
        let result = await InProcess.run(["swap", fixture, "hero.png", "badge-2", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(fixture) -> \(output): swapped\n  hero-1 now holds 120 B embedded\n  badge-2 now holds 268 B embedded\n")
        let original = try RivFile(path: fixture)
        let swapped = try RivFile(path: output)
        #expect(swapped.byteCount == original.byteCount)
        #expect(swapped.assets.map(\.uniqueName) == original.assets.map(\.uniqueName))
        #expect(swapped.assets[0].pixelSize == original.assets[1].pixelSize && swapped.assets[1].pixelSize == original.assets[0].pixelSize)
        #expect(swapped.assets[0].width == 4 && swapped.assets[1].width == 8)
        #expect(swapped.assets[2...].map(\.contentHash) == original.assets[2...].map(\.contentHash))

        let unknown = await InProcess.run(["swap", fixture, "hero-1", "logo", "-o", directory.path("x.riv")])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no asset is named 'logo'; give one of: hero-1, badge-2, unused-3, Inter-4, click-5"), "\(unknown.stderr)")
        let mixed = await InProcess.run(["swap", fixture, "hero-1", "Inter-4", "-o", directory.path("x.riv")])
        #expect(mixed.status == 1 && mixed.stderr.contains("different types"), "\(mixed.stderr)")
        expectUsageError(await InProcess.run(["swap", fixture, "hero-1", "-o", directory.path("x.riv")]), of: "swap", saying: "give FILE NAME_A NAME_B")
    }

    @Test("swap --objects makes two images trade assets; --json says who shows what")
    func swapObjects() async throws {
        let directory = try TemporaryDirectory()
        let output = directory.path("swapped.riv")
        let result = await InProcess.run(["swap", fixture, "Main/hero", "thumb", "--objects", "-o", output, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        #expect((report["files"] as? [[String: Any]])?.first?["objects"] as? [[String: AnyHashable]] == [
            ["artboard": "Main", "type": "Image", "name": "hero", "before": "hero-1", "after": "badge-2"],
            ["artboard": "Card", "type": "Image", "name": "thumb", "before": "badge-2", "after": "hero-1"],
        ])
        let swapped = try RivFile(path: output)
        #expect(swapped.referencersByAsset.map { $0.map(\.name) } == [["thumb"], ["hero", "badge"], [], ["Body"], ["click"]])
    }
}
