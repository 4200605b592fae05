/// What a transport says of a failure of its own (``HostedAssetTransport/failureKind(of:)``):
/// whether the fetcher's ``RetryPolicy`` may try the call again.
public enum TransportFailureKind: Sendable, Hashable {
    /// Worth another attempt (a busy service, a dropped connection), after the
    /// policy's wait, or after `retryAfter` when the service said how long
    /// (at most the policy's ``RetryPolicy/maximumDelay``).
    case transient(retryAfter: Duration? = nil)
    /// Retrying cannot mend it (refused credentials, a request the service rejects).
    case permanent

    /// Whether the failure is worth another attempt.
    public var isTransient: Bool {
        if case .transient = self { return true }
        return false
    }
}
