/// An error a transport threw that the fetcher has no cause of its own for: the
/// error itself, with its type (an app's `AuthError.tokenExpired` can be caught as
/// such), its sentence, and what the transport said of it
/// (``HostedAssetTransport/failureKind(of:)``). Two failures are equal when
/// their sentences, kinds and errors' types are.
public struct TransportFailure: Sendable, Hashable, CustomStringConvertible {
    /// The error the transport threw.
    public let error: any Error
    /// The error in one line (its own description, or a system error's domain and code).
    public let description: String
    /// Whether the transport takes it to be worth another attempt.
    public let kind: TransportFailureKind

    /// `error`, said as `description`, of `kind` (by default not worth another attempt).
    public init(_ error: any Error, description: String, kind: TransportFailureKind = .permanent) {
        self.error = error
        self.description = description
        self.kind = kind
    }

    /// Whether the two say the same of errors of the same type.
    public static func == (left: TransportFailure, right: TransportFailure) -> Bool {
        left.description == right.description && left.kind == right.kind && type(of: left.error) == type(of: right.error)
    }

    /// Hashes the sentence (errors themselves need not be hashable).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
