/// A failure a transport reports so that the fetcher can tell whether to retry:
/// both cases are transient. Throw anything else for a failure that retrying
/// cannot mend.
public enum HostedAssetTransportError: Error, Sendable, Hashable {
    /// No connection could be made, or it was lost (refused, reset, DNS, TLS).
    case connectionFailed(String)
    /// The server did not answer in time.
    case timedOut
}
