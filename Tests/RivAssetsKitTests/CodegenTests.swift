import Foundation
import Testing
import RivAssetRegistry
@testable import RivAssetsKit
import RivTestSupport
import RivTestTags

/// `AssetOperations.codegen`: identifiers for any name, stable output, and Swift
/// that the compiler accepts.
@Suite("codegen")
struct CodegenTests {
    /// Type-checks `source` with the toolchain's `swiftc`; the compiler's messages on failure.
    static func typecheck(_ source: String, in directory: TemporaryDirectory) throws -> String? {
        let path = try directory.write("Generated.swift", Array(source.utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : text
    }

    /// Files whose names are awkward in every language: spaces, leading digits,
    /// keywords, emoji, repeats, names equal after folding case, an empty name,
    /// quotes and backslashes; the first file given twice, so its type is numbered.
    static func hostileInputs(in directory: TemporaryDirectory) throws -> [String] {
        let input = try directory.write("1 hero screen.riv", Inputs.file([
            .image("hero logo.png", 1), .image("1up.png", 2), .image("class.png", 3), .image("🔥.png", 4),
            .image("logo.png", 5), .image("logo.png", 6), .image("Logo.png", 7), .image("", 8),
            .image("all.png", 9), .font("self.ttf", 10), .image("naïve.png", 11), .image("say \"hi\\\".png", 12),
            .audio("URL loop.wav", 13),
        ]))
        let other = try directory.write("class.riv", Inputs.file([.image("logo.png", 1)]))
        return [input, other, input]
    }

    @Test("names with spaces, leading digits, keywords, emoji, other scripts, quotes and duplicates become distinct valid identifiers")
    func hostileNames() throws {
        let directory = try TemporaryDirectory()
        let result = try AssetOperations.codegen(CodegenRequest(inputs: try Self.hostileInputs(in: directory).map(RequestInput.path), outputPath: nil, access: .public))
        #expect(result.files.map(\.namespace) == ["File1HeroScreen", "Class", "File1HeroScreen_3"])
        #expect(result.source.contains("/// Numbered: another input's name gives the same identifier. From \(directory.path("1 hero screen.riv"))."))
        #expect(result.source.components(separatedBy: "/// Numbered:").count == 2, "only the repeat is numbered")
        #expect(result.files[0].constants == [
            "heroLogo", "asset1up", "classAsset", "u1F525", "logo", "logo_6", "logo_7", "asset",
            "all_9", "selfAsset", "naïve", "sayHi", "urlLoop",
        ])
        #expect(result.source.contains("uniqueName: \"na\\u{EF}ve-11\""))
        #expect(result.source.contains("name: \"say \\\"hi\\\\\\\".png\""))
        #expect(try Self.typecheck(result.source, in: directory) == nil)
    }

    @Test("thousands of assets sharing one name get distinct constants; a repeat of name and suffix is numbered from where the last stopped")
    func repeatedNamesAndIDs() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("same.riv", Inputs.file(Array(repeating: TestAsset.image("logo.png", 7), count: 3000)))
        let result = try AssetOperations.codegen(CodegenRequest(inputs: [.path(input)], outputPath: nil))
        let constants = result.files[0].constants
        #expect(constants.count == 3000 && Set(constants).count == 3000)
        #expect(Array(constants.prefix(3)) == ["logo", "logo_8", "logo_9"], "the asset id tells repeats apart")
        // Name and suffix repeated (a crafted file reusing one id): the scope remembers
        // each repeat's counter, stepping over a name already taken.
        var scope: IdentifierRule.Scope = ["x_1_3"]
        let given = (0..<5).map { _ in IdentifierRule.unique("x", suffix: "1", in: &scope) }
        #expect(given == ["x", "x_1", "x_1_2", "x_1_4", "x_1_5"])
    }

    @Test("every name an app addresses gets a constant of its kind, holding the runtime's exact string; kinds cannot be mixed up")
    func wholeAPI() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", AppFile.sample().bytes())
        let result = try AssetOperations.codegen(CodegenRequest(inputs: [.path(input)], outputPath: nil))
        #expect(result.files[0].artboards == ["Main", "Card"] && result.files[0].viewModels == ["Profile"])
        for line in [
            "enum Hero {", "static let fileName: Swift.String = \"hero\"", "enum Main {", "static let name: Swift.String = \"Main\"",
            "enum Flow {", "static let name: Swift.String = \"flow\"", "static let hover = BoolInput(name: \"hover\", defaultValue: true)",
            "static let level = NumberInput(name: \"level\", defaultValue: 3.0)", "static let fire = TriggerInput(name: \"fire\")",
            "enum Animations {", "static let idle = Animation(name: \"idle\")", "static let headline = TextRun(name: \"headline\")",
            "static let click = Event(name: \"click\")", "static let help = OpenURLEvent(name: \"help\", url: \"https://example.com/help\")",
            "enum ViewModels {", "enum Profile {", "static let name_1 = StringProperty(name: \"name\")", "static let age = NumberProperty(name: \"age\")",
            "static let defaultInstance = ViewModelInstance(name: \"Default\")", "static let hero = Asset(name: \"hero.png\", uniqueName: \"hero-1\"",
        ] {
            #expect(result.source.contains(line), "\(line)")
        }
        let usage = """

            func set(_ input: RiveAssets.NumberInput, _ value: Double) -> String { input.name }
            func fire(_ input: RiveAssets.TriggerInput) -> String { input.name }
            func play() -> [String] { [set(RiveAssets.Hero.Main.Flow.level, 3), fire(RiveAssets.Hero.Main.Flow.fire)] }

            """
        #expect(try Self.typecheck(result.source + usage, in: directory) == nil)
        let mixedUp = try #require(try Self.typecheck(result.source + "\nfunc wrong() { _ = fire(RiveAssets.Hero.Main.Flow.level) }\n" + usage, in: directory))
        #expect(mixedUp.contains("TriggerInput"))
    }

    /// The sample file saved under each of `files` (+ `.riv`), its first artboard,
    /// its state machine, its second artboard and its view model renamed to `names`.
    static func shadowingInputs(_ files: [String], names: (artboard: String, stateMachine: String, second: String, viewModel: String),
                                in directory: TemporaryDirectory) throws -> [String] {
        var file = AppFile.sample()
        file.artboards[0].name = names.artboard
        file.artboards[0].stateMachines[0].name = names.stateMachine
        file.artboards[1].name = names.second
        file.viewModels[0].name = names.viewModel
        let bytes = file.bytes()
        return try files.map { try directory.write($0 + ".riv", bytes) }
    }

    @Test("files, artboards and view models named like the types the code uses (String, Hashable, Sendable, Any, Swift, Asset) still compile; letters of any script are kept")
    func shadowingNames() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.shadowingInputs(["String", "Hashable", "Sendable", "Any", "Swift", "Asset", "RiveAssets", "héllo wörld", "日本"],
                                              names: ("String", "Bool", "NumberInput", "Double"), in: directory)
        let result = try AssetOperations.codegen(CodegenRequest(inputs: inputs.map(RequestInput.path), outputPath: nil, access: .public))
        #expect(result.files.map(\.namespace) == ["String", "Hashable", "Sendable", "AnyFile", "SwiftFile", "AssetFile", "RiveAssetsFile", "HélloWörld", "日本"])
        #expect(result.files[0].artboards == ["String", "NumberInputArtboard"])
        #expect(result.source.contains("enum Bool {"))
        let diagnostics = try Self.typecheck(result.source, in: directory)
        #expect(diagnostics == nil, "\(diagnostics ?? "")")
    }

    @Test("the output is byte-identical on a re-run and the file is left untouched when nothing changed; hosted assets carry their uuid")
    func stable() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let output = directory.path("Generated.swift")
        let request = CodegenRequest(inputs: [.path(input)], outputPath: output)
        let first = try AssetOperations.codegen(request)
        let second = try AssetOperations.codegen(request)
        #expect(first.written && !second.written)
        #expect(first.source == second.source)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == first.source)
        #expect(first.source.contains("location: .hosted, cdnUUID: \"03020100-0504-0706-0908-0f0e0d0c0b0a\""))
        #expect(first.files[0].constants == ["walle", "logo", "inter", "beep", "main", "ref", "cloud"])
        #expect(!first.source.contains("public "))
    }

    @Test("an unreadable input is a failure and its names are left out; a namespace that is no type name is a request error")
    func failures() throws {
        let directory = try TemporaryDirectory()
        let bad = try directory.write("bad.riv", [1, 2, 3])
        let result = try AssetOperations.codegen(CodegenRequest(inputs: [.path(bad)], outputPath: nil))
        #expect(result.files.isEmpty && result.failures.map(\.path) == [bad])
        #expect(throws: RequestError.self) { try AssetOperations.codegen(CodegenRequest(inputs: [.path(bad)], outputPath: nil, namespace: "my assets")) }
    }

    @Test("a namespace that would hide what the generated code names (Swift, Foundation, String, a generated type, a keyword) is refused with a reason")
    func shadowingNamespaces() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", AppFile.sample().bytes())
        let refused: [(String, String)] = [
            ("Swift", "would hide the module 'Swift'"), ("Foundation", "would hide the module 'Foundation'"),
            ("String", "would hide the standard library's type 'String'"), ("Double", "standard library's type"),
            ("Bool", "standard library's type"), ("Hashable", "standard library's type"), ("Sendable", "standard library's type"),
            ("Asset", "a type the generated code declares"), ("NumberInput", "a type the generated code declares"),
            ("Any", "is a Swift keyword"), ("Self", "is a Swift keyword"), ("Type", "is a Swift keyword"), ("class", "is a Swift keyword"),
            ("my assets", "must be a Swift type name"), ("2x", "must be a Swift type name"),
        ]
        for (namespace, reason) in refused {
            do {
                _ = try AssetOperations.codegen(CodegenRequest(inputs: [.path(input)], outputPath: nil, namespace: namespace))
                Issue.record("the namespace '\(namespace)' was accepted")
            } catch {
                #expect(error.message.contains(reason) && error.message.contains("'\(namespace)'"), "\(error.message)")
            }
        }
        // Namespaces that only look awkward are kept and compile: the name of a file, of
        // an artboard, of a view model, of a generated member, other scripts.
        for namespace in ["Hero", "Main", "Profile", "Animations", "Éclair", "日本", "Swift6", "StringProperties"] {
            let result = try AssetOperations.codegen(CodegenRequest(inputs: [.path(input)], outputPath: nil, access: .public, namespace: namespace))
            #expect(result.source.contains("public enum \(namespace) {"))
            let diagnostics = try Self.typecheck(result.source + "\nlet check: [\(namespace).Asset] = \(namespace).\(result.files[0].namespace).all\n", in: directory)
            #expect(diagnostics == nil, "\(namespace): \(diagnostics ?? "")")
        }
    }

    @Test("the generated Swift for every corpus file type-checks, public and internal",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusTypechecks() throws {
        let inputs = SharedData.corpusFiles().map(\.path)
        let directory = try TemporaryDirectory()
        for access in CodegenRequest.Access.allCases {
            let result = try AssetOperations.codegen(CodegenRequest(inputs: inputs.map(RequestInput.path), outputPath: nil, access: access))
            #expect(result.failures.isEmpty && result.files.count == inputs.count)
            let diagnostics = try Self.typecheck(result.source, in: directory)
            #expect(diagnostics == nil, "\(diagnostics ?? "")")
        }
    }
}
