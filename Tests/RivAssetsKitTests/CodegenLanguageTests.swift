import Foundation
import Testing
import RivAssetRegistry
@testable import RivAssetsKit
import RivTestSupport
import RivTestTags

/// `AssetOperations.codegen` in Kotlin and TypeScript: the same model as the
/// Swift output, each language's identifiers, and code its compiler accepts.
@Suite("codegen: Kotlin and TypeScript")
struct CodegenLanguageTests {
    static let kotlinc = GeneratedCodeCompiler.kotlin
    static let tsc = GeneratedCodeCompiler.typescript

    static func generate(_ inputs: [String], _ language: CodegenRequest.Language, access: CodegenRequest.Access = .internal,
                         namespace: String = "RiveAssets", packageName: String? = nil) throws(RequestError) -> CodegenResult {
        try AssetOperations.codegen(CodegenRequest(inputs: inputs.map(RequestInput.path), outputPath: nil, language: language, access: access,
                                                   namespace: namespace, packageName: packageName))
    }

    @Test("the identifier rule: each language's constant case, SCREAMING_SNAKE split at camel humps, Kotlin folding case and capping type names, letters by language")
    func identifierRule() {
        let kotlin = KotlinSource.identifiers, typescript = TypeScriptSource.identifiers, swift = IdentifierRule.swift
        for (text, expected) in [("MarsDefault", "MARS_DEFAULT"), ("URL loop", "URL_LOOP"), ("XMLHttpRequest", "XML_HTTP_REQUEST"),
                                 ("hero logo", "HERO_LOGO"), ("1up", "ASSET_1UP"), ("", "ASSET"), ("icon9", "ICON9"), ("naïve", "NAÏVE")] {
            #expect(kotlin.constant(text, fallback: "asset") == expected, "\(text)")
        }
        #expect(typescript.constant("MarsDefault", fallback: "asset") == "marsDefault")
        #expect(typescript.constant("class", fallback: "asset") == "classAsset" && typescript.constant("self", fallback: "asset") == "self")
        #expect(swift.constant("self", fallback: "asset") == "selfAsset")
        #expect(kotlin.type("object", fallback: "File") == "Object" && typescript.type("Infinity", fallback: "File") == "InfinityFile")
        // Kotlin: names that differ only in case are one name (class files on macOS and Windows disks).
        var folding = kotlin.scope(["Logo"])
        #expect(IdentifierRule.unique("LOGO", suffix: "2", in: &folding) == "LOGO_2")
        // by Unicode's full case folding, not lowercased(): ſ is s, final ς is σ, ß is ss.
        var unicode = kotlin.scope(["Aſ", "Ας", "Maße"])
        #expect(IdentifierRule.unique("As", suffix: "2", in: &unicode) == "As_2")
        #expect(IdentifierRule.unique("Ασ", suffix: "2", in: &unicode) == "Ασ_2")
        #expect(IdentifierRule.unique("MASSE", suffix: "2", in: &unicode) == "MASSE_2")
        var exact = swift.scope(["Logo"])
        #expect(IdentifierRule.unique("logo", suffix: "2", in: &exact) == "logo")
        // Kotlin caps a type name at 48 UTF-8 bytes, on a character boundary.
        let long = kotlin.type(String(repeating: "é", count: 40), fallback: "Artboard")
        #expect(long == "É" + String(repeating: "é", count: 23) && long.utf8.count == 48)
        // Letters assigned after Unicode 6.0 (U+A7AE, Unicode 9) are no identifier letters
        // for Kotlin and TypeScript; a combining mark is kept by Swift and TypeScript only.
        #expect(swift.type("\u{A7AE}x", fallback: "File") == "\u{A7AE}x")
        #expect(kotlin.type("\u{A7AE}x", fallback: "File") == "UA7AEX" && typescript.type("\u{A7AE}x", fallback: "File") == "UA7AEX")
        #expect(typescript.constant("q\u{303}", fallback: "asset") == "q\u{303}" && swift.constant("q\u{303}", fallback: "asset") == "q\u{303}")
        #expect(kotlin.constant("q\u{303}", fallback: "asset") == "Q_U303")
    }

    @Test("awkward names give distinct valid identifiers in each language's style; a repeated file is numbered with its path in a comment; both compile")
    func hostileNames() throws {
        let directory = try TemporaryDirectory()
        let inputs = try CodegenTests.hostileInputs(in: directory)
        let kotlin = try Self.generate(inputs, .kotlin, access: .public)
        #expect(kotlin.language == .kotlin && kotlin.files.map(\.namespace) == ["File1HeroScreen", "Class", "File1HeroScreen_3"])
        #expect(kotlin.files[0].constants == [
            "HERO_LOGO", "ASSET_1UP", "CLASS", "U1F525", "LOGO", "LOGO_6", "LOGO_7", "ASSET", "ALL_9", "SELF", "NAÏVE", "SAY_HI", "URL_LOOP",
        ])
        #expect(kotlin.source.contains("Asset(name = \"na\\u00EFve.png\", uniqueName = \"na\\u00EFve-11\""))
        #expect(kotlin.source.contains("Asset(name = \"say \\\"hi\\\\\\\".png\""))
        let typescript = try Self.generate(inputs, .typescript)
        #expect(typescript.language == .typescript && typescript.files.map(\.namespace) == ["File1HeroScreen", "Class", "File1HeroScreen_3"])
        #expect(typescript.files[0].constants == [
            "heroLogo", "asset1up", "classAsset", "u1F525", "logo", "logo_6", "logo_7", "asset", "all_9", "self", "naïve", "sayHi", "urlLoop",
        ])
        #expect(typescript.source.contains("uniqueFilename: \"\\uD83D\\uDD25-4.png\""), "a character outside the BMP is two UTF-16 escapes")
        for result in [kotlin, typescript] {
            let note = "Numbered: another input's name gives the same identifier. From \(inputs[0])."
            #expect(result.source.components(separatedBy: note).count == 2, "\(result.language)")
        }
        try Self.expectCompiles(kotlin, in: directory)
        try Self.expectCompiles(typescript, in: directory)
    }

    @Test("Kotlin: sibling artboards Aſ and As, one name under Unicode case folding, become objects with distinct folded names")
    func kotlinFoldedSiblings() throws {
        let directory = try TemporaryDirectory()
        var file = AppFile.sample()
        file.artboards[0].name = "Aſ"
        file.artboards[1].name = "As"
        let source = try Self.generate([try directory.write("hero.riv", file.bytes())], .kotlin).source
        #expect(source.contains("object Aſ ") && source.contains("object As_2 "), "\(source)")
    }

    @Test("Kotlin: every name an app addresses is a constant of its kind with the runtime's string; kinds cannot be mixed up",
          .tags(.jvm), .enabled(if: kotlinc.isPresent, "\(kotlinc.skipMessage)"))
    func kotlinWholeAPI() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", AppFile.sample().bytes())
        let result = try Self.generate([input], .kotlin, packageName: "com.example.app")
        #expect(result.files[0].artboards == ["Main", "Card"] && result.files[0].viewModels == ["Profile"])
        for line in [
            "package com.example.app", "internal object RiveAssets {", "object Hero {", "const val FILE_NAME: kotlin.String = \"hero\"",
            "object Main {", "const val NAME: kotlin.String = \"Main\"", "object Flow {", "const val NAME: kotlin.String = \"flow\"",
            "val HOVER: BoolInput get() = BoolInput(name = \"hover\", defaultValue = true)", "val LEVEL: NumberInput get() = NumberInput(name = \"level\", defaultValue = 3.0f)",
            "val FIRE: TriggerInput get() = TriggerInput(name = \"fire\")", "object Animations {", "val IDLE: Animation get() = Animation(name = \"idle\")",
            "val HEADLINE: TextRun get() = TextRun(name = \"headline\")", "val CLICK: Event get() = Event(name = \"click\")",
            "val HELP: OpenURLEvent get() = OpenURLEvent(name = \"help\", url = \"https://example.com/help\")",
            "object ViewModels {", "object Profile {", "val NAME_1: StringProperty get() = StringProperty(name = \"name\")", "val AGE: NumberProperty get() = NumberProperty(name = \"age\")",
            "val DEFAULT: ViewModelInstance get() = ViewModelInstance(name = \"Default\")",
            "val HERO: Asset get() = Asset(name = \"hero.png\", uniqueName = \"hero-1\", type = \"image\", fileExtension = \"png\", location = Asset.Location.EMBEDDED, cdnUUID = null)",
            "val ALL: kotlin.collections.List<Asset> get() = kotlin.collections.listOf(HERO)",
        ] {
            #expect(result.source.contains(line), "\(line)")
        }
        let usage = """

            internal fun fire(input: RiveAssets.TriggerInput): String = input.name
            internal fun set(input: RiveAssets.NumberInput, value: Float): String = input.name + value
            internal fun play(): List<String> = listOf(set(RiveAssets.Hero.Main.Flow.LEVEL, 3f), fire(RiveAssets.Hero.Main.Flow.FIRE),
                RiveAssets.Hero.ALL[0].uniqueFilename, RiveAssets.Hero.ViewModels.Profile.AGE.name)

            """
        let diagnostics = try Self.kotlinc.check(result.source + usage, in: directory)
        #expect(diagnostics == nil, "\(diagnostics ?? "")")
        let mixedUp = try #require(try Self.kotlinc.check(result.source + usage + "internal fun wrong(): String = fire(RiveAssets.Hero.Main.Flow.LEVEL)\n",
                                                          named: "MixedUp", in: directory))
        #expect(mixedUp.contains("TriggerInput"), "\(mixedUp)")
    }

    @Test("TypeScript: every name is an `as const` value with its kind and the runtime's string, usable where Rive's web runtime takes strings; kinds cannot be mixed up",
          .enabled(if: tsc.isPresent, "\(tsc.skipMessage)"))
    func typescriptWholeAPI() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", AppFile.sample().bytes())
        let result = try Self.generate([input], .typescript)
        for line in [
            "export interface NumberInput {", "readonly kind: \"NumberInput\";", "export const RiveAssets = {", "Hero: {", "fileName: \"hero\",",
            "Main: {", "name: \"Main\",", "Flow: {", "name: \"flow\",", "hover: { kind: \"BoolInput\", name: \"hover\", defaultValue: true },",
            "level: { kind: \"NumberInput\", name: \"level\", defaultValue: 3.0 },", "fire: { kind: \"TriggerInput\", name: \"fire\" },",
            "idle: { kind: \"Animation\", name: \"idle\" },", "headline: { kind: \"TextRun\", name: \"headline\" },",
            "help: { kind: \"OpenURLEvent\", name: \"help\", url: \"https://example.com/help\" },", "ViewModels: {", "Profile: {",
            "name_1: { kind: \"StringProperty\", name: \"name\" },", "defaultInstance: { kind: \"ViewModelInstance\", name: \"Default\" },",
            "hero: asset$1,", "all: [asset$1],", "} as const;", "export type RiveAssets = typeof RiveAssets;",
            "const asset$1 = { kind: \"Asset\", name: \"hero.png\", uniqueName: \"hero-1\", uniqueFilename: \"hero-1.png\", type: \"image\", "
                + "fileExtension: \"png\", location: \"embedded\", cdnUUID: null } as const;",
        ] {
            #expect(result.source.contains(line), "\(line)")
        }
        // What an app does with @rive-app/canvas: strings for `artboard`, `stateMachines`,
        // `setTextRunValue`, and an asset loader matching `asset.uniqueFilename`.
        let usage = """

            declare function riveOptions(options: { artboard?: string; stateMachines?: string | string[] }): void;
            declare function setTextRunValue(textRunName: string, textRunValue: string): void;
            function fire(input: TriggerInput): string { return input.name; }
            function set(input: NumberInput, value: number): string { return input.name + value; }
            const hero = RiveAssets.Hero;
            riveOptions({ artboard: hero.Main.name, stateMachines: [hero.Main.Flow.name] });
            setTextRunValue(hero.Main.TextRuns.headline.name, "Hi");
            export const loads = (asset: { uniqueFilename: string }): boolean => hero.all.some((known: Asset) => known.uniqueFilename === asset.uniqueFilename);
            export const played: string[] = [set(hero.Main.Flow.level, 3), fire(hero.Main.Flow.fire)];
            export const level: 3 = hero.Main.Flow.level.defaultValue;

            """
        let diagnostics = try Self.tsc.check(result.source + usage, in: directory)
        #expect(diagnostics == nil, "\(diagnostics ?? "")")
        let mixedUp = try #require(try Self.tsc.check(result.source + usage + "export const wrong = fire(hero.Main.Flow.level);\n",
                                                      named: "MixedUp", in: directory))
        #expect(mixedUp.contains("TriggerInput"), "\(mixedUp)")
    }

    @Test("files, artboards and view models named like the types the code uses still compile in Kotlin and TypeScript; letters of other scripts are kept")
    func shadowingNames() throws {
        let directory = try TemporaryDirectory()
        let inputs = try CodegenTests.shadowingInputs(["String", "Kotlin", "Any", "Object", "Asset", "RiveAssets", "héllo wörld", "日本"],
                                                      names: ("String", "Boolean", "NumberInput", "List"), in: directory)
        let kotlin = try Self.generate(inputs, .kotlin)
        #expect(kotlin.files.map(\.namespace) == ["String", "Kotlin", "Any", "Object", "AssetFile", "RiveAssetsFile", "HélloWörld", "日本"])
        #expect(kotlin.files[0].artboards == ["String", "NumberInputArtboard"])
        let typescript = try Self.generate(inputs, .typescript)
        #expect(typescript.files.map(\.namespace) == ["String", "Kotlin", "Any", "Object", "Asset", "RiveAssets", "HélloWörld", "日本"])
        #expect(typescript.files[0].artboards == ["String", "NumberInput"])
        try Self.expectCompiles(kotlin, in: directory)
        try Self.expectCompiles(typescript, in: directory)
    }

    @Test("each language refuses a namespace that is a keyword, a generated type or no type name, and a bad Kotlin package; what it accepts compiles")
    func namespacesAndPackages() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", AppFile.sample().bytes())
        let refused: [(CodegenRequest.Language, String, String?, String)] = [
            (.kotlin, "object", nil, "is a Kotlin keyword"), (.kotlin, "Asset", nil, "a type the generated code declares inside it"),
            (.kotlin, "my assets", nil, "must be a Kotlin type name"), (.typescript, "class", nil, "is a TypeScript keyword"),
            (.typescript, "NumberInput", nil, "a type the generated code declares beside it"), (.typescript, "2x", nil, "must be a TypeScript type name"),
            (.kotlin, "RiveAssets", "com..app", "must be dot-separated Kotlin identifiers"), (.kotlin, "RiveAssets", "com.when", "('when' is not one)"),
            (.kotlin, "RiveAssets", "1com", "('1com' is not one)"), (.kotlin, "RiveAssets", "com.__", "('__' is not one)"), (.swift, "RiveAssets", "com.example", "applies to Kotlin only, not Swift"),
            (.typescript, "RiveAssets", "com.example", "applies to Kotlin only, not TypeScript"),
        ]
        for (language, namespace, packageName, reason) in refused {
            do {
                _ = try Self.generate([input], language, namespace: namespace, packageName: packageName)
                Issue.record("\(language) accepted '\(namespace)' \(packageName ?? "")")
            } catch {
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
        // Names Swift refuses because they would hide its own types are fine where the
        // generated code names the standard library in full or hides nothing.
        let kotlin = try Self.generate([input], .kotlin, access: .public, namespace: "String", packageName: "com.example.app")
        #expect(kotlin.source.contains("public object String {"))
        let typescript = try Self.generate([input], .typescript, namespace: "String")
        #expect(typescript.source.contains("export const String = {"))
        try Self.expectCompiles(kotlin, in: directory)
        try Self.expectCompiles(typescript, in: directory)
    }

    @Test("the output of each language is byte-identical on a re-run; hosted assets carry their uuid")
    func stable() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        for language in [CodegenRequest.Language.kotlin, .typescript] {
            let output = directory.path("Generated-\(language.rawValue)")
            let request = CodegenRequest(inputs: [.path(input)], outputPath: output, language: language)
            let first = try AssetOperations.codegen(request)
            let second = try AssetOperations.codegen(request)
            #expect(first.written && !second.written && first.source == second.source)
            #expect(try String(contentsOfFile: output, encoding: .utf8) == first.source)
            #expect(first.source.contains("\"03020100-0504-0706-0908-0f0e0d0c0b0a\""))
        }
    }

    @Test("a file of 3000 assets compiles in Kotlin: values are getters, so no object's initialiser outgrows the JVM's 64 KiB method",
          .tags(.jvm), .enabled(if: kotlinc.isPresent, "\(kotlinc.skipMessage)"))
    func kotlinManyAssets() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("same.riv", Inputs.file((1...3000).map { TestAsset.image("logo.png", UInt64($0)) }))
        let result = try Self.generate([input], .kotlin)
        #expect(Set(result.files[0].constants).count == 3000)
        try Self.expectCompiles(result, in: directory)
    }

    @Test("the generated Kotlin of every corpus file and fixture compiles",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"), .tags(.jvm), .enabled(if: kotlinc.isPresent, "\(kotlinc.skipMessage)"))
    func corpusKotlin() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.generate(Self.corpusAndFixtures(), .kotlin, access: .public, packageName: "com.example.corpus")
        #expect(result.failures.isEmpty)
        try Self.expectCompiles(result, in: directory)
    }

    @Test("the generated TypeScript of every corpus file and fixture compiles",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"), .enabled(if: tsc.isPresent, "\(tsc.skipMessage)"))
    func corpusTypeScript() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.generate(Self.corpusAndFixtures(), .typescript)
        #expect(result.failures.isEmpty)
        try Self.expectCompiles(result, in: directory)
    }

    /// Expects `result.source` to compile with its language's compiler; says so and
    /// skips the compile when the compiler is absent.
    static func expectCompiles(_ result: CodegenResult, in directory: TemporaryDirectory) throws {
        let compiler: GeneratedCodeCompiler = result.language == .kotlin ? kotlinc : tsc
        guard compiler.isPresent else { return print(compiler.skipMessage) }
        let diagnostics = try compiler.check(result.source, named: "Generated-\(result.language.rawValue)", in: directory)
        #expect(diagnostics == nil, "\(diagnostics ?? "")")
    }

    /// Every corpus file, then the package's fixtures.
    static func corpusAndFixtures() throws -> [String] {
        let fixtures = SharedData.packageRoot.appendingPathComponent("Fixtures")
        let local = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".riv") }.sorted()
        return SharedData.corpusFiles().map(\.path) + local.map { fixtures.appendingPathComponent($0).path }
    }
}
