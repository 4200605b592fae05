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

    /// The `.riv` file.
    public var input: String
    /// The first asset (unique name, or name when only one asset has it) or object
    /// (name, or `artboard/name` when several objects have it).
    public var first: String
    /// The second, named the same way.
    public var second: String
    /// Whether the names are assets or objects.
    public var subject: Subject
    /// Where the result goes.
    public var destination: OutputDestination
    /// Swap contents covered by a signature (signed scripts).
    public var skipChecks: Bool
    /// Replace an output file that exists.
    public var overwrite: Bool
    /// Report what would be swapped without writing anything.
    public var dryRun: Bool

    /// A request to swap `first` and `second` in `input`.
    public init(input: String, first: String, second: String, subject: Subject = .assets,
                destination: OutputDestination, skipChecks: Bool = false, overwrite: Bool = false, dryRun: Bool = false) {
        self.input = input
        self.first = first
        self.second = second
        self.subject = subject
        self.destination = destination
        self.skipChecks = skipChecks
        self.overwrite = overwrite
        self.dryRun = dryRun
    }
}
