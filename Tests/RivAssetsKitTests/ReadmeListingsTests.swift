import Foundation
import Testing
import RivAssetsKit
import RivTestSupport
import RivTestTags

/// README's listings that call Rive's runtimes (Apple, Android, web), compiled
/// against stubs of exactly the runtime signatures they use, with the code
/// and files riv-assets generates for them: the lines that use our output are
/// checked whatever the runtime's other API. (README's Swift listings that use
/// only this package are regions of DocumentationListingsTests, checked by
/// `Scripts/check-doc-listings.py`.) Swift always runs; Kotlin, TypeScript and
/// Dart skip when their compiler is absent, as the codegen tests do.
@Suite("README listings against runtime stubs")
struct ReadmeListingsTests {
    /// README.md's text.
    static let readme: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// README's fenced listings: the language after the fence and the lines inside.
    static var listings: [(language: String, text: String)] {
        var found: [(String, String)] = []
        var current: (language: String, lines: [String])?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let open = current {
                    found.append((open.language, open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current = (String(trimmed.dropFirst(3)), [])
                }
            } else if current != nil {
                current!.lines.append(String(line))
            }
        }
        return found
    }

    /// The listings in `language` that contain `marker`.
    static func listings(_ language: String, containing marker: String) -> [String] {
        listings.filter { $0.language == language && $0.text.contains(marker) }.map(\.text)
    }

    /// `light_switch.riv`: artboard `New Artboard` with state machine `Switch` (bool `on`, false), as README's codegen listings use it.
    static func lightSwitch(in directory: TemporaryDirectory) throws -> String {
        var artboard = AppFile.Artboard("New Artboard")
        artboard.stateMachines = [AppFile.StateMachine("Switch", [.bool("on", false)])]
        return try directory.write("light_switch.riv", AppFile(artboards: [artboard]).bytes())
    }

    /// The source codegen writes for `light_switch.riv` in `language`.
    static func generated(_ language: CodegenRequest.Language, in directory: TemporaryDirectory) throws -> String {
        let result = try AssetOperations.codegen(CodegenRequest(inputs: [.path(try lightSwitch(in: directory))], outputPath: nil, language: language))
        return result.source
    }

    @Test("every README listing that calls a Rive runtime is one these tests compile: a new one fails here until a test takes it")
    func everyRuntimeListingIsChecked() {
        let swift = Self.listings.filter { $0.language == "swift" && ($0.text.contains("RiveRuntime") || $0.text.contains("RiveViewModel")) }
        #expect(swift.map(\.text) == Self.listings("swift", containing: "RiveViewModel(fileName: RiveAssets") + Self.listings("swift", containing: "import RiveRuntime"))
        let counts = Dictionary(grouping: Self.listings.map(\.language), by: { $0 }).mapValues(\.count)
        #expect(counts["kotlin"] == 2 && counts["ts"] == 1 && counts["js"] == 1 && counts["dart"] == 1 && swift.count == 2, "\(counts)")
    }

    /// The stub of Apple's RiveRuntime: exactly what README's Swift listings call.
    static let appleRuntime = """
        @_exported import Foundation   // as the framework's headers export it

        open class RiveViewModel {
            public init(fileName: String, extension: String = ".riv", in bundle: Bundle = .main, stateMachineName: String?,
                        fit: Int = 0, alignment: Int = 0, autoPlay: Bool = true, artboardName: String? = nil, preferredFramesPerSecond: Int? = nil,
                        loadCdn: Bool = true, customLoader: ((AnyObject, Data, AnyObject) -> Bool)? = nil) {}
            open func setInput(_ inputName: String, value: Bool) {}
        }

        @_spi(RiveExperimental) public final class Font: @unchecked Sendable {}

        @_spi(RiveExperimental) public final class Worker: @unchecked Sendable {
            public init() async throws {}
            public func decodeFont(from data: Data) async throws -> Font { Font() }
            public func addGlobalFontAsset(_ font: Font, name: String) {}
        }

        @_spi(RiveExperimental) public enum Source {
            case local(String, Bundle?)
        }

        @_spi(RiveExperimental) public final class File: @unchecked Sendable {
            public init(source: Source, worker: Worker) async throws {}
        }
        """

    @Test("README's Swift listings for Apple's runtime compile with the generated names, against a stub of RiveRuntime")
    func appleListings() throws {
        let directory = try TemporaryDirectory()
        let modules = try directory.folder("modules")
        let stub = try directory.write("RiveRuntime.swift", Array(Self.appleRuntime.utf8))
        let built = try GeneratedCodeCompiler.output(of: ["swiftc", "-emit-module", "-parse-as-library", "-module-name", "RiveRuntime", stub, "-emit-module-path", modules + "/RiveRuntime.swiftmodule"],
                                                             in: directory.url.path)
        #expect(built == nil, "\(built ?? "")")
        let names = try directory.write("RiveAssets.swift", Array(try Self.generated(.swift, in: directory).utf8))
        let codegen = try #require(Self.listings("swift", containing: "RiveViewModel(fileName: RiveAssets").first)
        let loader = try #require(Self.listings("swift", containing: "import RiveRuntime").first)
        let usage = try directory.write("Usage.swift", Array(("import RiveRuntime\n\n@MainActor func toggleLight() {\n" + codegen + "\n}\n").utf8))
        let loading = try directory.write("Loading.swift", Array(loader.utf8))
        let checked = try GeneratedCodeCompiler.output(of: ["swiftc", "-typecheck", "-parse-as-library", "-I", modules, names, usage, loading], in: directory.url.path)
        #expect(checked == nil, "\(checked ?? "")")
    }

    /// The stub of what README's Kotlin listings call of Android and rive-android.
    static let androidRuntime = [
        "android/content/Context.kt": """
            package android.content

            import java.io.InputStream

            open class Resources {
                fun getIdentifier(name: String, defType: String, defPackage: String): Int = name.length + defType.length + defPackage.length
                fun openRawResource(id: Int): InputStream = java.io.ByteArrayInputStream(ByteArray(id))
            }

            open class Context {
                val resources: Resources = Resources()
                val packageName: String = "com.example.app"
            }
            """,
        "app/rive/runtime/kotlin/core/FileAsset.kt": """
            package app.rive.runtime.kotlin.core

            import android.content.Context

            open class FileAsset {
                val uniqueFilename: String = ""
                fun decode(bytes: ByteArray): Boolean = bytes.isNotEmpty()
            }

            abstract class ContextAssetLoader(val context: Context) {
                abstract fun loadContents(asset: FileAsset, inBandBytes: ByteArray): Boolean
            }
            """,
        "app/rive/runtime/kotlin/RiveAnimationView.kt": """
            package app.rive.runtime.kotlin

            class RiveAnimationView {
                fun setRiveResource(resId: Int, artboardName: String? = null, animationName: String? = null, stateMachineName: String? = null) {
                    check(resId != 0 || artboardName != animationName || stateMachineName != null)
                }
                fun setBooleanState(stateMachineName: String, inputName: String, value: Boolean) {
                    check(stateMachineName != inputName || value)
                }
            }
            """,
        "com/example/app/R.kt": """
            package com.example.app

            object R {
                object raw {
                    const val light_switch: Int = 1
                }
            }
            """,
    ]

    @Test("README's Kotlin listings compile with the generated names and RiveAssetNames, against stubs of Android and rive-android",
          .enabled(if: GeneratedCodeCompiler.kotlin.isPresent, "\(GeneratedCodeCompiler.kotlin.skipMessage)"))
    func androidListings() throws {
        let directory = try TemporaryDirectory()
        var files: [String] = []
        for (path, text) in Self.androidRuntime { files.append(try directory.write(path, Array(text.utf8))) }
        let generated = try Self.generated(.kotlin, in: directory)
        files.append(try directory.write("RiveAssets.kt", Array(("package com.example.app\n\n" + generated).utf8)))
        let input = try directory.write("hero.riv", Inputs.file([.font("Inter", 3, Payload.ttf(40))]))
        let map = directory.path("RiveAssetNames.kt")
        let stripped = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("raw"), destination: .path(directory.path("out") + "/"),
                                                              layout: .android, kotlinMap: map, kotlinPackage: "com.example.app"))
        #expect(stripped.failures.isEmpty && stripped.kotlinMapError == nil)
        files.append(map)
        let codegen = try #require(Self.listings("kotlin", containing: "RiveAssets.LightSwitch").first)
        files.append(try directory.write("Usage.kt", Array("""
            package com.example.app

            import app.rive.runtime.kotlin.RiveAnimationView

            fun toggleLight(riveView: RiveAnimationView) {
            \(codegen)
            }

            """.utf8)))
        let loader = try #require(Self.listings("kotlin", containing: "ContextAssetLoader").first)
        files.append(try directory.write("StrippedAssetLoader.kt", Array(loader.utf8)))
        let checked = try GeneratedCodeCompiler.kotlin.run(files + ["-d", directory.path("classes")], in: directory.url.path)
        #expect(checked == nil, "\(checked ?? "")")
    }

    /// The stub of what README's web listings call of `@rive-app/canvas`.
    static let webRuntime = """
        export interface StateMachineInput { readonly name: string; value: number | boolean; }
        export interface RiveFont { unref(): void; }
        export interface FileAsset {
          readonly name: string; readonly uniqueFilename: string; readonly cdnUuid: string; readonly isFont: boolean;
          setFont(font: RiveFont): void;
        }
        export interface RiveParameters {
          src: string; canvas: HTMLCanvasElement | HTMLElement | null; artboard?: string; stateMachines?: string | string[];
          autoplay?: boolean; onLoad?: () => void; assetLoader?: (asset: FileAsset, bytes: Uint8Array) => boolean;
        }
        export declare class Rive {
          constructor(parameters: RiveParameters);
          stateMachineInputs(name: string): StateMachineInput[];
        }
        export declare function decodeFont(bytes: Uint8Array): Promise<RiveFont>;
        """

    @Test("README's TypeScript and JavaScript listings type-check with the generated names, against a stub of @rive-app/canvas",
          .tags(.tools), .enabled(if: GeneratedCodeCompiler.typescript.isPresent, "\(GeneratedCodeCompiler.typescript.skipMessage)"))
    func webListings() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("node_modules/@rive-app/canvas/index.d.ts", Array(Self.webRuntime.utf8))
        _ = try directory.write("node_modules/@rive-app/canvas/package.json", Array(#"{"name": "@rive-app/canvas", "types": "index.d.ts"}"#.utf8))
        _ = try directory.write("RiveAssets.ts", Array(try Self.generated(.typescript, in: directory).utf8))
        let codegen = try #require(Self.listings("ts", containing: "RiveAssets.LightSwitch").first)
        let usage = try directory.write("usage.ts", Array("""
            import { Rive } from "@rive-app/canvas";
            import { RiveAssets } from "./RiveAssets";

            export function toggleLight(canvas: HTMLCanvasElement): Rive {
            \(codegen)
              return rive;
            }

            """.utf8))
        let loader = try directory.write("loader.js", Array((try #require(Self.listings("js", containing: "assetLoader").first) + "\nexport { rive };\n").utf8))
        let options = ["--noEmit", "--target", "es2022", "--module", "es2022", "--moduleResolution", "node", "--lib", "es2022,dom"]
        let typescript = try GeneratedCodeCompiler.typescript.run(["--strict"] + options + [usage], in: directory.url.path)
        #expect(typescript == nil, "\(typescript ?? "")")
        // JavaScript as a checking editor reads it: every call and property against the declarations, no annotations asked for.
        let javascript = try GeneratedCodeCompiler.typescript.run(["--allowJs", "--checkJs", "--strictNullChecks"] + options + [loader], in: directory.url.path)
        #expect(javascript == nil, "\(javascript ?? "")")
    }

    /// Whether `dart` is on `PATH` (the Dart SDK; no Debian package has it, so CI skips the Dart listing).
    static let dartIsPresent = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
        FileManager.default.isExecutableFile(atPath: "\(folder)/dart")
    }

    /// Stubs of what README's Dart listing calls of Flutter's services and of rive (rive_native), by package.
    static let flutterRuntime = [
        "flutter/lib/services.dart": """
            import 'dart:typed_data';

            abstract class AssetBundle {
              Future<ByteData> load(String key);
              Future<String> loadString(String key);
            }

            class _Bundle extends AssetBundle {
              @override
              Future<ByteData> load(String key) async => ByteData(key.length);
              @override
              Future<String> loadString(String key) async => key;
            }

            final AssetBundle rootBundle = _Bundle();
            """,
        "rive/lib/rive.dart": """
            import 'dart:typed_data';

            class Font {
              void dispose() {}
            }

            class Factory {
              static final Factory rive = Factory();
              Future<Font?> decodeFont(Uint8List bytes) async => bytes.isEmpty ? null : Font();
            }

            class FileAsset {
              String get uniqueFilename => '';
              String get cdnUuid => '';
            }

            class FontAsset extends FileAsset {
              bool font(Font font) => true;
            }

            class File {
              static Future<File?> asset(String bundleKey, {required Factory riveFactory, bool Function(FileAsset asset, Uint8List? bytes)? assetLoader}) async =>
                  bundleKey.isEmpty || riveFactory != Factory.rive || assetLoader == null ? null : File();
            }
            """,
    ]

    @Test("README's Dart listing analyses cleanly against stubs of Flutter's services and rive",
          .enabled(if: dartIsPresent, "dart is not installed: README's Dart listing not analysed"))
    func flutterListing() throws {
        let directory = try TemporaryDirectory()
        for (path, text) in Self.flutterRuntime { _ = try directory.write("packages/" + path, Array(text.utf8)) }
        let listing = try #require(Self.listings("dart", containing: "assetLoader").first)
        _ = try directory.write("app/lib/hero.dart", Array(listing.utf8))
        _ = try directory.write("app/pubspec.yaml", Array("name: app\nenvironment:\n  sdk: '>=3.0.0 <4.0.0'\n".utf8))
        let packages = ["flutter", "rive"].map { #"{"name": "\#($0)", "rootUri": "../../packages/\#($0)", "packageUri": "lib/", "languageVersion": "3.0"}"# }
            + [#"{"name": "app", "rootUri": "../", "packageUri": "lib/", "languageVersion": "3.0"}"#]
        _ = try directory.write("app/.dart_tool/package_config.json", Array(#"{"configVersion": 2, "packages": [\#(packages.joined(separator: ", "))]}"#.utf8))
        let checked = try GeneratedCodeCompiler.output(of: ["dart", "analyze", "--fatal-infos", "lib"], in: directory.path("app"))
        #expect(checked == nil, "\(checked ?? "")")
    }
}
