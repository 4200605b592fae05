import Foundation
import Testing
import RivTestSupport

/// Every option whose value is a keyword is read by the one parser: an unknown
/// value is a usage error (64) naming the option, the value and every choice.
@Suite("keyword option values")
struct KeywordOptionTests {
    @Test("an unknown keyword names the option, the value and the choices, for every keyword option",
          arguments: [
            (["host", "IN", "--base-url", "https://cdn.example.com/", "--upload-dir", "up", "-o", "out/", "--uuid", "sequential"],
             "--uuid: 'sequential' is not one of content, random"),
            (["render", "IN", "-o", "out.svg", "--format", "gif"], "--format: 'gif' is not one of svg, png"),
            (["codegen", "IN", "--access", "private"], "--access: 'private' is not one of public, internal"),
            (["strip", "IN", "--assets-out", "raw", "-o", "out/", "--prefer", "refuse"], "--prefer: 'refuse' is not one of merge, largest, per-file"),
          ])
    func unknownKeyword(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.oneImage(name: "logo", id: 3))
        let result = await InProcess.run(arguments.map { $0 == "IN" ? input : $0 })
        #expect(result.status == 64 && result.stderr.contains(message), "\(result.status) \(result.stderr)")
    }
}
