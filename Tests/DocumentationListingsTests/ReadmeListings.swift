import Foundation
import RivAssetRegistry
import RivAssetsKit
import RivFormat
import RivHostedAssets

/// The Swift listings of README.md that use only this package, as regions
/// (`Scripts/check-doc-listings.py` matches each README listing, its import
/// lines aside, with one of them): compiled with the tests, so a listing that
/// no longer matches the API fails the build. They name files of the reader's
/// project (`hero.riv`, `Brand.ttf`), so they are compiled, not run; the
/// articles' listings, which run, cover the same calls.
enum ReadmeListings {
    /// "The libraries": one command as a function over a typed request.
    static func replaceAcrossFiles() throws {
        // listing: readme-replace
        let result = try AssetOperations.replace(ReplaceRequest(
            inputs: ["hero.riv", "menu.riv"], destination: .path("out/"),
            replacements: [.init(type: .font, name: "Inter-102113", path: "Brand.ttf")]))
        for failure in result.failures { print(failure.path, failure.message) }
        print("matched nothing:", result.unmatched)
        // end listing
    }

    /// "The libraries": hosted assets through the transport that ships.
    static func fetchHostedAssets() async throws {
        // listing: readme-hosted-assets
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 30),
                                         cache: try HostedAssetCache(),      // the platform's caches folder
                                         configuration: .init(retry: .exponential(retries: 3)))
        let file = try RivFile(path: "hero.riv")
        let registry = AssetRegistry()
        for failure in await fetcher.registerHostedAssets(of: [file], in: registry) {
            print(failure)          // logo-6: https://public.rive.app/cdn/uuid/…: HTTP 404 after 1 attempt
        }
        let bytes = fetcher.cacheLocation.cachedData(for: file.assets[0])   // synchronous, never the network (a widget too)
        // end listing
        _ = bytes
    }

    /// "The libraries": hosted assets through the app's own client.
    static func ownTransport(client: MyHTTPClient) throws {
        // listing: readme-own-transport
        struct GatewayTransport: HostedAssetHTTPClient {
            let client: MyHTTPClient
            func send(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
                do {
                    let reply = try await client.send(request.method.rawValue, request.url,
                                                      headers: request.headers.merging(["X-Team": "brand"]) { $1 }, body: request.body)
                    return HostedAssetResponse(body: .data(reply.body), status: reply.status, headers: reply.headers)
                } catch MyHTTPClient.Error.offline {
                    throw HostedAssetTransportError.connectionFailed("offline")
                }
            }
        }
        let mirror = HostedAssetFetcher(transport: GatewayTransport(client: client), cache: try HostedAssetCache(),
                                        configuration: .init(baseURLOverride: "https://assets.example.com/rive"))
        // end listing
        _ = mirror
    }

    /// "The libraries": the format and the registry underneath.
    static func formatAndRegistry(newLogo: Data, brandFont: Data) throws {
        // listing: readme-format-and-registry
        let file = try RivFile(path: "hero.riv")
        for asset in file.assets {
            print(asset.uniqueName, asset.type, asset.location, asset.detectedFormat ?? .unknown)
        }

        var editor = RivEditor(file)
        try editor.embed(newLogo, in: file.assets[0])      // replace, or embed a referenced/hosted asset
        try editor.write(to: URL(fileURLWithPath: "hero-new.riv"))   // temporary file, then rename

        let registry = AssetRegistry()                     // global replacements by uniqueName
        registry.addGlobalFontAsset(brandFont, name: "Inter-*")      // an exact name or a pattern
        for name in ["hero.riv", "menu.riv"] {             // registered ahead: applies to every file loaded later
            try registry.load(path: name).write(to: URL(fileURLWithPath: "branded/" + name))
        }
        print(registry.matchResult())                      // hero.riv: font Inter-102113 ...
        // end listing
    }

    /// "The libraries": sources whose contents change.
    static func changingSources() throws {
        // listing: readme-changing-sources
        let registry = AssetRegistry()
        let brand = FolderAssetSource(url: URL(fileURLWithPath: "brand"))
        registry.addSourceImmediately(brand)                       // or: await registry.addSource(cmsSource)
        let output = registry.addOutput(for: try registry.load(path: "hero.riv"), at: URL(fileURLWithPath: "build/hero.riv"))
        try output.update()
        let watch = brand.watch(updating: registry) { _ in        // inotify / kqueue; idle costs no CPU
            _ = registry.updateOutdatedOutputs()                    // only outputs whose replacements changed
        }
        // end listing
        _ = watch
    }
}

/// The reader's own HTTP client of README's transport listing: what the listing calls of it.
struct MyHTTPClient: Sendable {
    /// A reply.
    struct Reply {
        let body: Data
        let status: Int
        let headers: [String: String]
    }

    /// Why a request failed.
    enum Error: Swift.Error {
        case offline
    }

    func send(_ method: String, _ url: URL, headers: [String: String], body: Data?) async throws -> Reply {
        Reply(body: Data(), status: headers.isEmpty ? 404 : 200, headers: [:])
    }
}
