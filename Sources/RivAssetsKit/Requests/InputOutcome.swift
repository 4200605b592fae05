import RivFormat

/// What became of one input of a command: the one shape every result gives
/// each input, in input order, under `files`.
///
/// In JSON an outcome is one object: `input`, `output`, `status`, `reason`,
/// `remedy`, `bytesBefore`, `bytesAfter` and `warnings`, and beside them the
/// fields of the command's ``detail`` (for `prune`, `removed`; for `strip`,
/// `stripped`; ...), present when the input was read.
public struct InputOutcome<Detail: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// What the command did with the input.
    public enum Status: String, Codable, Sendable, Equatable {
        /// The output holds the changed file (in a dry run: would).
        case written
        /// Nothing applied to the input: in place it was left alone; with an
        /// output file or folder, the output holds a copy of the input (in a dry
        /// run: would), so an output folder always holds every input.
        case unchanged
        /// The input was not handled, and nothing was written for it; ``reason`` says why.
        case skipped
        /// The input, or its output, could not be handled; ``reason`` says why.
        case failed
    }

    /// The input's path, as it was given.
    public var input: String
    /// The path of the file written for the input (or, in a dry run, that would
    /// be; for `extract`, its folder), when the command writes one; `nil`
    /// otherwise and whenever the input failed.
    public var output: String?
    /// What the command did with the input.
    public var status: Status
    /// Why the input was left unchanged, skipped or failed, in one sentence.
    public var reason: String?
    /// For a failure, what the request could have said to get past it.
    public var remedy: InputFailure.Remedy?
    /// The input's size in bytes, when it was read.
    public var bytesBefore: Int?
    /// The output's size in bytes, when the command writes one.
    public var bytesAfter: Int?
    /// What the command noticed about this input without failing it.
    public var warnings: [String]
    /// What the command did inside the input (which assets it changed, ...), when the input was read.
    public var detail: Detail?

    /// An outcome of `input`.
    public init(input: String, output: String? = nil, status: Status, reason: String? = nil, remedy: InputFailure.Remedy? = nil,
                bytesBefore: Int? = nil, bytesAfter: Int? = nil, warnings: [String] = [], detail: Detail? = nil) {
        self.input = input
        self.output = output
        self.status = status
        self.reason = reason
        self.remedy = remedy
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
        self.warnings = warnings
        self.detail = detail
    }

    /// The outcome of an input that failed: `input` when the failure concerns
    /// another path of it (an asset file or upload file, named in ``reason``
    /// then), else the failure's path.
    public init(_ failure: InputFailure, input: String? = nil, detail: Detail? = nil) {
        let input = input ?? failure.path
        self.init(input: input, status: .failed,
                  reason: input == failure.path ? failure.message : failure.path + ": " + failure.message,
                  remedy: failure.remedy, detail: detail)
    }

    /// This outcome, failed when `problems` holds any: its reason names each
    /// (with its path when that is not the input's), its remedy is the one they
    /// share; what it holds besides stays.
    func failing(with problems: [InputFailure]) -> Self {
        guard !problems.isEmpty else { return self }
        var failed = self
        failed.status = .failed
        failed.output = nil
        failed.reason = problems.map { $0.path == input ? $0.message : $0.path + ": " + $0.message }.joined(separator: "; ")
        let remedies = Set(problems.map(\.remedy))
        failed.remedy = remedies.count == 1 ? remedies.first! : nil
        return failed
    }

    /// The failure, when the input failed.
    public var failure: InputFailure? {
        status == .failed ? InputFailure(path: input, message: reason ?? "failed", remedy: remedy) : nil
    }

    private enum CodingKeys: String, CodingKey {
        case input, output, status, reason, remedy, bytesBefore, bytesAfter, warnings
    }

    /// Reads an outcome written by ``encode(to:)``: the common fields, and the detail from the same object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        input = try container.decode(String.self, forKey: .input)
        output = try container.decodeIfPresent(String.self, forKey: .output)
        status = try container.decode(Status.self, forKey: .status)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        remedy = try container.decodeIfPresent(InputFailure.Remedy.self, forKey: .remedy)
        bytesBefore = try container.decodeIfPresent(Int.self, forKey: .bytesBefore)
        bytesAfter = try container.decodeIfPresent(Int.self, forKey: .bytesAfter)
        warnings = try container.decode([String].self, forKey: .warnings)
        detail = try? Detail(from: decoder)
    }

    /// Writes the common fields and the detail's fields side by side in one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(output, forKey: .output)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(remedy, forKey: .remedy)
        try container.encode(bytesBefore, forKey: .bytesBefore)
        try container.encode(bytesAfter, forKey: .bytesAfter)
        try container.encode(warnings, forKey: .warnings)
        // The detail's fields sit beside the outcome's own: one object per input.
        try detail?.encode(to: encoder)
    }
}

/// A result that gives one ``InputOutcome`` per input under `files`.
public protocol InputOutcomeResult<Detail>: InputOutcomes {
    /// What the command records inside each input it read.
    associatedtype Detail: Codable & Sendable & Equatable
    /// One outcome per input, in input order.
    var files: [InputOutcome<Detail>] { get }
}

extension InputOutcomeResult {
    /// The inputs that failed, in input order.
    public var failures: [InputFailure] { files.compactMap(\.failure) }
    /// The outcomes of the inputs whose output holds a changed file.
    public var written: [InputOutcome<Detail>] { files.filter { $0.status == .written } }
    /// The inputs that failed, in input order (``failures``).
    public var inputFailures: [InputFailure] { failures }
    /// The inputs that were skipped, with the reason, in input order.
    public var inputsSkipped: [SkippedInput] {
        files.compactMap { $0.status == .skipped ? SkippedInput(path: $0.input, reason: $0.reason ?? "skipped") : nil }
    }
    /// Every input's warnings, each as `INPUT: WARNING`, in input order.
    public var outcomeWarnings: [String] { files.flatMap { file in file.warnings.map { "\(file.input): \($0)" } } }
}

extension InputOutcome: PropertiesDescribed {}

extension InputOutcome.Status: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}
