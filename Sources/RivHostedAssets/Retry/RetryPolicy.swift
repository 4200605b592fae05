/// How often, and after how long, a transient failure is tried again.
///
/// Only transient failures are retried: a refused or lost connection, a timeout,
/// a body shorter than its `Content-Length`, and the statuses 408, 429 and 5xx.
/// Any other status fails at once. A 429 or 503 with `Retry-After` waits what it
/// says, up to ``maximumDelay``.
public struct RetryPolicy: Sendable, Hashable {
    /// Tries after the first: 0 never retries.
    public var retries: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// What each wait is multiplied by for the next (1 keeps it fixed).
    public var multiplier: Double
    /// The longest wait, Retry-After included.
    public var maximumDelay: Duration
    /// The share of each wait that is random: 0.2 waits between 80% and 100% of
    /// it, so that many clients do not retry in step.
    public var jitter: Double

    /// A policy of `retries` retries after waits of `initialDelay` × `multiplier`ⁿ,
    /// at most `maximumDelay`, less up to `jitter` of each at random.
    public init(retries: Int, initialDelay: Duration, multiplier: Double, maximumDelay: Duration, jitter: Double) {
        self.retries = max(0, retries)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maximumDelay = maximumDelay
        self.jitter = min(1, max(0, jitter))
    }

    /// Never retry.
    public static let none = RetryPolicy(retries: 0, initialDelay: .zero, multiplier: 1, maximumDelay: .zero, jitter: 0)

    /// `retries` retries, each after `delay`.
    public static func fixed(retries: Int, delay: Duration) -> RetryPolicy {
        RetryPolicy(retries: retries, initialDelay: delay, multiplier: 1, maximumDelay: delay, jitter: 0)
    }

    /// `retries` retries with exponential backoff: waits of `initialDelay`, twice
    /// that, four times, ..., at most `maximumDelay`, with `jitter`.
    public static func exponential(retries: Int, initialDelay: Duration = .milliseconds(250),
                                   maximumDelay: Duration = .seconds(30), jitter: Double = 0.2) -> RetryPolicy {
        RetryPolicy(retries: retries, initialDelay: initialDelay, multiplier: 2, maximumDelay: maximumDelay, jitter: jitter)
    }

    /// What the fetcher and the tool use unless told otherwise: 3 retries with
    /// exponential backoff from 250 ms.
    public static let standard = exponential(retries: 3)

    /// The wait before retry number `retry` (1 for the first), given the server's
    /// `Retry-After` if any and a random number in 0..<1 for the jitter.
    public func delay(beforeRetry retry: Int, retryAfter: Duration?, random: Double) -> Duration {
        if let retryAfter { return min(retryAfter, maximumDelay) }
        var backoff = initialDelay
        for _ in 1..<max(1, retry) {
            backoff = backoff * multiplier
            if backoff >= maximumDelay { break }
        }
        backoff = min(backoff, maximumDelay)
        return backoff - backoff * (jitter * min(1, max(0, random)))
    }
}
