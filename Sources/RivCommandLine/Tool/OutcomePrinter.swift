import RivAssetsKit

extension Console {
    /// The one way every rewriting command prints its inputs: the lines of
    /// ``RivAssetsKit/OutcomeText`` on standard output, then skipped and failed
    /// inputs and warnings on standard error (``printOutcomes(_:)``). With `json`,
    /// the result as JSON instead of the lines on standard output.
    func printFiles<Outcomes: InputOutcomeResult & Encodable>(_ result: Outcomes, json: Bool, dryRun: Bool, sizes: Bool = true,
                                                              summary: (Outcomes.Detail) -> String, lines: (Outcomes.Detail) -> [String] = { _ in [] }) {
        if json {
            printJSON(result)
        } else {
            OutcomeText.lines(for: result, dryRun: dryRun, sizes: sizes, summary: summary, details: lines).forEach { print($0) }
        }
        printOutcomes(result)
    }

    /// The one way every command reports what became of its inputs, on standard
    /// error: `riv-assets: note: PATH: skipped: REASON` per skipped input,
    /// `riv-assets: warning: TEXT` per warning, then `riv-assets: PATH: MESSAGE`
    /// per failure (with the option that would have let it through).
    func printOutcomes(_ result: some InputOutcomes) {
        for input in result.inputsSkipped { note("\(TerminalText.escaped(input.path)): skipped: \(TerminalText.escaped(input.reason))") }
        for warning in result.outcomeWarnings { error("riv-assets: warning: " + TerminalText.escaped(warning)) }
        for failure in result.inputFailures { self.failure(path: failure.path, message: FailureText.message(failure)) }
    }
}
