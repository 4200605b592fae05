import Foundation
import RivFormat
import RivAssetRegistry
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
            print(registry.matchResult())   // what each name replaced; names that replaced nothing, with a did-you-mean
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
}
