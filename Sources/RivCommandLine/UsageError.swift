/// A mistake in how a tool was called: the tool prints the message and exits with
/// status 64 (`EX_USAGE`), having done nothing.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence saying what was wrong.
    public let message: String

    /// A usage error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
