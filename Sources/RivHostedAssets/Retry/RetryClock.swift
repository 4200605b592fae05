/// What the fetcher waits with between retries. Tests inject one that records
/// the waits instead of sleeping.
public protocol RetryClock: Sendable {
    /// Waits `duration` (or throws when the task is cancelled).
    func sleep(for duration: Duration) async throws
}

/// The real clock: `Task.sleep`.
public struct SystemRetryClock: RetryClock {
    /// The system clock.
    public init() {}

    /// Sleeps the task for `duration`.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
