import Foundation
import Testing
import RivTestSupport

/// `riv-assets strip --layout`, run in-process.
@Suite("riv-assets strip --layout")
struct StripLayoutCommandTests {
    @Test("--layout android writes resource names, the manifest and the Kotlin map, and says where the map went")
    func android() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("menu.riv", Inputs.file([.font("Indie Flower", 3, Payload.ttf(40)), .font("fa-solid-900", 4, Payload.ttf(50))]))
        let result = await InProcess.run(["strip", input, "--type", "font", "--assets-out", directory.path("res/raw"), "-o", directory.path("out/"),
                                    "--layout", "android", "--kotlin-map", directory.path("gen/RiveAssetNames.kt"), "--kotlin-package", "com.example.app"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("res/raw") == ["fa_solid_900_4.ttf", "indie_flower_3.ttf", "riv_assets_manifest.json"])
        #expect(result.stdout.contains("Kotlin map: \(directory.path("gen/RiveAssetNames.kt"))"), "\(result.stdout)")
        let map = try String(contentsOfFile: directory.path("gen/RiveAssetNames.kt"), encoding: .utf8)
        #expect(map.contains("package com.example.app\n") && map.contains("m[\"Indie Flower-3.ttf\"] = \"indie_flower_3\""), "\(map)")
    }

    @Test("usage errors: an unknown layout, a map or package without android, a package Kotlin refuses",
          arguments: [
            (["--layout", "tvos"], "--layout: 'tvos' is not one of flat, ios, android, web, flutter"),
            (["--layout", "ios", "--kotlin-map", "Map.kt"], "--kotlin-map and --kotlin-package apply to --layout android only"),
            (["--layout", "android", "--kotlin-map", "Map.kt", "--kotlin-package", "com.class"], "the package 'com.class' must be dot-separated Kotlin identifiers"),
          ])
    func usageErrors(extra: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("menu.riv", Inputs.file([.font("Inter", 3, Payload.ttf(40))]))
        let result = await InProcess.run(["strip", input, "--assets-out", directory.path("raw"), "-o", directory.path("out/")] + extra)
        #expect(result.status == 64 && result.stderr.contains(message), "\(result.status) \(result.stderr)")
        #expect(!directory.exists("raw") && !directory.exists("out/menu.riv"))
    }

    @Test("--layout android without --kotlin-map: the stripped .riv files take resource names too, in the assets' scope; the result, JSON and manifest carry them")
    func androidRivNames() async throws {
        let directory = try TemporaryDirectory()
        let demo = try directory.write("Layouts Demo.riv", Inputs.file([.font("Inter", 3, Payload.ttf(40))]))
        let fallback = try directory.write("2-fallback.riv", Inputs.file([.font("Inter", 3, Payload.ttf(40))]))
        let raw = directory.path("res/raw") + "/"
        let result = await InProcess.run(["strip", demo, fallback, "--type", "font", "--assets-out", raw, "-o", raw, "--layout", "android", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("res/raw") == ["asset_2_fallback.riv", "inter_3.ttf", "layouts_demo.riv", "riv_assets_manifest.json"])
        #expect(result.stdout.contains("layouts_demo.riv\"") && result.stdout.contains("Layouts Demo.riv is no Android resource name: written as layouts_demo.riv (R.raw.layouts_demo)"),
                "\(result.stdout)")
        let manifest = try String(contentsOfFile: directory.path("res/raw/riv_assets_manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"layouts_demo.riv\"") && manifest.contains("\"asset_2_fallback.riv\""), "\(manifest)")
        let named = await InProcess.run(["strip", demo, "--type", "font", "--assets-out", directory.path("raw2"), "-o", directory.path("raw2/Layouts Demo.riv"), "--layout", "android"])
        #expect(named.status != 0 && named.stderr.contains("name the output layouts_demo.riv"), "\(named.stderr)")
        #expect(!directory.exists("raw2"))
    }

    @Test("given relative paths, strip prints every path it wrote the same way: absolute, the Kotlin map's too")
    func pathsPrintedAlike() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("menu.riv", Inputs.file([.font("Inter", 3, Payload.ttf(40))]))
        let result = try await RivAssets.run(["strip", "menu.riv", "--assets-out", "raw", "-o", "out/", "--layout", "android", "--kotlin-map", "gen/Map.kt"],
                                             in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        let root = directory.url.resolvingSymlinksInPath().path
        for line in ["menu.riv -> \(root)/out/menu.riv", "\(root)/raw/inter_3.ttf", "manifest: \(root)/raw/riv_assets_manifest.json", "Kotlin map: \(root)/gen/Map.kt"] {
            #expect(result.stdout.contains(line), "\(line) in \(result.stdout)")
        }
    }

    @Test("--layout ios writes the runtime's names, as without --layout")
    func ios() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("menu.riv", Inputs.file([.font("Indie Flower", 3, Payload.ttf(40))]))
        let result = await InProcess.run(["strip", input, "--assets-out", directory.path("fonts"), "-o", directory.path("out/"), "--layout", "ios", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("fonts") == ["Indie Flower-3.ttf"])
        #expect(result.stdout.contains("\"layout\" : \"ios\"") || result.stdout.contains("\"layout\":\"ios\""), "\(result.stdout)")
    }
}
