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

    @Test("report --max-inline takes a byte count with units, as --max-asset-size does")
    func reportInlineLimitUnits() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let small = await InProcess.run(["report", input, "-o", directory.path("small.html"), "--max-inline", "0.25kB"])
        #expect(small.status == 0, "\(small.stderr)")
        let html = try String(contentsOfFile: directory.path("small.html"), encoding: .utf8)
        #expect(html.contains("not inlined: 304 B") && !html.contains("data:image/jpeg"))
        let big = await InProcess.run(["report", input, "-o", directory.path("big.html"), "--max-inline", "4MiB"])
        #expect(big.status == 0, "\(big.stderr)")
        #expect(try String(contentsOfFile: directory.path("big.html"), encoding: .utf8).contains("data:image/jpeg"))
        expectUsageError(await InProcess.run(["report", input, "-o", directory.path("x.html"), "--max-inline", "lots"]), of: "report",
                         saying: "--max-inline takes a number of bytes")
    }

    @Test("the command list of --help: every name stands apart from its summary")
    func helpColumns() async {
        let help = await InProcess.run(["--help"])
        let rows = (help.stdout + help.stderr).split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(rows.contains { $0.hasPrefix("  completions  ") }, "\(rows)")
        #expect(rows.allSatisfy { $0.dropFirst(2).contains("  ") }, "\(rows)")
    }
}
