import Foundation
import RivFormat
import RivAssetRegistry
import RivTestSupport
import Testing

/// The code of the article "Replacing assets across files" (RivFormat).
@Suite("Documentation: replacing assets across files")
struct GlobalReplacementListings {
    @Test("a global image registered by unique name is embedded in every file loaded through the registry")
    func globalRegistration() throws {
        let folder = try ListingFolder()
        let newLogo = folder.newLogo
        // listing: global-registration
        func brand(_ animations: [URL], with newLogo: Data, into output: URL) throws {
            let registry = AssetRegistry()
            registry.addGlobalImageAsset(newLogo, name: "logo-12")   // registered ahead, as with Rive's Worker
            for animation in animations {
                let file = try registry.load(contentsOf: animation)
                try file.write(to: output.appendingPathComponent(animation.lastPathComponent))
            }
            print(registry.matchReport())   // what each name replaced; names that replaced nothing, with a did-you-mean
        }
        // end listing
        let hero = folder.url.appendingPathComponent("hero.riv")
        let output = folder.url.appendingPathComponent("branded")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try brand([hero], with: newLogo, into: output)
        let written = try RivFile(contentsOf: output.appendingPathComponent("hero.riv"))
        #expect(written.asset(named: "logo-12")?.embeddedBytes == newLogo)
    }

    @Test("a closure source serves what its closure returns, and the registry publishes each change")
    func closureSource() async throws {
        let folder = try ListingFolder()
        let newLogo = folder.newLogo
        // listing: closure-source
        let registry = AssetRegistry()
        let cms = ClosureAssetSource(id: "cms") {
            [SourcedAsset(type: .image, name: "logo-*", bytes: newLogo)]
        }
        let update = await registry.addSource(cms)
        for change in update.changes {
            print(change.type, change.name, change.action)
        }
        // end listing
        #expect(update.failure == nil)
        let hero = try registry.load(path: folder.url.appendingPathComponent("hero.riv").path)
        #expect(registry.replacement(named: "logo-12", type: .image) == newLogo)
        _ = hero
    }

    @Test("the listing keeps an output in step with a folder: a new logo is written through, a removed one puts the original back")
    func folderInStep() async throws {
        let folder = try ListingFolder()
        let hero = folder.url.appendingPathComponent("hero.riv")
        let output = folder.url.appendingPathComponent("hero-brand.riv")
        let brand = folder.url.appendingPathComponent("brand")
        // listing: folder-in-step
        func keepInStep(_ animation: URL, with brand: URL, writingTo path: URL) throws -> FolderWatch {
            let registry = AssetRegistry()
            let source = FolderAssetSource(url: brand)
            registry.addSourceImmediately(source)                  // brand/logo-12.png replaces logo-12
            let output = registry.addOutput(for: try registry.load(contentsOf: animation), at: path)
            try output.update()                                    // written with the folder's files
            return source.watch(updating: registry) { _ in         // the closure keeps the output until stop()
                do { try output.update() } catch { print(error) }  // rewritten only when its replacements changed
            }
        }
        // end listing
        let watch = try keepInStep(hero, with: brand, writingTo: output)
        defer { watch.stop() }
        func logo() -> Data? { (try? RivFile(contentsOf: output))?.asset(named: "logo-12")?.embeddedBytes }
        /// Waits (a bounded number of looks) until the output's logo is `expected`.
        func settle(on expected: Data?) async throws -> Bool {
            for _ in 0..<2400 where logo() != expected { try await Task.sleep(for: .milliseconds(25)) }
            return logo() == expected
        }
        #expect(try await settle(on: folder.newLogo), "the folder's logo is in the first write")
        let newer = Data(Payload.flatGreyPNG(width: 8, height: 8))
        try newer.write(to: brand.appendingPathComponent("logo-12.png"))
        #expect(try await settle(on: newer), "a new file in the folder is written through")
        let original = try RivFile(contentsOf: hero).asset(named: "logo-12")?.embeddedBytes
        try FileManager.default.removeItem(at: brand.appendingPathComponent("logo-12.png"))
        #expect(try await settle(on: original), "a removed file puts the original back")
    }
}
