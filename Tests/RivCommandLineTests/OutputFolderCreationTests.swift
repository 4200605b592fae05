import Foundation
import Testing
import RivTestSupport

/// Outputs whose folder does not exist yet: created, as every command creates them.
@Suite("output folders created")
struct OutputFolderCreationTests {
    @Test("codegen -o and report -o into folders that do not exist: created, the file written")
    func codegenAndReportCreateTheirFolders() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let codegen = await InProcess.run(["codegen", input, "-o", directory.path("gen/Sources/Assets.swift")])
        #expect(codegen.status == 0, "\(codegen.stderr)")
        #expect(directory.exists("gen/Sources/Assets.swift"))
        let report = await InProcess.run(["report", input, "-o", directory.path("pages/assets/r.html")])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(directory.exists("pages/assets/r.html"))
    }

    @Test("the command list of --help: every name stands apart from its summary")
    func helpColumns() async {
        let help = await InProcess.run(["--help"])
        let rows = (help.stdout + help.stderr).split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(rows.contains { $0.hasPrefix("  completions  ") }, "\(rows)")
        #expect(rows.allSatisfy { $0.dropFirst(2).contains("  ") }, "\(rows)")
    }
}
