/// A request that cannot be carried out as given (no inputs, two inputs that would
/// write one output, an output folder that cannot be created, a replacement file
/// that cannot be read). It is thrown before any input is read or any output
/// written; the command-line tool reports it as a usage error (exit status 64).
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence saying what is wrong with the request.
    public let message: String

    /// A request error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
