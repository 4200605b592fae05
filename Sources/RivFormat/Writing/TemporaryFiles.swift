
/// The temporary files that writes in progress have created, so that a process
/// stopped by a signal can remove them (see ``removeAll()``).
public final class TemporaryFiles: Sendable {
    /// The process-wide list.
    public static let shared = TemporaryFiles()

    private struct State {
        var paths: Set<String> = []
        var isClosed = false
        var completed = 0
    }

    private let state = Protected(State())

    /// Creates a temporary file with `create` (which returns its descriptor) and
    /// records its path, both under the list's lock, so that ``removeAll()`` sees
    /// every file that exists. Returns nil, creating nothing, once ``removeAll()`` has run.
    func create(_ path: String, with create: () throws(POSIX.Failure) -> Int32) throws(POSIX.Failure) -> Int32? {
        try state.withLock { (state) throws(POSIX.Failure) -> Int32? in
            guard !state.isClosed else { return nil }
            let descriptor = try create()
            state.paths.insert(path)
            return descriptor
        }
    }

    func unregister(_ path: String) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// Counts a write whose file reached its name whole.
    func recordCompletedWrite() {
        state.withLock { $0.completed += 1 }
    }

    /// How many writes of this process have put a whole file in place so far.
    public var completedWriteCount: Int {
        state.withLock { $0.completed }
    }

    /// Deletes every temporary file of a write in progress and refuses new ones,
    /// and returns how many it deleted. Call it before exiting on SIGINT or
    /// SIGTERM; the destinations and inputs are left as they were.
    @discardableResult
    public func removeAll() -> Int {
        state.withLock { state in
            state.isClosed = true
            let count = state.paths.count
            for path in state.paths { POSIX.removeFile(path) }
            state.paths.removeAll()
            return count
        }
    }
}
