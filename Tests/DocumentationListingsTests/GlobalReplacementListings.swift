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
        let registry = AssetRegistry()
        registry.addGlobalImageAsset(newLogo, name: "logo-12")
        let hero = try registry.load(path: folder.url.appendingPathComponent("hero.riv").path)
        try hero.write(to: folder.url.appendingPathComponent("hero-brand.riv"))
        // end listing
        let written = try RivFile(contentsOf: folder.url.appendingPathComponent("hero-brand.riv"))
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
