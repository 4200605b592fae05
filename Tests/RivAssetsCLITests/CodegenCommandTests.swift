import Foundation
import Testing
import RivTestSupport

/// `riv-assets codegen`, run in-process.
@Suite("riv-assets codegen")
struct CodegenCommandTests {
    @Test("prints the source without -o, writes it with -o; a bad --access or --namespace is a usage error")
    func command() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.mixed())
        let printed = InProcess.run(["codegen", input, "--access", "public", "--namespace", "Art"])
        #expect(printed.status == 0 && printed.stdout.contains("public enum Art {") && printed.stdout.contains("public enum Hero {"))
        let output = directory.path("Generated.swift")
        #expect(InProcess.run(["codegen", input, "-o", output]).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("static let walle = Asset("))
        #expect(InProcess.run(["codegen", input, "--access", "private"]).status == 64)
        #expect(InProcess.run(["codegen", input, "--namespace", "2x"]).status == 64)
        let shadowing = InProcess.run(["codegen", input, "--namespace", "Swift"])
        #expect(shadowing.status == 64 && shadowing.stderr.contains("would hide the module 'Swift'"), "\(shadowing.stderr)")
    }
}
