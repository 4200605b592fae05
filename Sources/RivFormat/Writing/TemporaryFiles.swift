#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The temporary files that writes in progress have created, so that a process
/// stopped by a signal can remove them (see ``removeAll()``).
public final class TemporaryFiles: Sendable {
    /// The process-wide list.
    public static let shared = TemporaryFiles()

    private let paths = Mutex<Set<String>>([])

    func register(_ path: String) {
        _ = paths.withLock { $0.insert(path) }
    }

    func unregister(_ path: String) {
        _ = paths.withLock { $0.remove(path) }
    }

    /// Deletes every temporary file of a write in progress. Call it before exiting
    /// on SIGINT or SIGTERM; the destinations and inputs are left as they were.
    public func removeAll() {
        paths.withLock { set in
            for path in set { unlink(path) }
            set.removeAll()
        }
    }
}
