
/// The temporary files that writes in progress have created, so that a process
/// stopped by a signal can remove them (see ``removeAll()``).
package final class TemporaryFiles: Sendable {
    /// The process-wide list.
    package static let shared = TemporaryFiles()

    private struct State {
        var paths: Set<String> = []
        var isClosed = false
        var completed = 0
        /// Files moved aside to be replaced, by where they wait: where they belong.
        var setAside: [String: String] = [:]
    }

    private let state = Protected(State())

    /// Creates a temporary file with `create` (which returns its descriptor) and
    /// records its path, both under the list's lock, so that ``removeAll()`` sees
    /// every file that exists. Returns nil, creating nothing, once ``removeAll()`` has run.
    package func create(_ path: String, with create: () throws(POSIX.Failure) -> Int32) throws(POSIX.Failure) -> Int32? {
        try state.withLock { (state) throws(POSIX.Failure) -> Int32? in
            guard !state.isClosed else { return nil }
            let descriptor = try create()
            state.paths.insert(path)
            return descriptor
        }
    }

    package func unregister(_ path: String) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// Creates a new empty file beside `path` (hidden, named after it), open for
    /// writing, readable by its owner only, and listed so that ``removeAll()``
    /// deletes it if the process is interrupted: for a download or any other file
    /// that is written in pieces and then renamed into place. Call
    /// ``forget(_:)`` once it has been renamed or removed.
    package func createFile(beside path: String) throws(FileWriteError) -> (descriptor: Int32, path: String) {
        let (descriptor, created) = try AtomicFileWriter.createTemporaryFile(beside: path, permissions: 0o600)
        return (descriptor, created)
    }

    /// Stops listing a file made with ``createFile(beside:)``: it has been renamed
    /// into place or removed.
    package func forget(_ path: String) {
        unregister(path)
    }

    /// Whether `name` is one a file of ``createFile(beside:)`` or of an
    /// interrupted write of this package can have: a leftover when no process is
    /// writing it any more.
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".riv-assets-")
    }

    /// Moves the file at `original` to `holding` so that a new file can take its
    /// name, remembering it so that ``removeAll()`` puts it back if the process is
    /// interrupted before ``releaseSetAside(_:)``. Refused, moving nothing, once
    /// ``removeAll()`` has run.
    package func setAside(_ original: String, to holding: String) throws(FileWriteError) {
        try state.withLock { (state) throws(FileWriteError) in
            guard !state.isClosed else { throw .writeFailed(path: original, reason: "the process is being interrupted") }
            do throws(POSIX.Failure) {
                try POSIX.renameFile(original, to: holding)
            } catch {
                throw .writeFailed(path: original, reason: "cannot move it aside: \(error.message)")
            }
            state.setAside[holding] = original
        }
    }

    /// Forgets a file set aside: it has been put back, or its replacement is final.
    package func releaseSetAside(_ holding: String) {
        _ = state.withLock { $0.setAside.removeValue(forKey: holding) }
    }

    /// Counts a write whose file reached its name whole.
    package func recordCompletedWrite() {
        state.withLock { $0.completed += 1 }
    }

    /// How many writes of this process have put a whole file in place so far.
    package var completedWriteCount: Int {
        state.withLock { $0.completed }
    }

    /// Deletes every temporary file of a write in progress, puts every file set
    /// aside back under its name, refuses new ones, and returns how many writes it
    /// undid. Call it before exiting on SIGINT or SIGTERM; the destinations and
    /// inputs are left as they were.
    @discardableResult
    package func removeAll() -> Int {
        state.withLock { state in
            state.isClosed = true
            let count = state.paths.count
            for path in state.paths { POSIX.removeFile(path) }
            state.paths.removeAll()
            for (holding, original) in state.setAside {
                POSIX.removeFile(original)
                try? POSIX.renameFile(holding, to: original)
            }
            state.setAside.removeAll()
            return count
        }
    }
}
