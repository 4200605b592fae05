import RivFormat
import RivSupport

/// Why a hosted asset could not be had: which asset, from which URL, after how
/// many attempts, and the cause.
public struct HostedAssetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Cause: Sendable, Hashable {
        /// The asset has no CDN uuid.
        case notHosted
        /// The base URL and uuid make no URL.
        case invalidURL(String)
        /// Offline, and the cache has no good entry.
        case notCached
        /// The server answered with a status other than 2xx.
        case status(Int)
        /// No connection, or it was lost.
        case connectionFailed(String)
        /// The server did not answer in time.
        case timedOut
        /// The body was shorter (or longer) than its `Content-Length`.
        case lengthMismatch(expected: Int, received: Int)
        /// The bytes are no format the asset's type accepts (an HTML error page for an image).
        case unsupportedFormat(detected: ContentFormat, accepted: [ContentFormat])
        /// The body is larger than the fetcher's ``HostedAssetFetcher/Configuration/maximumAssetSize``
        /// (declared so, or found so while it arrived: it was not read past the limit).
        case tooLarge(limit: Int)
        /// The attempt had not finished after this many seconds (the fetcher's
        /// ``HostedAssetFetcher/Configuration/deadline``).
        case deadlineExceeded(seconds: Double)
        /// The server redirected to a URL the fetcher does not follow (no http or https URL).
        case redirectRefused(String)
        /// The server redirected an https request to this plain-http URL, which the fetcher does not follow.
        case insecureRedirect(String)
        /// The server redirected more than this many times in one attempt (a loop, most likely).
        case tooManyRedirects(limit: Int)
        /// The server's answer is not framed as HTTP/1.1 says (see
        /// ``HostedAssetTransportError/malformedResponse(_:)``): what was wrong.
        case malformedResponse(String)
        /// The request's target or a header holds a character a request cannot
        /// carry (a line break, a space in the target, a control character):
        /// refused before anything was sent.
        case unsafeRequest(String)
        /// An entry of ``HostedAssetFetcher/Configuration/headerHosts`` is no
        /// `HOST`, `HOST:PORT`, `[IPV6]` or `[IPV6]:PORT`: why.
        case invalidHeaderHost(String)
        /// The bytes start as an image of this format whose header (PNG's `IHDR`,
        /// JPEG's start of frame, WebP's first chunk) cannot be read: a body cut short.
        case unreadableImageHeader(ContentFormat)
        /// The bytes could not be stored in the cache.
        case cache(String)
        /// The transport threw an error of its own (your transport's `AuthError`,
        /// a system error), kept with its type; retried only when the transport
        /// says it is transient (``HostedAssetTransport/failureKind(of:)``).
        case transport(TransportFailure)
        /// The task waiting for the fetch was cancelled before it finished (in
        /// the results of ``HostedAssetFetcher/fetchAll(_:)``; a single fetch throws
        /// `CancellationError`).
        case cancelled
    }

    /// The asset's unique name.
    public let uniqueName: String
    /// The URL fetched (or that would have been), nil when there is none.
    public let url: String?
    /// How many requests were made (0 when none was).
    public let attempts: Int
    /// What to do about it, when the fetcher can tell (offline: the cache folder
    /// it looked in, and the base URL it holds the asset under when that is
    /// another one, such as a mirror an earlier fetch was given).
    public var hint: String? = nil
    /// What went wrong.
    public let cause: Cause

    /// An error for `uniqueName`.
    public init(uniqueName: String, url: String?, attempts: Int, cause: Cause) {
        self.uniqueName = uniqueName
        self.url = url
        self.attempts = attempts
        self.cause = cause
    }

    /// The error the transport threw, with its own type, when the cause is
    /// ``Cause/transport(_:)``: `if case AuthError.tokenExpired? = error.underlyingError`.
    public var underlyingError: (any Error)? {
        if case .transport(let failure) = cause { return failure.error }
        return nil
    }

    /// The HTTP status of the last answer, when the cause is one.
    public var status: Int? {
        if case .status(let status) = cause { return status }
        return nil
    }

    /// Whether trying again later may succeed: connection failures, timeouts,
    /// short bodies, 408, 429 and 5xx, and a transport's own failure it says is
    /// transient (``TransportFailure/kind``).
    public var isTransient: Bool { Self.isTransient(cause) }

    static func isTransient(_ cause: Cause) -> Bool {
        switch cause {
        case .connectionFailed, .timedOut, .lengthMismatch: true
        case .transport(let failure): failure.kind.isTransient
        case .status(let status): status == 408 || status == 429 || (500...599).contains(status)
        default: false
        }
    }

    /// The cause in a few words: `HTTP 404`, `timed out`, `not in the cache`.
    public var reason: String {
        switch cause {
        case .notHosted: "not hosted on a CDN"
        case .invalidURL(let text): "no valid URL: \(text)"
        case .notCached: "not in the cache (offline)"
        case .status(let status): "HTTP \(status)"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .timedOut: "timed out"
        case .lengthMismatch(let expected, let received): "received \(received) of \(expected) bytes"
        case .unsupportedFormat(let detected, let accepted):
            "the bytes are \(detected == .unknown ? "no known format (an error page?)" : detected.rawValue), "
                + (accepted.isEmpty ? "which this kind of asset does not hold" : "not " + accepted.map(\.rawValue).joined(separator: ", "))
        case .tooLarge(let limit): "larger than the limit of \(limit) bytes (stopped there)"
        case .deadlineExceeded(let seconds): "not finished after \(seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) s (the download deadline)"
        case .redirectRefused(let target): "redirected to \(target), which is no http or https URL"
        case .insecureRedirect(let target): "redirected from https to \(target), which is not https"
        case .tooManyRedirects(let limit): "redirected more than \(limit) times"
        case .malformedResponse(let reason): "malformed answer: \(reason)"
        case .unsafeRequest(let reason): "not sent: \(reason)"
        case .invalidHeaderHost(let reason): "header host: \(reason)"
        case .unreadableImageHeader(let format): "the \(format.rawValue) image's header cannot be read (the body ends before it, or it is broken)"
        case .cache(let reason): "cache: \(reason)"
        case .transport(let failure): failure.description
        case .cancelled: "cancelled"
        }
    }

    /// `logo-6: https://cdn.example.com/<uuid>: HTTP 404 after 1 attempt`.
    public var description: String {
        var text = uniqueName + ": " + (url.map { $0 + ": " } ?? "") + reason
        if attempts > 0 { text += " after " + CountedNoun.text(attempts, "attempt") }
        if let hint { text += "; " + hint }
        return text
    }
}
