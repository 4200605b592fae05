/// What to swap: see ``AssetOperations/swap(_:)``.
public struct SwapRequest: Sendable, Hashable {
    /// What the two names name.
    public enum Subject: String, Sendable, Hashable {
        /// Two assets of one type, which exchange their contents: everything that
        /// showed one shows the other.
        case assets
        /// Two objects that use assets (an `Image`, a `TextStyle`, ...), which exchange
        /// the assets they use: only those two objects change.
        case objects
    }

    /// The one `.riv` file, where the result goes, and how it is written.
    public var rewrite: RewriteOptions
    /// The first asset (unique name, or name when only one asset has it) or object
    /// (name, or `artboard/name` when several objects have it).
    public var first: String
    /// The second, named the same way.
    public var second: String
    /// Whether the names are assets or objects.
    public var subject: Subject
    /// Swap contents covered by a signature (signed scripts).
    public var skipChecks: Bool

    /// A request to swap `first` and `second` in the one input of `rewrite`.
    public init(_ rewrite: RewriteOptions, first: String, second: String, subject: Subject = .assets, skipChecks: Bool = false) {
        self.rewrite = rewrite
        self.first = first
        self.second = second
        self.subject = subject
        self.skipChecks = skipChecks
    }

    /// A request to swap `first` and `second` in `input`.
    public init(input: RequestInput, first: String, second: String, subject: Subject = .assets,
                destination: OutputDestination, skipChecks: Bool = false, overwrite: Bool = false, dryRun: Bool = false) {
        self.init(RewriteOptions(inputs: [input], destination: destination, overwrite: overwrite, dryRun: dryRun),
                  first: first, second: second, subject: subject, skipChecks: skipChecks)
    }
}
