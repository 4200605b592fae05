import RivSupport

/// How a rewriting command's result reads to a person, input by input: per written
/// input `INPUT -> OUTPUT: SUMMARY, BEFORE -> AFTER (SAVED saved)` and the detail's
/// lines indented below it; per unchanged input `INPUT -> OUTPUT: unchanged (REASON)`
/// (`INPUT: unchanged (REASON)` in place). Skipped and failed inputs have no line
/// here: the tool says what became of them on standard error. Every path and reason
/// is escaped for the terminal.
public enum OutcomeText {
    /// The lines for `result` (without line breaks). `summary` says what was done
    /// to a written input, `details` gives the lines below it; `sizes` adds the
    /// sizes before and after, and `dryRun` says a copy would be made rather than made.
    public static func lines<Outcomes: InputOutcomeResult>(for result: Outcomes, dryRun: Bool, sizes: Bool = true,
                                                           summary: (Outcomes.Detail) -> String,
                                                           details: (Outcomes.Detail) -> [String] = { _ in [] }) -> [String] {
        var lines: [String] = []
        for file in result.files {
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
                lines.append(line)
                lines += details(detail).map { "  " + $0 }
            case .unchanged:
                // A copy of the input has its size; an output an earlier run rewrote does not.
                let copied = file.output != nil && file.output != file.input && file.bytesAfter == file.bytesBefore
                lines.append("\(target): unchanged" + (copied && dryRun ? ", would be copied" : copied ? ", copied" : "")
                             + (file.reason.map { " (\(TerminalText.escaped($0)))" } ?? ""))
            case .skipped, .failed: continue
            }
        }
        return lines
    }
}
