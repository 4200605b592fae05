/// An error a transport threw that the fetcher has no cause of its own for: the
/// error itself, with its type (an app's `AuthError.tokenExpired` can be caught as
/// such), and its sentence. Two failures are equal when their sentences and their
/// errors' types are.
public struct TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// The error the transport threw.
    public let error: any Error
    /// The error in one line (its own description, or a system error's domain and code).
    public let description: String

    /// `error`, said as `description`.
    public init(_ error: any Error, description: String) {
        self.error = error
        self.description = description
    }

    /// Whether the two say the same of errors of the same type.
    public static func == (left: TransportFailure, right: TransportFailure) -> Bool {
        left.description == right.description && type(of: left.error) == type(of: right.error)
    }

    /// Hashes the sentence (errors themselves need not be hashable).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
