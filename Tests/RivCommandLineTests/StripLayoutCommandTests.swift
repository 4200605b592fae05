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

    @Test("usage errors: an unknown layout, android without --kotlin-map, a map or package without android, a package Kotlin refuses",
          arguments: [
            (["--layout", "tvos"], "--layout: 'tvos' is not one of flat, ios, android, web"),
            (["--layout", "android"], "--layout android needs --kotlin-map FILE"),
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
