import Foundation
import Testing
import RivAssetsKit
import RivTestSupport

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

    @Test("names with spaces, leading digits, keywords, emoji, other scripts, quotes and duplicates become distinct valid identifiers")
    func hostileNames() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("1 hero screen.riv", Inputs.file([
            .image("hero logo.png", 1), .image("1up.png", 2), .image("class.png", 3), .image("🔥.png", 4),
            .image("logo.png", 5), .image("logo.png", 6), .image("Logo.png", 7), .image("", 8),
            .image("all.png", 9), .font("self.ttf", 10), .image("naïve.png", 11), .image("say \"hi\\\".png", 12),
            .audio("URL loop.wav", 13),
        ]))
        let other = try directory.write("class.riv", Inputs.file([.image("logo.png", 1)]))
        let report = try AssetOperations.codegen(CodegenRequest(inputs: [input, other, input], outputPath: nil, access: .public))
        #expect(report.files.map(\.namespace) == ["File1HeroScreen", "Class", "File1HeroScreen_3"])
        #expect(report.files[0].constants == [
            "heroLogo", "asset1up", "classAsset", "u1F525", "logo", "logo_6", "logo_7", "asset",
            "all_9", "selfAsset", "naUEFVe", "sayHi", "urlLoop",
        ])
        #expect(report.source.contains("uniqueName: \"na\\u{EF}ve-11\""))
        #expect(report.source.contains("name: \"say \\\"hi\\\\\\\".png\""))
        #expect(try Self.typecheck(report.source, in: directory) == nil)
    }

    @Test("the output is byte-identical on a re-run and the file is left untouched when nothing changed; hosted assets carry their uuid")
    func stable() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let output = directory.path("Generated.swift")
        let request = CodegenRequest(inputs: [input], outputPath: output)
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
        let report = try AssetOperations.codegen(CodegenRequest(inputs: [bad], outputPath: nil))
        #expect(report.files.isEmpty && report.failures.map(\.path) == [bad])
        #expect(throws: RequestError.self) { try AssetOperations.codegen(CodegenRequest(inputs: [bad], outputPath: nil, namespace: "my assets")) }
    }

    @Test("the generated Swift for every corpus file type-checks, public and internal",
          .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusTypechecks() throws {
        let inputs = SharedData.corpusFiles().map(\.path)
        let directory = try TemporaryDirectory()
        for access in CodegenRequest.Access.allCases {
            let report = try AssetOperations.codegen(CodegenRequest(inputs: inputs, outputPath: nil, access: access))
            #expect(report.failures.isEmpty && report.files.count == inputs.count)
            let diagnostics = try Self.typecheck(report.source, in: directory)
            #expect(diagnostics == nil, "\(diagnostics ?? "")")
        }
    }
}
