import Foundation
import Testing
import RivTestSupport

/// `riv-assets codegen`, run in-process.
@Suite("riv-assets codegen")
struct CodegenCommandTests {
    @Test("prints the source without -o, writes it with -o; a bad --access or --namespace is a usage error")
    func command() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.mixed())
        let printed = await InProcess.run(["codegen", input, "--access", "public", "--namespace", "Art"])
        #expect(printed.status == 0 && printed.stdout.contains("public enum Art {") && printed.stdout.contains("public enum Hero {"))
        let output = directory.path("Generated.swift")
        #expect(await InProcess.run(["codegen", input, "-o", output]).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("static let walle = Asset("))
        #expect(await InProcess.run(["codegen", input, "--access", "private"]).status == 64)
        #expect(await InProcess.run(["codegen", input, "--namespace", "2x"]).status == 64)
        let shadowing = await InProcess.run(["codegen", input, "--namespace", "Swift"])
        #expect(shadowing.status == 64 && shadowing.stderr.contains("would hide the module 'Swift'"), "\(shadowing.stderr)")
    }

    @Test("--language kotlin and typescript print their source; --package is Kotlin's, --access not TypeScript's; --json says the language")
    func languages() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.mixed())
        let kotlin = await InProcess.run(["codegen", input, "--language", "kotlin", "--package", "com.example.app", "--access", "public"])
        #expect(kotlin.status == 0 && kotlin.stdout.contains("package com.example.app\n") && kotlin.stdout.contains("public object RiveAssets {")
                && kotlin.stdout.contains("val WALLE: Asset get() = Asset("), "\(kotlin.stderr)")
        let typescript = await InProcess.run(["codegen", input, "--language", "typescript", "--namespace", "Art"])
        #expect(typescript.status == 0 && typescript.stdout.contains("export const Art = {") && typescript.stdout.contains("walle: asset$1,"))
        let json = await InProcess.run(["codegen", input, "--language", "typescript", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["language"] as? String == "typescript" && (report["source"] as? String)?.contains("as const;") == true)
        let swift = await InProcess.run(["codegen", input, "--json"])
        #expect(swift.stdout.contains("\"language\" : \"swift\"") || swift.stdout.contains("\"language\":\"swift\""), "\(swift.stdout.prefix(300))")
        for (arguments, message) in [
            (["--language", "dart"], "--language takes swift, kotlin or typescript, not 'dart'"),
            (["--language", "typescript", "--access", "public"], "--access applies to swift and kotlin"),
            (["--package", "com.example"], "a package name applies to Kotlin only, not Swift"),
            (["--language", "kotlin", "--package", "com.when"], "('when' is not one)"),
        ] {
            let refused = await InProcess.run(["codegen", input] + arguments)
            #expect(refused.status == 64 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
    }

    @Test("codegen --help names every language and every kind of name it generates, not only assets")
    func help() async {
        let help = await InProcess.run(["codegen", "--help"])
        #expect(help.status == 0)
        for word in ["--language swift|kotlin|typescript", "kotlin", "typescript", "SCREAMING_SNAKE_CASE", "as const", "artboard", "state machine",
                     "BoolInput", "TextRuns", "Events", "NestedArtboards", "ViewModels", "Instances", "asset", "--package", "numeric suffix",
                     "comment naming the file's path"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
    }
}
