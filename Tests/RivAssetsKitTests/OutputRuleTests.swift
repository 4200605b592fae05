import Foundation
import Testing
import RivAssetsKit
import RivTestSupport

/// Every file a command writes follows one rule: never an input, never a device,
/// pipe or folder, an existing file's permissions kept.
@Suite("output rule")
struct OutputRuleTests {
    static func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("codegen -o naming its own input is refused and the .riv keeps its bytes")
    func codegenOverItsInput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let report = try AssetOperations.codegen(CodegenRequest(inputs: [input], outputPath: input))
        #expect(!report.written)
        #expect(report.failures.map(\.path) == [input])
        #expect(report.failures.first?.message.contains("it is the input") == true)
        #expect(try directory.bytes("in.riv") == Inputs.mixed())
    }

    @Test("codegen -o a FIFO is refused without reading it, and the FIFO stays", .timeLimit(.minutes(1)))
    func codegenIntoFIFO() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let pipe = directory.path("Generated.swift")
        #expect(mkfifo(pipe, 0o600) == 0)
        let report = try AssetOperations.codegen(CodegenRequest(inputs: [input], outputPath: pipe))
        #expect(!report.written)
        #expect(report.failures.first?.message.contains("not a regular file") == true)
        #expect(try FileManager.default.attributesOfItem(atPath: pipe)[.type] as? FileAttributeType != .typeRegular)
    }

    @Test("codegen rewriting an existing 0600 output keeps it 0600")
    func codegenKeepsMode() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let output = try directory.write("Generated.swift", Array("// old\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: output)
        let report = try AssetOperations.codegen(CodegenRequest(inputs: [input], outputPath: output))
        #expect(report.written && report.failures.isEmpty)
        #expect(try Self.permissions(output) == 0o600)
    }

    @Test("report -o naming an input is refused even when overwriting, and the input keeps its bytes")
    func reportOverItsInput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let summary = try AssetOperations.report(ReportRequest(inputs: [input], output: input, overwrite: true))
        #expect(summary.output == nil)
        #expect(summary.failures.first?.message.contains("it is the input") == true)
        #expect(try directory.bytes("in.riv") == Inputs.mixed())
    }

    @Test("extract --force never replaces an input that has an asset file's name")
    func extractOverItsInput() async throws {
        let directory = try TemporaryDirectory()
        let bytes = Inputs.file([.image("logo.png", 1, Payload.png(40))])
        let input = try directory.write("logo-1.png", bytes)
        let report = try await AssetOperations.extract(ExtractRequest(inputs: [input], outputFolder: directory.url.path, overwrite: true))
        #expect(report.extracted.isEmpty)
        #expect(report.failures.first?.message.contains("it is the input") == true)
        #expect(try directory.bytes("logo-1.png") == bytes)
    }
}
