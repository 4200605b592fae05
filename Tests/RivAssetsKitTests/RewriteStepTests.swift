import Foundation
import RivFormat
import RivTestSupport
import Testing
@testable import RivAssetsKit

/// The one per-input write step: an output is read at most once per write.
@Suite("rewrite step: one read of an existing output")
struct RewriteStepTests {
    @Test("the check that finds an earlier run's output is what the write goes by: the output is not read again before it")
    func checkedOnce() throws {
        let directory = try TemporaryDirectory()
        let input = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv")
        let file = try RivFile(contentsOf: input)
        var editor = RivEditor(file)
        try editor.strip(try #require(file.assets.first))
        let output = URL(fileURLWithPath: directory.path("out.riv"))
        let step = RewriteStep(RewriteOptions(inputs: [], destination: .path(output.path)))

        try step.write(editor, to: output)
        let written = try Data(contentsOf: output)
        let checked = try step.checkDestination(output, for: editor)
        #expect(checked.holdsTheBytes)
        // Changed behind the step's back between its check and its write (same size):
        // the write goes by the check and does not read the file again.
        var other = written
        other[other.count - 1] ^= 0xFF
        try other.write(to: output)
        try step.write(editor, to: checked)
        #expect(try Data(contentsOf: output) == other)
        // Checked again, the other bytes are found and refused without overwrite.
        #expect(throws: RivEditError.self) { try step.checkDestination(output, for: editor) }
    }
}
