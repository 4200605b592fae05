import RivAssetsKit

extension Console {
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
