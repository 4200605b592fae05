import Foundation

/// A value shared between threads, behind a lock held only to read or change it.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// The value now.
    func get() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Changes the value in place.
    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&value)
    }
}
