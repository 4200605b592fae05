import Foundation
import Testing
import RivAssetRegistry
import RivAssetsKit
import RivFormat
import RivHostedAssets
import RivTestSupport

/// `strip` / `extract --layout`: the names each app's folder gets, the Android
/// map, and every folder reader finding the assets again through the manifest.
@Suite("Platform layouts")
struct PlatformLayoutTests {
    /// The corpus files that embed a font, sorted by path; empty when the corpus is absent.
    static let fontFiles: [String] = SharedData.corpusFiles().map(\.path).filter { path in
        guard let file = try? RivFile(contentsOf: URL(fileURLWithPath: path)) else { return false }
        return file.assets.contains { $0.type == .font && $0.location == .embedded }
    }

    /// Whether `name` is a valid Android file-based resource name: lower-case
    /// ASCII letters, digits and `_` before the extension, starting with a letter.
    static func isAndroidResourceName(_ name: String) -> Bool {
        let stem = AssetFileName.stem(ofFileNamed: name)
        let allowed: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        guard let first = stem.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return stem.unicodeScalars.allSatisfy(allowed) && name.dropFirst(stem.count).unicodeScalars.allSatisfy { allowed($0) || $0 == "." }
    }

    /// The keys and values of the `m["KEY"] = "VALUE"` lines of the generated functions named `prefix<N>`.
    static func mapLines(_ source: String, function prefix: String) -> [String: String] {
        var result: [String: String] = [:]
        var inside = false
        for line in source.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("private fun ") { inside = trimmed.hasPrefix("private fun \(prefix)") }
            guard inside, trimmed.hasPrefix("m[\""), let split = trimmed.range(of: "\"] = \"") else { continue }
            result[String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 3)..<split.lowerBound])] = String(trimmed[split.upperBound...].dropLast())
        }
        return result
    }

    static func offlineFetcher(_ directory: TemporaryDirectory) throws -> HostedAssetFetcher {
        HostedAssetFetcher(transport: URLSessionTransport(timeout: 1),
                           cache: try HostedAssetCache(directory: URL(fileURLWithPath: directory.path("cache"))), configuration: .init(offline: true))
    }

    @Test("every layout on the corpus files with fonts: the names the platform takes, a manifest and map covering every file, and embed --assets, verify --assets and the registry finding every asset, the files restored byte for byte",
          arguments: PlatformLayout.allCases)
    func corpusRoundTrip(layout: PlatformLayout) async throws {
        guard !Self.fontFiles.isEmpty else {
            print(SharedData.skipMessage)
            return
        }
        let directory = try TemporaryDirectory()
        // Per-file copies and dedupe: every way of naming a file is met on the real files.
        let request = StripRequest(inputs: Self.fontFiles.map(RequestInput.path), assetsFolder: directory.path("assets"), destination: .path(directory.path("stripped")),
                                   types: AssetTypeFilter(categories: [.font]), conflicts: .perFile, dedupe: true, layout: layout,
                                   kotlinMap: layout == .android ? directory.path("gen/RiveAssetNames.kt") : nil)
        let report = try AssetOperations.strip(request)
        #expect(report.failures.isEmpty && report.manifestError == nil && report.kotlinMapError == nil, "\(report.failures)")
        let written = Set(report.stripped.map { URL(fileURLWithPath: $0.file).lastPathComponent })
        let manifestName = layout == .android ? AssetManifest.androidFileName : AssetManifest.fileName
        #expect(Set(directory.entries("assets")) == written.union([manifestName]))
        // The manifest lists every file with every name it serves.
        let manifest = try JSONDecoder().decode(AssetManifest.self, from: Data(contentsOf: URL(fileURLWithPath: directory.path("assets/" + manifestName))))
        #expect(Set(manifest.files.map(\.file)) == written)
        #expect(Set(manifest.files.flatMap(\.assets)) == Set(report.stripped.map(\.asset)))
        switch layout {
        case .android:
            for name in directory.entries("assets") { #expect(Self.isAndroidResourceName(name), "\(name)") }
            let stems = directory.entries("assets").map { AssetFileName.stem(ofFileNamed: $0).lowercased() }
            #expect(Set(stems).count == stems.count, "two files share a resource name: \(stems)")
            let source = try String(contentsOfFile: directory.path("gen/RiveAssetNames.kt"), encoding: .utf8)
            let resources = Self.mapLines(source, function: "resources"), byRuntimeName = Self.mapLines(source, function: "uniqueFilenames")
            // Every asset is in the map, under a resource of a file serving it (per-file copies: the first input's).
            for asset in report.stripped {
                let servingIt = Set(manifest.files.filter { $0.assets.contains(asset.asset) }.map { AssetFileName.stem(ofFileNamed: $0.file) })
                #expect(byRuntimeName[asset.uniqueFilename].map(servingIt.contains) == true, "\(asset.uniqueFilename)")
                #expect(resources[asset.asset].map(servingIt.contains) == true, "\(asset.asset)")
            }
            #expect(Set(resources.keys) == Set(report.stripped.map(\.asset)))
        case .ios, .web, .flutter, .flat:
            // The runtime's names, a per-file copy's `@INPUT`, or a file the manifest shares.
            for asset in report.stripped {
                let file = URL(fileURLWithPath: asset.file).lastPathComponent
                #expect(file.hasPrefix(asset.asset) || manifest.files.contains { $0.file == file && $0.assets.contains(asset.asset) }, "\(asset.asset) -> \(file)")
            }
        }
        // Every folder reader finds every asset.
        let verify = try AssetOperations.verify(VerifyRequest(inputs: report.files.map(\.output!).map(RequestInput.path), assetsFolder: directory.path("assets")))
        #expect(verify.files.allSatisfy { !$0.findings.contains { $0.code == "asset-missing" } }, "\(verify.files.flatMap(\.findings).filter { $0.code == "asset-missing" })")
        let folder = try AssetFolder(contentsOf: URL(fileURLWithPath: directory.path("assets")))
        let perInput = Set(folder.perInputEntries.map(\.name))
        for asset in report.stripped where !perInput.contains(asset.asset) {
            #expect(folder.entry(for: asset.asset, type: .font) != nil, "\(asset.asset)")
        }
        let embedded = try await AssetOperations.embed(EmbedRequest(inputs: report.files.map(\.output!).map(RequestInput.path), destination: .path(directory.path("restored")),
                                                                    assetsFolder: directory.path("assets"), fetcher: try Self.offlineFetcher(directory)))
        #expect(embedded.failures.isEmpty, "\(embedded.failures)")
        for original in Self.fontFiles {
            let name = URL(fileURLWithPath: original).lastPathComponent
            #expect(try directory.bytes("restored/" + name) == Array(Data(contentsOf: URL(fileURLWithPath: original))), "\(name) restored with other bytes")
        }
    }

    @Test("extract --layout android on corpus files: one folder per input, valid names, one nested map object per folder covering every file")
    func extractAndroid() async throws {
        let inputs = Array(Self.fontFiles.prefix(3))
        guard inputs.count == 3 else {
            print(SharedData.skipMessage)
            return
        }
        let directory = try TemporaryDirectory()
        let report = try await AssetOperations.extract(ExtractRequest(inputs: inputs.map(RequestInput.path), outputFolder: directory.path("out"), types: AssetTypeFilter(categories: [.font]),
                                                                      layout: .android, kotlinMap: directory.path("Map.kt"), kotlinPackage: "com.example.app"))
        #expect(report.failures.isEmpty && report.kotlinMapError == nil, "\(report.failures)")
        let source = try String(contentsOfFile: directory.path("Map.kt"), encoding: .utf8)
        #expect(source.contains("package com.example.app\n"))
        #expect(source.components(separatedBy: "    object ").count - 1 == 3, "\(source)")
        for outcome in report.files {
            let files = outcome.detail?.extracted ?? []
            #expect(!files.isEmpty)
            for file in files {
                let name = URL(fileURLWithPath: file.file).lastPathComponent
                #expect(Self.isAndroidResourceName(name) && source.contains("m[\"\(file.uniqueFilename)\"] = \"\(AssetFileName.stem(ofFileNamed: name))\""), "\(name)")
            }
            #expect(outcome.detail?.manifest?.hasSuffix("/" + AssetManifest.androidFileName) == true)
        }
    }

    @Test("ios and web name extracted files with the runtime's extension whatever the bytes; flat keeps the real format")
    func runtimeExtension() async throws {
        let directory = try TemporaryDirectory()
        // OTF bytes in a font: the runtime looks for `.ttf`.
        var otf = Payload.ttf(64, seed: 3)
        otf.replaceSubrange(0..<4, with: Array("OTTO".utf8))
        let input = try directory.write("a.riv", Inputs.file([.font("Brand Sans", 5, otf)]))
        for layout in PlatformLayout.allCases where layout != .android {
            let report = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path(layout.rawValue), layout: layout))
            #expect(report.failures.isEmpty, "\(report.failures)")
            #expect(directory.entries(layout.rawValue) == [layout == .flat ? "Brand Sans-5.otf" : "Brand Sans-5.ttf"], "\(layout)")
        }
    }

    @Test("hostile names: valid, distinct Android names and a Kotlin map that compiles, whatever the unique names hold")
    func hostileNames() async throws {
        let directory = try TemporaryDirectory()
        let names = ["class", "Inter", "inter", "1x", "héllo wörld", "\"$quote\\", "😀", "", "a/b", "Inter_3", "Inter-3", "riv_assets_manifest", "_"]
        let assets = names.enumerated().map { TestAsset.font($0.element, UInt64($0.offset + 1), Payload.ttf(64, seed: UInt8($0.offset))) }
        let input = try directory.write("hostile.riv", Inputs.file(assets))
        // An image whose flat name differs from a font's by its extension only: `R.raw` drops it.
        let second = try directory.write("second.riv", Inputs.file([.font("x", 1, Payload.ttf(64, seed: 99)), .image("Inter", 2, Payload.png(64, seed: 9))]))
        let report = try AssetOperations.strip(StripRequest(inputs: [.path(input), .path(second)], assetsFolder: directory.path("raw"), destination: .path(directory.path("out")),
                                                            layout: .android, kotlinMap: directory.path("RiveAssetNames.kt")))
        #expect(report.failures.isEmpty && report.kotlinMapError == nil, "\(report.failures) \(String(describing: report.kotlinMapError))")
        let entries = directory.entries("raw")
        #expect(entries.count == names.count + 3)
        for name in entries { #expect(Self.isAndroidResourceName(name), "\(name)") }
        let stems = entries.map { AssetFileName.stem(ofFileNamed: $0) }
        #expect(Set(stems).count == stems.count, "\(stems)")
        #expect(entries.contains("class_1.ttf") && entries.contains("asset_1x_4.ttf") && entries.contains("inter_3.ttf")
                && entries.contains("inter_2.ttf") && entries.contains("inter_2_png.png"), "\(entries.sorted())")
        // embed finds every asset again through the manifest.
        let back = try await AssetOperations.embed(EmbedRequest(inputs: [.path(directory.path("out/hostile.riv")), .path(directory.path("out/second.riv"))],
                                                                destination: .path(directory.path("back")),
                                                                assetsFolder: directory.path("raw"), fetcher: try Self.offlineFetcher(directory)))
        #expect(back.failures.isEmpty, "\(back.failures)")
        #expect(try directory.bytes("back/hostile.riv") == directory.bytes("hostile.riv") && directory.bytes("back/second.riv") == directory.bytes("second.riv"))
        let source = try String(contentsOfFile: directory.path("RiveAssetNames.kt"), encoding: .utf8)
        let byRuntimeName = Self.mapLines(source, function: "uniqueFilenames")
        #expect(Set(byRuntimeName.values) == Set(stems).subtracting([AssetFileName.stem(ofFileNamed: AssetManifest.androidFileName)]))
        #expect(byRuntimeName["Inter-2.ttf"] == "inter_2" && byRuntimeName["Inter-2.png"] == "inter_2_png")
        guard GeneratedCodeCompiler.kotlin.isPresent else {
            print(GeneratedCodeCompiler.kotlin.skipMessage)
            return
        }
        let use = source + """

            fun main() {
                val lookup: kotlin.String? = RiveAssetNames.resourceFor("class-1.ttf") ?: RiveAssetNames.resources["class-1"]
                kotlin.io.println(lookup + RiveAssetNames.CLASS_1 + RiveAssetNames.files.size)
            }

            """
        let problems = try GeneratedCodeCompiler.kotlin.check(use, named: "RiveAssetNames", in: directory)
        #expect(problems == nil, "\(problems ?? "")")
    }

    @Test("--prefer per-file copies: embed gives each input its own copy through the manifest; the registry serves the name from none")
    func perFileCopies() async throws {
        let directory = try TemporaryDirectory()
        let a = try directory.write("a.riv", Inputs.file([.font("Inter", 7, Payload.ttf(64, seed: 1))]))
        let b = try directory.write("b.riv", Inputs.file([.font("Inter", 7, Payload.ttf(96, seed: 2))]))
        let report = try AssetOperations.strip(StripRequest(inputs: [.path(a), .path(b)], assetsFolder: directory.path("fonts"), destination: .path(directory.path("out")),
                                                            conflicts: .perFile))
        #expect(report.failures.isEmpty && directory.entries("fonts") == ["Inter-7@a.ttf", "Inter-7@b.ttf", AssetManifest.fileName], "\(directory.entries("fonts"))")
        let back = try await AssetOperations.embed(EmbedRequest(inputs: [.path(directory.path("out/a.riv")), .path(directory.path("out/b.riv"))], destination: .path(directory.path("back")),
                                                                assetsFolder: directory.path("fonts"), fetcher: try Self.offlineFetcher(directory)))
        #expect(back.failures.isEmpty, "\(back.failures)")
        #expect(try directory.bytes("back/a.riv") == directory.bytes("a.riv") && directory.bytes("back/b.riv") == directory.bytes("b.riv"))
        let folder = try AssetFolder(contentsOf: URL(fileURLWithPath: directory.path("fonts")))
        #expect(folder.entry(for: "Inter-7", type: .font) == nil && folder.perInputEntries.count == 2)
        let registry = AssetRegistry()
        try registry.addGlobalAssets(inFolder: URL(fileURLWithPath: directory.path("fonts")))
        #expect(registry.replacement(named: "Inter-7", type: .font) == nil)
    }

    @Test("--prefer per-file with the Android layout: the Kotlin map gives each Rive file its own copy (resourceFor(uniqueFilename, riv)), a shared asset the one copy, and compiles")
    func perFileKotlinMap() throws {
        let directory = try TemporaryDirectory()
        let shared = Payload.png(64, seed: 5)
        let hero = try directory.write("hero.riv", Inputs.file([.font("Inter", 7, Payload.ttf(64, seed: 1)), .image("logo", 8, shared)]))
        let intro = try directory.write("intro.riv", Inputs.file([.font("Inter", 7, Payload.ttf(96, seed: 2)), .image("logo", 8, shared)]))
        let report = try AssetOperations.strip(StripRequest(inputs: [.path(hero), .path(intro)], assetsFolder: directory.path("raw"), destination: .path(directory.path("out")),
                                                            conflicts: .perFile, layout: .android, kotlinMap: directory.path("RiveAssetNames.kt")))
        #expect(report.failures.isEmpty && report.kotlinMapError == nil, "\(report.failures) \(String(describing: report.kotlinMapError))")
        let source = try String(contentsOfFile: directory.path("RiveAssetNames.kt"), encoding: .utf8)
        let perFile = Self.mapLines(source, function: "perFileResources")
        let heroFont = try #require(perFile["hero.riv/Inter-7.ttf"]), introFont = try #require(perFile["intro.riv/Inter-7.ttf"])
        #expect(heroFont != introFont && perFile.count == 2, "\(perFile)")
        // Each Rive file's copy is the file holding that file's bytes.
        let written = report.stripped.filter { $0.asset == "Inter-7" }.map { AssetFileName.stem(ofFileNamed: URL(fileURLWithPath: $0.file).lastPathComponent) }
        #expect(Set(written) == [heroFont, introFont])
        let heroFile = try #require(report.stripped.first { $0.asset == "Inter-7" && AssetFileName.stem(ofFileNamed: URL(fileURLWithPath: $0.file).lastPathComponent) == heroFont }).file
        #expect(try Data(contentsOf: URL(fileURLWithPath: heroFile)) == Data(Payload.ttf(64, seed: 1)))
        #expect(Self.mapLines(source, function: "uniqueFilenames")["logo-8.png"] == "logo_8")
        guard GeneratedCodeCompiler.kotlin.isPresent else {
            print(GeneratedCodeCompiler.kotlin.skipMessage)
            return
        }
        let use = source + """

            fun main() {
                kotlin.io.println(RiveAssetNames.resourceFor("Inter-7.ttf", "intro.riv") + RiveAssetNames.resourceFor("logo-8.png", riv = "hero.riv"))
            }

            """
        let problems = try GeneratedCodeCompiler.kotlin.check(use, named: "RiveAssetNames", in: directory)
        #expect(problems == nil, "\(problems ?? "")")
    }

    @Test("a deduplicated folder: the registry's folder source and addGlobalAssets serve the shared file under every name it serves")
    func registryReadsDedupe() throws {
        let directory = try TemporaryDirectory()
        let logo = Payload.wholePNG(64, seed: 4)
        let input = try directory.write("a.riv", Inputs.file([.image("logo", 1, logo), .image("logo", 2, logo)]))
        let report = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("images"), destination: .path(directory.path("out.riv")), dedupe: true))
        #expect(report.failures.isEmpty && directory.entries("images") == ["logo-1.png", AssetManifest.fileName], "\(directory.entries("images"))")
        let source = FolderAssetSource(url: URL(fileURLWithPath: directory.path("images")), settleInterval: 0)
        let served = try source.currentAssetsImmediately()
        #expect(served.map(\.name).sorted() == ["logo-1", "logo-2"], "\(served.map(\.name))")
        #expect(served.allSatisfy { Array($0.bytes) == logo })
        let registry = AssetRegistry()
        let skipped = try registry.addGlobalAssets(inFolder: URL(fileURLWithPath: directory.path("images")))
        #expect(skipped.isEmpty, "the manifest is no skipped file: \(skipped)")
        #expect(registry.replacement(named: "logo-2", type: .image).map(Array.init) == logo)
    }

    @Test("hostile manifests are typed errors naming the manifest and what was read; no path leaves the folder",
          arguments: [
            ("not json", "is no manifest of riv-assets (not JSON)"),
            (#"{"schemaVersion": 1, "files": [{"file": "../secret.ttf", "assets": ["Inter-1"], "inputs": []}]}"#, "files[0].file \"../secret.ttf\" holds a path separator"),
            (#"{"schemaVersion": 1, "files": [{"file": "..", "assets": ["Inter-1"], "inputs": []}]}"#, "files[0].file \"..\" names a folder"),
            (#"{"schemaVersion": 1, "files": [{"file": "gone.ttf", "assets": ["Inter-1"], "inputs": []}]}"#, "files[0].file \"gone.ttf\" is no file of the folder"),
            // A name from the manifest is quoted as the terminal escaper quotes every name: `\x1b`, the bidi control spelled out.
            (#"{"schemaVersion": 1, "files": [{"file": "a\u001b[2J\u202eb.ttf", "assets": ["Inter-1"], "inputs": []}]}"#,
             #"files[0].file "a\x1b[2J\u{202e}b.ttf" is no file of the folder"#),
            (#"{"schemaVersion": 1, "files": [{"file": 7, "assets": [], "inputs": []}]}"#, "wrong type at files[0].file"),
            (#"{"schemaVersion": 9, "files": []}"#, "its schemaVersion is 9"),
            (#"{"schemaVersion": 1}"#, "no files at the top level"),
          ])
    func hostileManifest(text: String, expected: String) async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("secret.ttf", Payload.ttf(64))
        _ = try directory.write("fonts/Inter-1.ttf", Payload.ttf(64))
        let manifest = try directory.write("fonts/" + AssetManifest.fileName, Array(text.utf8))
        do {
            _ = try AssetFolder(contentsOf: URL(fileURLWithPath: directory.path("fonts")))
            Issue.record("a hostile manifest was accepted")
        } catch {
            #expect(error.badManifestReason != nil, "\(error)")
            #expect(error.description.contains(manifest) && error.description.contains(expected), "\(error.description)")
        }
        let input = try directory.write("a.riv", Inputs.file([.font("Inter", 1, nil)]))
        await #expect(throws: RequestError.self) {
            try await AssetOperations.embed(EmbedRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")), assetsFolder: directory.path("fonts"),
                                                         fetcher: try Self.offlineFetcher(directory)))
        }
        #expect(throws: RequestError.self) { try AssetOperations.verify(VerifyRequest(inputs: [.path(input)], assetsFolder: directory.path("fonts"))) }
        #expect(throws: AssetFolder.Problem.self) { try FolderAssetSource(url: URL(fileURLWithPath: directory.path("fonts")), settleInterval: 0).currentAssetsImmediately() }
    }

    @Test("a manifest over the size limit is refused before it is read")
    func oversizedManifest() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("fonts/" + AssetManifest.androidFileName, [])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(AssetManifest.maximumByteCount + 1))
        try handle.close()
        #expect(throws: AssetFolder.Problem.badManifest(path: path, reason: "it holds \(AssetManifest.maximumByteCount + 1) bytes, over the limit of \(AssetManifest.maximumByteCount) bytes for a manifest")) {
            try AssetManifest.read(in: URL(fileURLWithPath: directory.path("fonts")))
        }
    }
}

extension AssetFolder.Problem {
    /// The reason of a ``badManifest(path:reason:)``, nil for other problems.
    var badManifestReason: String? {
        if case .badManifest(_, let reason) = self { reason } else { nil }
    }
}
