import RivAssetsKit

extension Console {
    /// The one way every rewriting command prints its inputs: the lines of
    /// ``RivAssetsKit/OutcomeText`` on standard output, then skipped and failed
    /// inputs and warnings on standard error (``printOutcomes(_:)``). With `json`,
    /// the report as JSON instead of the lines on standard output.
    func printFiles<Report: InputOutcomeReport & Encodable>(_ report: Report, json: Bool, dryRun: Bool, sizes: Bool = true,
                                                            summary: (Report.Detail) -> String, lines: (Report.Detail) -> [String] = { _ in [] }) {
        if json {
            printJSON(report)
        } else {
            OutcomeText.lines(for: report, dryRun: dryRun, sizes: sizes, summary: summary, details: lines).forEach { print($0) }
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
