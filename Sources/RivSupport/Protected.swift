import Foundation

/// A value that threads share, reachable only while its lock is held.
///
/// It stands in for `Synchronization.Mutex`, which needs macOS 15 / iOS 18, and
/// takes and releases its `NSLock` itself rather than through
/// `NSLocking.withLock(_:)`, which needs macOS 14 on Apple platforms. The other
/// targets of the package share it.
package final class Protected<State> {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the value, holding the lock until it returns or throws.
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// The lock makes sharing sound whenever the value itself may cross threads.
extension Protected: @unchecked Sendable where State: Sendable {}
