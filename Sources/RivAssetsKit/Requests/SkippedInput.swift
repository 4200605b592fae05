/// An input that was read and left alone because there was nothing to do for it;
/// nothing was written for it.
public struct SkippedInput: Codable, Sendable, Equatable {
    /// The input, as given (named `path`, as in every result's per-input entries).
    public var path: String
    /// Why there was nothing to do, e.g. `no embedded asset of the chosen types`.
    public var reason: String

    /// A skipped input at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
