/// Something odd in a file that does not stop it from being read, such as a
/// contents record that belongs to no asset. Listings show problems; nothing is
/// silently attached or dropped.
public struct RivProblem: Sendable, Hashable, CustomStringConvertible {
    /// The offset of the record the problem is about.
    public let offset: Int
    /// What is wrong, in a sentence.
    public let message: String

    /// Creates a problem report.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// `at byte N: message`.
    public var description: String { "at byte \(offset): \(message)" }
}
