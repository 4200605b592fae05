import Foundation
import RivAssetRegistry
import RivAssetsKit
import RivFormat
import RivHostedAssets
import RivTestSupport
import Testing

/// The code of the article "Shipping stripped assets to an app" (RivAssetsKit).
@Suite("Documentation: shipping stripped assets to an app")
struct ShippingAssetsListings {
    @Test("strip for each platform, then register every font under each name the manifest says it serves", arguments: [PlatformLayout.ios, .android])
    func stripThenRegister(layout: PlatformLayout) async throws {
        let directory = try TemporaryDirectory()
        let font = Payload.ttf(64, seed: 5)
        let home = try directory.write("home.riv", Inputs.file([.font("Inter", 1, font)]))
        let menu = try directory.write("menu.riv", Inputs.file([.font("Inter Tight", 1, font)]))
        let app = directory.path("app")
        // listing: shipping-strip
        func stripFonts(of animations: [String], into app: String, layout: PlatformLayout) throws -> Bool {
            let android = layout == .android
            let result = try AssetOperations.strip(StripRequest(
                inputs: animations.map(RequestInput.path),
                assetsFolder: app + (android ? "/res/raw" : "/Fonts"),
                destination: .path(app + "/Animations/"),
                types: AssetTypeFilter(categories: [.font]),
                conflicts: .largest, dedupe: true, layout: layout,
                kotlinMap: android ? app + "/RiveAssetNames.kt" : nil, kotlinPackage: android ? "com.example.app" : nil))
            for failure in result.failures {
                print("\(failure.path): \(failure.message)")
            }
            return result.failures.isEmpty && result.manifestError == nil && result.kotlinMapError == nil
        }
        // end listing
        #expect(try stripFonts(of: [home, menu], into: app, layout: layout))
        // listing: shipping-register
        func registerFonts(in folder: URL, register: (Data, [String]) async throws -> Void) async throws {
            for (_, manifest) in try AssetManifest.read(in: folder) {
                for entry in manifest.files {
                    let bytes = try Data(contentsOf: folder.appendingPathComponent(entry.file))
                    try await register(bytes, entry.assets)
                }
            }
        }
        // end listing
        var registered: [String: Data] = [:]
        try await registerFonts(in: URL(fileURLWithPath: app + (layout == .android ? "/res/raw" : "/Fonts"))) { bytes, names in
            for name in names { registered[name] = bytes }
        }
        // One file for the two names: their bytes are the same.
        #expect(registered == ["Inter-1": Data(font), "Inter Tight-1": Data(font)])
        #expect(directory.exists("app/RiveAssetNames.kt") == (layout == .android))
    }

    @Test("host through the app's transport: every upload sent under the file's uuid, the unused one deleted")
    func hostThroughTheAppsTransport() async throws {
        let directory = try TemporaryDirectory()
        let home = try directory.write("home.riv", Inputs.file([.image("logo.png", 1, Payload.png(300, seed: 1))]))
        let transport = MemoryTransport()
        let fetcher = HostedAssetFetcher(transport: transport, cache: try HostedAssetCache(directory: directory.url.appendingPathComponent("cache")))
        // listing: shipping-host
        func publish(_ animations: [String], into app: String, through fetcher: HostedAssetFetcher, staging: String) async throws -> Bool {
            let result = try await AssetOperations.host(
                HostRequest(inputs: animations.map(RequestInput.path), baseURL: "https://assets.example.com/rive",
                            destination: .path(app + "/Animations/"), uploadFolder: staging, overwrite: true),
                uploadingThrough: fetcher, deletingUnused: true)
            for failure in result.inputFailures {
                print("\(failure.path): \(failure.message)")
            }
            print("uploaded", result.uploaded.count, "deleted", result.deletedUploads.count)
            return result.inputFailures.isEmpty
        }
        // end listing
        #expect(try await publish([home], into: directory.path("app"), through: fetcher, staging: directory.path("upload")))
        _ = try directory.write("home.riv", Inputs.file([.image("logo.png", 1, Payload.png(300, seed: 2))]))
        #expect(try await publish([home], into: directory.path("app"), through: fetcher, staging: directory.path("upload")))
        let hosted = try RivFile(path: directory.path("app/Animations/home.riv"))
        #expect(transport.contents.keys.sorted() == [try #require(hosted.assets[0].cdn?.uuid)], "the first logo was deleted")
    }
}
