import Foundation

/// Results that several tests of one process need, each made once: the first test to
/// ask for a key makes its value (a test asking for the same key meanwhile waits for
/// it), the next ones get the same value, and the value is dropped once `uses` tests
/// have had it. A test run that leaves some of those tests out keeps the value until
/// the process ends.
final class SharedResults<Key: Hashable & Sendable, Value>: @unchecked Sendable {
    /// One key's value, made under its own lock so that other keys proceed meanwhile.
    private final class Entry {
        let lock = NSLock()
        var result: Result<Value, any Error>?
        var remainingUses: Int

        init(uses: Int) {
            remainingUses = uses
        }
    }

    /// Guards `entries` and `made`.
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var made = 0

    /// How many values have been made so far (the work the sharing saves is counted by it).
    var madeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return made
    }

    /// The value for `key`: made by `make` on the first of `uses` calls, handed back
    /// (or its error rethrown) on the others.
    func value(for key: Key, uses: Int, make: () throws -> Value) throws -> Value {
        lock.lock()
        let entry = entries[key] ?? Entry(uses: uses)
        entries[key] = entry
        lock.unlock()

        entry.lock.lock()
        defer { entry.lock.unlock() }
        let result = entry.result ?? Result { try make() }
        if entry.result == nil {
            entry.result = result
            lock.lock()
            made += 1
            lock.unlock()
        }
        entry.remainingUses -= 1
        if entry.remainingUses <= 0 {
            lock.lock()
            if entries[key] === entry { entries[key] = nil }
            lock.unlock()
        }
        return try result.get()
    }
}
