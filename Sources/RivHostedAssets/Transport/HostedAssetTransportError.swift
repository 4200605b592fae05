/// A failure a transport reports so that the fetcher can tell whether to retry
/// and say what happened. A lost connection and a silent server are transient;
/// a malformed answer and a request that cannot be sent safely are not. Throw
/// anything else for a failure that retrying cannot mend.
public enum HostedAssetTransportError: Error, Sendable, Hashable {
    /// No connection could be made, or it was lost (refused, reset, DNS, TLS).
    case connectionFailed(String)
    /// The server did not answer in time.
    case timedOut
    /// The server's answer is not framed as HTTP/1.1 says (a status that is no
    /// three digits, lengths that disagree, a 2xx body with no length and no
    /// chunks): what was wrong.
    case malformedResponse(String)
    /// The request line or a header would carry a line break, a space or another
    /// control character where it may not (see the fetcher's rule); nothing was sent.
    case unsafeRequest(String)
    /// The transport cannot make this call at all (a `PUT` its platform cannot
    /// send): what it cannot do. Not retried.
    case unsupported(String)
}
