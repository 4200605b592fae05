/// An input that was read and left alone because there was nothing to do for it;
/// nothing was written for it.
public struct SkippedInput: Codable, Sendable, Equatable {
    /// The input.
    public var input: String
    /// Why there was nothing to do, e.g. `no embedded asset of the chosen types`.
    public var reason: String

    /// A skipped `input`.
    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }
}
