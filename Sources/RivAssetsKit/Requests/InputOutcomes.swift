/// A result that says what became of each input: which failed, which were
/// skipped, and what deserves a warning. Every operation's result has this shape
/// besides its own, so that a tool prints the outcomes of every command one way.
public protocol InputOutcomes {
    /// The inputs that failed, in input order; nothing was written for them.
    var inputFailures: [InputFailure] { get }
    /// The inputs left alone because there was nothing to do, in input order.
    var inputsSkipped: [SkippedInput] { get }
    /// Warnings about what was done, each a sentence naming what it is about.
    var outcomeWarnings: [String] { get }
    /// What failed beyond any one input, each a sentence: a manifest or a
    /// Kotlin map that could not be written, an HTML report that was not written,
    /// a request refused as a whole.
    var requestFailures: [String] { get }
}

extension InputOutcomes {
    /// None, by default.
    public var inputsSkipped: [SkippedInput] { [] }
    /// None, by default.
    public var outcomeWarnings: [String] { [] }
    /// None, by default.
    public var requestFailures: [String] { [] }

    /// Whether the request did what was asked: no input failed and nothing
    /// beyond the inputs did. The one rule the command line's exit status
    /// follows (0 when true, 1 when not) for every command that works on inputs.
    public var succeeded: Bool { inputFailures.isEmpty && requestFailures.isEmpty }
}

extension CodegenResult: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
}

extension ReportSummary: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
    /// The HTML report itself, when it was not written.
    public var requestFailures: [String] { output == nil ? ["the report was not written"] : [] }
}

extension StripResult {
    /// The manifest and the Kotlin map, when either could not be written.
    public var requestFailures: [String] { [manifestError, kotlinMapError].compactMap { $0 } }
}

extension ExtractResult {
    /// The Kotlin map, when it could not be written.
    public var requestFailures: [String] { [kotlinMapError].compactMap { $0 } }
}

extension ReplaceResult {
    /// The request refused as a whole (``requestFailure``).
    public var requestFailures: [String] { [requestFailure].compactMap { $0 } }
}

/// One input's entry in a result that has an entry for every input, failed or
/// not (`replace`, `embed`, `inspect`, `diff`): the entry says itself whether the
/// input failed or was skipped.
public protocol InputEntry {
    /// The input.
    var input: String { get }
    /// Why the input failed, or nil.
    var error: String? { get }
    /// What would have let a refused input through, or nil.
    var remedy: InputFailure.Remedy? { get }
    /// Why the input was left alone, or nil.
    var skipped: String? { get }
    /// What was done but may not be what was meant.
    var warnings: [String] { get }
}

extension InputEntry {
    /// None, by default.
    public var remedy: InputFailure.Remedy? { nil }
    /// Never, by default.
    public var skipped: String? { nil }
    /// None, by default.
    public var warnings: [String] { [] }
}

/// A result with one entry per input, whose outcomes (``InputOutcomes``) are
/// read from the entries.
public protocol InputEntryResult: InputOutcomes {
    /// The kind of entry.
    associatedtype Entry: InputEntry
    /// One entry per input, in input order.
    var files: [Entry] { get }
}

extension InputEntryResult {
    /// The entries that failed.
    public var inputFailures: [InputFailure] {
        files.compactMap { file in file.error.map { InputFailure(path: file.input, message: $0, remedy: file.remedy) } }
    }
    /// The entries skipped.
    public var inputsSkipped: [SkippedInput] { files.compactMap { file in file.skipped.map { SkippedInput(path: file.input, reason: $0) } } }
    /// The entries' warnings, each led by its input.
    public var outcomeWarnings: [String] { files.flatMap { file in file.warnings.map { "\(file.input): \($0)" } } }
}

/// Failures alone, as an operation that streams its output returns them.
extension Array: InputOutcomes where Element == InputFailure {
    /// The failures themselves.
    public var inputFailures: [InputFailure] { self }
}

extension InspectResult: InputEntryResult {}
extension InspectedFile: InputEntry {}

extension DiffResult: InputEntryResult {}
extension FileDiff: InputEntry {
    /// The input messages name: the old file, else the new one.
    public var input: String { old ?? new ?? "" }
}
