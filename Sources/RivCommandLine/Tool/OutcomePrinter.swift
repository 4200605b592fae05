import RivAssetsKit

extension Console {
    /// The one way every rewriting command prints its inputs on standard output:
    /// per written input `INPUT -> OUTPUT: SUMMARY, BEFORE -> AFTER (SAVED saved)` and the
    /// detail's lines indented below; per unchanged input `INPUT -> OUTPUT:
    /// unchanged (REASON)` (`INPUT: unchanged (REASON)` in place). Skipped and
    /// failed inputs and warnings follow on standard error (``printOutcomes(_:)``).
    /// With `json`, the report as JSON instead of the lines on standard output.
    func printFiles<Report: InputOutcomeReport & Encodable>(_ report: Report, json: Bool, dryRun: Bool, sizes: Bool = true,
                                                            summary: (Report.Detail) -> String, lines: (Report.Detail) -> [String] = { _ in [] }) {
        if json {
            printJSON(report)
            printOutcomes(report)
            return
        }
        for file in report.files {
            let input = TerminalText.escaped(file.input)
            let target = file.output.map { $0 == file.input ? input : "\(input) -> \(TerminalText.escaped($0))" } ?? input
            switch file.status {
            case .written:
                guard let detail = file.detail else { continue }
                var line = "\(target): \(summary(detail))"
                if sizes, let before = file.bytesBefore, let after = file.bytesAfter {
                    line += ", \(ByteCountText.binary(before)) -> \(ByteCountText.binary(after))"
                        + (after < before ? " (\(ByteCountText.binary(before - after)) saved)" : "")
                }
                print(line)
                for text in lines(detail) { print("  " + text) }
            case .unchanged:
                // A copy of the input has its size; an output an earlier run rewrote does not.
                let copied = file.output != nil && file.output != file.input && file.bytesAfter == file.bytesBefore
                print("\(target): unchanged" + (copied && dryRun ? ", would be copied" : copied ? ", copied" : "")
                      + (file.reason.map { " (\(TerminalText.escaped($0)))" } ?? ""))
            case .skipped, .failed: continue
            }
        }
        printOutcomes(report)
    }

    /// The one way every command reports what became of its inputs, on standard
    /// error: `riv-assets: note: PATH: skipped: REASON` per skipped input,
    /// `riv-assets: warning: TEXT` per warning, then `riv-assets: PATH: MESSAGE`
    /// per failure (with the option that would have let it through).
    func printOutcomes(_ report: some InputOutcomes) {
        for input in report.inputsSkipped { note("\(TerminalText.escaped(input.path)): skipped: \(TerminalText.escaped(input.reason))") }
        for warning in report.outcomeWarnings { error("riv-assets: warning: " + TerminalText.escaped(warning)) }
        for failure in report.inputFailures { self.failure(path: failure.path, message: FailureText.message(failure)) }
    }
}
