/// A report that says what became of each input: which failed, which were
/// skipped, and what deserves a warning. Every operation's report has this shape
/// besides its own, so that a tool prints the outcomes of every command one way.
public protocol InputOutcomes {
    /// The inputs that failed, in input order; nothing was written for them.
    var inputFailures: [InputFailure] { get }
    /// The inputs left alone because there was nothing to do, in input order.
    var inputsSkipped: [SkippedInput] { get }
    /// Warnings about what was done, each a sentence naming what it is about.
    var outcomeWarnings: [String] { get }
}

extension InputOutcomes {
    /// None, by default.
    public var inputsSkipped: [SkippedInput] { [] }
    /// None, by default.
    public var outcomeWarnings: [String] { [] }
}

extension ExtractReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
    public var inputsSkipped: [SkippedInput] { skipped }
    public var outcomeWarnings: [String] { warnings }
}

extension StripReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
    public var inputsSkipped: [SkippedInput] { skipped }
    public var outcomeWarnings: [String] { warnings }
}

extension PruneReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
    public var inputsSkipped: [SkippedInput] { skipped }
}

extension HostReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
    public var inputsSkipped: [SkippedInput] { skipped }
}

extension FetchReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
    public var inputsSkipped: [SkippedInput] { skipped }
}

extension CodegenReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
}

extension ReportSummary: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
}

extension SwapReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failure.map { [$0] } ?? [] }
}

extension PlaceReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failure.map { [$0] } ?? [] }
}

extension InspectReport: InputOutcomes {
    public var inputFailures: [InputFailure] { files.compactMap { file in file.error.map { InputFailure(path: file.path, message: $0) } } }
}

extension ReplaceReport: InputOutcomes {
    public var inputFailures: [InputFailure] {
        files.compactMap { file in file.error.map { InputFailure(path: file.path, message: $0, remedy: file.remedy) } }
    }
    public var inputsSkipped: [SkippedInput] { files.compactMap { file in file.skipped.map { SkippedInput(path: file.path, reason: $0) } } }
    public var outcomeWarnings: [String] { files.flatMap { file in file.warnings.map { "\(file.path): \($0)" } } }
}

extension EmbedReport: InputOutcomes {
    public var inputFailures: [InputFailure] {
        files.compactMap { file in file.error.map { InputFailure(path: file.path, message: $0, remedy: file.remedy) } }
    }
    public var inputsSkipped: [SkippedInput] { files.compactMap { file in file.skipped.map { SkippedInput(path: file.path, reason: $0) } } }
}
