#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("RivFormat needs a POSIX C library: Glibc or Musl (Linux) or Darwin (Apple platforms)")
#endif
import Dispatch
import Foundation

/// The C library calls RivFormat makes, each with one spelling that compiles
/// against Linux's C libraries (Glibc, Musl) and Apple's (Darwin) alike.
///
/// This is the only file of the module that imports the C library; where the
/// libraries name a thing differently (file times, resource limits, flags), the
/// difference is settled here under `#if`, so the rest of the module reads without
/// it. Calls that fail throw ``Failure`` with the error number they left in `errno`.
enum POSIX {
    /// A failed call: the error number it left in `errno`.
    struct Failure: Error {
        /// The error number, e.g. `ENOENT`.
        let code: Int32

        /// The C library's description of the error, e.g. `No such file or directory`.
        var message: String { errorMessage(code) }

        /// The failure of the call that just returned, from `errno`.
        static var current: Failure { Failure(code: errno) }

        /// True when the call failed because its file already exists.
        var isAlreadyExists: Bool { code == EEXIST }
        /// True when the file system cannot make hard links.
        var isLinkUnsupported: Bool { code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK }
    }

    /// The C library's description of an error number.
    static func errorMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    // MARK: Descriptors

    /// Opens `path` for reading; the descriptor is not inherited by programs this
    /// process runs. It is opened without blocking, so a FIFO with no writer or a
    /// device that would wait does not hang the caller (check what it is with
    /// ``FileStatus/init(descriptor:)``); reads of a regular file are unaffected.
    static func openForReading(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// Creates `path`, which must not exist yet, for reading and writing with
    /// `permissions` narrowed by the umask; the descriptor is not inherited by
    /// programs this process runs.
    static func createExclusively(_ path: String, permissions: UInt32) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions & 0o7777))
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// Gives the file open as `descriptor` this owner and group; false when the
    /// system does not permit it (only the superuser may give a file away).
    @discardableResult
    static func setOwner(_ owner: UInt32, group: UInt32, of descriptor: Int32) -> Bool {
        fchown(descriptor, uid_t(owner), gid_t(group)) == 0
    }

    /// Flushes the folder at `path` to the disk, so that a rename inside it survives
    /// a crash; file systems that cannot flush a folder are ignored.
    static func synchronizeFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    /// Closes `descriptor`. The descriptor is gone even when this throws.
    static func closeDescriptor(_ descriptor: Int32) throws(Failure) {
        guard close(descriptor) == 0 else { throw .current }
    }

    /// Reads into `destination` from `offset` of the file open as `descriptor`,
    /// retrying when a signal interrupts the call. Returns how many bytes were read:
    /// fewer than asked near the end of the file, 0 at or past it.
    static func read(from descriptor: Int32, into destination: UnsafeMutableRawBufferPointer, at offset: Int) throws(Failure) -> Int {
        while true {
            let count = pread(descriptor, destination.baseAddress, destination.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw .current }
        }
    }

    /// Writes every byte of `buffer` to `descriptor`, retrying short writes and
    /// interruptions by signals.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) throws(Failure) {
        guard let base = buffer.baseAddress else { return }
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, base + written, buffer.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .current }
            written += count
        }
    }

    /// Flushes what was written to `descriptor` to the disk (`fsync`).
    static func synchronize(_ descriptor: Int32) throws(Failure) {
        guard fsync(descriptor) == 0 else { throw .current }
    }

    /// Sets the permission bits (the low 12 bits of the mode) of the file open as `descriptor`.
    static func setPermissions(_ permissions: UInt32, of descriptor: Int32) throws(Failure) {
        guard fchmod(descriptor, mode_t(permissions & 0o7777)) == 0 else { throw .current }
    }

    // MARK: File status

    /// What `fstat` or `lstat` says of a file, in the fields RivFormat uses.
    struct FileStatus {
        /// What sort of thing a name or descriptor leads to.
        enum Kind {
            case regularFile, directory, symbolicLink, other
        }

        /// A file time, to the nanosecond.
        struct Timestamp: Equatable {
            let seconds: Int
            let nanoseconds: Int

            init(_ time: timespec) {
                seconds = Int(time.tv_sec)
                nanoseconds = Int(time.tv_nsec)
            }
        }

        /// The size in bytes.
        let size: Int
        /// How many names the file has.
        let linkCount: UInt64
        /// When the contents were last written (can be set back, e.g. by `touch -r`).
        let modified: Timestamp
        /// When the contents or the metadata last changed (no one can set it back).
        let statusChanged: Timestamp
        /// Regular file, directory, symbolic link or anything else.
        let kind: Kind
        /// The permission bits (the low 12 bits of the mode).
        let permissions: UInt32
        /// The owner's user id.
        let owner: UInt32
        /// The group id.
        let group: UInt32

        /// The status of the file open as `descriptor`.
        init(descriptor: Int32) throws(Failure) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw .current }
            self.init(status)
        }

        /// The status of what `path` names, not following a final symbolic link;
        /// nil when it names nothing or cannot be looked at.
        init?(ofLinkAt path: String) {
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        /// The status of the file `path` names, following symbolic links; nil when
        /// there is none or it cannot be looked at.
        init?(following path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        private init(_ status: stat) {
            size = Int(status.st_size)
            linkCount = UInt64(status.st_nlink)
            #if canImport(Darwin)
            modified = Timestamp(status.st_mtimespec)
            statusChanged = Timestamp(status.st_ctimespec)
            #else
            modified = Timestamp(status.st_mtim)
            statusChanged = Timestamp(status.st_ctim)
            #endif
            let mode = UInt32(status.st_mode)
            switch mode & UInt32(S_IFMT) {
            case UInt32(S_IFREG): kind = .regularFile
            case UInt32(S_IFDIR): kind = .directory
            case UInt32(S_IFLNK): kind = .symbolicLink
            default: kind = .other
            }
            permissions = mode & 0o7777
            owner = UInt32(status.st_uid)
            group = UInt32(status.st_gid)
        }
    }

    // MARK: Paths

    /// Renames `source` to `destination`, replacing what `destination` named.
    static func renameFile(_ source: String, to destination: String) throws(Failure) {
        guard rename(source, destination) == 0 else { throw .current }
    }

    /// Gives the file `source` the further name `destination` (a hard link); fails
    /// with `EEXIST` when `destination` names anything.
    static func linkFile(_ source: String, to destination: String) throws(Failure) {
        guard link(source, destination) == 0 else { throw .current }
    }

    /// Removes the name `path`, ignoring failure (for cleaning up).
    static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    // MARK: Memory

    /// The size of a memory page.
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps the first `count` bytes of the file open as `descriptor` read-only and
    /// private; nil when the system refuses. Release it with ``unmap(_:)``.
    static func mapReadOnly(_ descriptor: Int32, count: Int) -> UnsafeRawBufferPointer? {
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        return UnsafeRawBufferPointer(start: address, count: count)
    }

    /// Maps `count` bytes of anonymous, writable memory: zero pages that take no
    /// memory until written (and, on Linux, reserve no swap). Nil when the system
    /// refuses. Release it with ``unmap(_:)``.
    static func mapZeroPages(count: Int) -> UnsafeMutableRawBufferPointer? {
        #if canImport(Darwin)
        let flags = MAP_PRIVATE | MAP_ANON
        #else
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #endif
        guard let address = mmap(nil, count, PROT_READ | PROT_WRITE, flags, -1, 0), address != MAP_FAILED else { return nil }
        return UnsafeMutableRawBufferPointer(start: address, count: count)
    }

    /// Releases memory returned by ``mapReadOnly(_:count:)`` or ``mapZeroPages(count:)``.
    static func unmap(_ bytes: UnsafeRawBufferPointer) {
        _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Gives the `count` bytes of whole pages from `pageStart` back to the kernel
    /// (`MADV_DONTNEED`). Only for a read-only private file mapping: touching the
    /// bytes again reads them back from the file.
    static func dropPages(from pageStart: UnsafeRawPointer, count: Int) {
        _ = madvise(UnsafeMutableRawPointer(mutating: pageStart), count, MADV_DONTNEED)
    }

    // MARK: Limits

    /// How many descriptors this process may have open (the soft `RLIMIT_NOFILE`);
    /// nil when the system does not say.
    static let openFileLimit: UInt64? = {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return UInt64(limit.rlim_cur)
    }()
}

extension POSIX {
    /// What ``FolderEvents/wait(timeout:)`` saw.
    enum FolderEvent {
        /// Something in the folder changed (or the folder itself went or came back).
        case changed
        /// Nothing happened before the time was up.
        case timedOut
        /// ``FolderEvents/close()`` was called.
        case closed
    }

    /// The kernel's word that something in one folder changed: a file created,
    /// written, renamed, removed, or the folder itself removed or created again.
    /// Waiting costs no CPU. Linux: inotify on the folder and, for its re-creation,
    /// its parent. Apple platforms: kqueue vnode sources on the folder and on each
    /// file in it (re-read at each wait), and while the folder is gone a look for
    /// it every 200 ms. Elsewhere `init` fails and callers poll.
    final class FolderEvents: @unchecked Sendable {
        private let path: String
        private let lock = DispatchSemaphore(value: 1)
        private var closed = false
        #if canImport(Glibc) || canImport(Musl)
        private let notifier: Int32
        private let wakeRead: Int32
        private let wakeWrite: Int32
        private var folderWatch: Int32 = -1
        private let folderName: [UInt8]
        private static let folderMask = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE)
            | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        #elseif canImport(Darwin)
        private let signal = DispatchSemaphore(value: 0)
        private let queue = DispatchQueue(label: "riv-assets.folder-events")
        private var sources: [String: DispatchSourceFileSystemObject] = [:]
        #endif

        /// Starts watching the folder at `path` (which may not exist yet); nil when
        /// this system cannot notify.
        init?(watching path: String) {
            self.path = path
            #if canImport(Glibc) || canImport(Musl)
            let notifier = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
            var pipeEnds: [Int32] = [0, 0]
            guard notifier >= 0 else { return nil }
            guard pipe(&pipeEnds) == 0 else {
                try? POSIX.closeDescriptor(notifier)
                return nil
            }
            self.notifier = notifier
            (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
            let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            let slash = trimmed.lastIndex(of: "/")
            let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
            folderName = Array((slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed).utf8)
            _ = inotify_add_watch(notifier, parent, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO))
            folderWatch = inotify_add_watch(notifier, path, Self.folderMask)
            #elseif canImport(Darwin)
            refreshSources()
            #else
            return nil
            #endif
        }

        deinit {
            close()
            #if canImport(Glibc) || canImport(Musl)
            for descriptor in [notifier, wakeRead, wakeWrite] { try? POSIX.closeDescriptor(descriptor) }
            #endif
        }

        /// Blocks until something changes, `timeout` seconds pass (nil: no limit), or
        /// the watch is closed.
        func wait(timeout: Double?) -> FolderEvent {
            #if canImport(Glibc) || canImport(Musl)
            var descriptors = [pollfd(fd: notifier, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let milliseconds = timeout.map { Int32(max(0, min($0 * 1000, Double(Int32.max)))) } ?? -1
            while true {
                let ready = poll(&descriptors, 2, milliseconds)
                if ready < 0 && errno == EINTR { continue }
                if isClosed || descriptors[1].revents != 0 { return .closed }
                if ready <= 0 { return .timedOut }
                return drainEvents() ? .changed : .timedOut
            }
            #elseif canImport(Darwin)
            if isClosed { return .closed }
            if queue.sync(execute: { sources[path] == nil }) {
                // The folder is gone: look for it again a little later.
                let step = min(timeout ?? 0.2, 0.2)
                _ = signal.wait(timeout: .now() + step)
                if isClosed { return .closed }
                refreshSources()
                return queue.sync(execute: { sources[path] != nil }) ? .changed : .timedOut
            }
            let result: DispatchTimeoutResult
            if let timeout {
                result = signal.wait(timeout: .now() + timeout)
            } else {
                signal.wait()
                result = .success
            }
            if isClosed { return .closed }
            guard result == .success else { return .timedOut }
            refreshSources()
            return .changed
            #else
            return .closed
            #endif
        }

        /// Stops watching; a wait in progress returns `.closed`.
        func close() {
            lock.wait()
            let wasClosed = closed
            closed = true
            lock.signal()
            guard !wasClosed else { return }
            #if canImport(Glibc) || canImport(Musl)
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            #elseif canImport(Darwin)
            queue.sync {
                for source in sources.values { source.cancel() }
                sources = [:]
            }
            signal.signal()
            #endif
        }

        private var isClosed: Bool {
            lock.wait()
            defer { lock.signal() }
            return closed
        }

        #if canImport(Glibc) || canImport(Musl)
        /// Reads every pending event; true when one concerns the folder (not just a
        /// sibling in its parent). Re-adds the folder's watch when it comes back.
        private func drainEvents() -> Bool {
            var relevant = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { readAvailable(notifier, $0) }
                guard count > 0 else { break }
                var offset = 0
                while offset + 16 <= count {
                    let watch = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                    let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                    let name = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    if watch == folderWatch {
                        relevant = true
                    } else if Array(name) == folderName {
                        // The folder was created (again) in its parent: watch it anew.
                        folderWatch = inotify_add_watch(notifier, path, Self.folderMask)
                        relevant = true
                    }
                    offset += 16 + length
                }
            }
            return relevant
        }
        #elseif canImport(Darwin)
        /// Watches the folder and every file in it, dropping sources of what is gone.
        private func refreshSources() {
            queue.sync {
                var wanted = [path]
                if let entries = try? FileManager.default.contentsOfDirectory(atPath: path) { wanted += entries.map { path + "/" + $0 } }
                for (watched, source) in sources where !wanted.contains(watched) {
                    source.cancel()
                    sources[watched] = nil
                }
                for item in wanted where sources[item] == nil {
                    let descriptor = open(item, O_EVTONLY)
                    guard descriptor >= 0 else { continue }
                    let source = DispatchSource.makeFileSystemObjectSource(
                        fileDescriptor: descriptor, eventMask: [.write, .extend, .delete, .rename, .attrib, .link], queue: queue)
                    let signal = self.signal
                    source.setEventHandler { signal.signal() }
                    source.setCancelHandler { try? POSIX.closeDescriptor(descriptor) }
                    source.resume()
                    sources[item] = source
                }
                // A folder source that saw its folder removed is stale: drop it so the next wait looks again.
                if access(path, F_OK) != 0, let stale = sources[path] {
                    stale.cancel()
                    sources[path] = nil
                }
            }
        }
        #endif
    }
}

/// The C library's `read`, which `POSIX.read(from:into:at:)` hides inside the enum.
private func readAvailable(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
