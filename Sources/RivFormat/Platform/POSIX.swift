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
package enum POSIX {
    /// A failed call: the error number it left in `errno`.
    package struct Failure: Error {
        /// The error number, e.g. `ENOENT`.
        package let code: Int32

        /// The C library's description of the error, e.g. `No such file or directory`.
        package var message: String { errorMessage(code) }

        /// The failure of the call that just returned, from `errno`.
        package static var current: Failure { Failure(code: errno) }

        /// True when the call failed because its file already exists.
        var isAlreadyExists: Bool { code == EEXIST }
        /// True when the file system cannot make hard links.
        var isLinkUnsupported: Bool { code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK }
    }

    /// The C library's description of an error number.
    package static func errorMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    // MARK: Descriptors

    /// Opens `path` for reading; the descriptor is not inherited by programs this
    /// process runs. It is opened without blocking, so a FIFO with no writer or a
    /// device that would wait does not hang the caller (check what it is with
    /// ``FileStatus/init(descriptor:)``); reads of a regular file are unaffected.
    package static func openForReading(_ path: String) throws(Failure) -> Int32 {
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
    package static func closeDescriptor(_ descriptor: Int32) throws(Failure) {
        guard close(descriptor) == 0 else { throw .current }
    }

    /// Reads into `destination` from `offset` of the file open as `descriptor`,
    /// retrying when a signal interrupts the call. Returns how many bytes were read:
    /// fewer than asked near the end of the file, 0 at or past it.
    package static func read(from descriptor: Int32, into destination: UnsafeMutableRawBufferPointer, at offset: Int) throws(Failure) -> Int {
        while true {
            let count = pread(descriptor, destination.baseAddress, destination.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw .current }
        }
    }

    /// Writes every byte of `buffer` to `descriptor`, retrying short writes and
    /// interruptions by signals: the package's one write loop.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) throws(Failure) {
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
    package struct FileStatus {
        /// What sort of thing a name or descriptor leads to.
        package enum Kind {
            case regularFile, directory, symbolicLink, other
        }

        /// A file time, to the nanosecond.
        package struct Timestamp: Equatable {
            package let seconds: Int
            package let nanoseconds: Int

            init(_ time: timespec) {
                seconds = Int(time.tv_sec)
                nanoseconds = Int(time.tv_nsec)
            }
        }

        /// The size in bytes.
        package let size: Int
        /// How many names the file has.
        let linkCount: UInt64
        /// When the contents were last written (can be set back, e.g. by `touch -r`).
        package let modified: Timestamp
        /// When the contents or the metadata last changed (no one can set it back).
        package let statusChanged: Timestamp
        /// Regular file, directory, symbolic link or anything else.
        package let kind: Kind
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
        package init?(ofLinkAt path: String) {
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        /// The status of the file `path` names, following symbolic links; nil when
        /// there is none or it cannot be looked at.
        package init?(following path: String) {
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
