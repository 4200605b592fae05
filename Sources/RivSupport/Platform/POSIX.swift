#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("RivSupport needs a POSIX C library: Glibc or Musl (Linux) or Darwin (Apple platforms)")
#endif
import Dispatch
import Foundation

/// The C library calls the package makes, each with one spelling that compiles
/// against Linux's C libraries (Glibc, Musl) and Apple's (Darwin) alike: the one
/// POSIX layer that RivFormat, RivAssetRegistry, RivHostedAssets, RivAssetsKit,
/// the tool and the benchmark share.
///
/// This is the only file of the target that imports the C library; where the
/// libraries name a thing differently (file times, resource limits, flags, CPU
/// affinity), the difference is settled here under `#if`, so the rest of the
/// package reads without it. Calls that fail throw ``Failure`` with the error number they left in `errno`.
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
        package var isAlreadyExists: Bool { code == EEXIST }
        /// True when the file system cannot make hard links.
        package var isLinkUnsupported: Bool { code == EPERM || code == EOPNOTSUPP || code == EXDEV || code == EMLINK }
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
    package static func createExclusively(_ path: String, permissions: UInt32) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions & 0o7777))
        guard descriptor >= 0 else { throw .current }
        return descriptor
    }

    /// Gives the file open as `descriptor` this owner and group; false when the
    /// system does not permit it (only the superuser may give a file away).
    @discardableResult
    package static func setOwner(_ owner: UInt32, group: UInt32, of descriptor: Int32) -> Bool {
        fchown(descriptor, uid_t(owner), gid_t(group)) == 0
    }

    /// Flushes the folder at `path` to the disk, so that a rename inside it survives
    /// a crash; file systems that cannot flush a folder are ignored.
    package static func synchronizeFolder(_ path: String) {
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
    package static func synchronize(_ descriptor: Int32) throws(Failure) {
        guard fsync(descriptor) == 0 else { throw .current }
    }

    /// Sets the permission bits (the low 12 bits of the mode) of the file open as `descriptor`.
    package static func setPermissions(_ permissions: UInt32, of descriptor: Int32) throws(Failure) {
        guard fchmod(descriptor, mode_t(permissions & 0o7777)) == 0 else { throw .current }
    }

    // MARK: File status

    /// What `fstat` or `lstat` says of a file, in the fields the package uses.
    package struct FileStatus {
        /// What sort of thing a name or descriptor leads to.
        package enum Kind {
            case regularFile, directory, symbolicLink, other
        }

        /// A file time, to the nanosecond.
        package struct Timestamp: Equatable {
            package let seconds: Int
            package let nanoseconds: Int

            package init(_ time: timespec) {
                seconds = Int(time.tv_sec)
                nanoseconds = Int(time.tv_nsec)
            }
        }

        /// The size in bytes.
        package let size: Int
        /// How many names the file has.
        package let linkCount: UInt64
        /// The device that holds the file.
        package let device: UInt64
        /// The file's number on its device (with ``device``, what identifies it whatever the path).
        package let inode: UInt64
        /// When the contents were last written (can be set back, e.g. by `touch -r`).
        package let modified: Timestamp
        /// When the contents or the metadata last changed (no one can set it back).
        package let statusChanged: Timestamp
        /// Regular file, directory, symbolic link or anything else.
        package let kind: Kind
        /// The permission bits (the low 12 bits of the mode).
        package let permissions: UInt32
        /// The owner's user id.
        package let owner: UInt32
        /// The group id.
        package let group: UInt32

        /// The status of the file open as `descriptor`.
        package init(descriptor: Int32) throws(Failure) {
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
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
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
    package static func renameFile(_ source: String, to destination: String) throws(Failure) {
        guard rename(source, destination) == 0 else { throw .current }
    }

    /// Gives the file `source` the further name `destination` (a hard link); fails
    /// with `EEXIST` when `destination` names anything.
    package static func linkFile(_ source: String, to destination: String) throws(Failure) {
        guard link(source, destination) == 0 else { throw .current }
    }

    /// Removes the name `path`, ignoring failure (for cleaning up).
    package static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    // MARK: Memory

    /// The size of a memory page.
    package static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps the first `count` bytes of the file open as `descriptor` read-only and
    /// private; nil when the system refuses. Release it with ``unmap(_:)``.
    package static func mapReadOnly(_ descriptor: Int32, count: Int) -> UnsafeRawBufferPointer? {
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        return UnsafeRawBufferPointer(start: address, count: count)
    }

    /// Maps `count` bytes of anonymous, writable memory: zero pages that take no
    /// memory until written (and, on Linux, reserve no swap). Nil when the system
    /// refuses. Release it with ``unmap(_:)``.
    package static func mapZeroPages(count: Int) -> UnsafeMutableRawBufferPointer? {
        #if canImport(Darwin)
        let flags = MAP_PRIVATE | MAP_ANON
        #else
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #endif
        guard let address = mmap(nil, count, PROT_READ | PROT_WRITE, flags, -1, 0), address != MAP_FAILED else { return nil }
        return UnsafeMutableRawBufferPointer(start: address, count: count)
    }

    /// Releases memory returned by ``mapReadOnly(_:count:)`` or ``mapZeroPages(count:)``.
    package static func unmap(_ bytes: UnsafeRawBufferPointer) {
        _ = munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Gives the `count` bytes of whole pages from `pageStart` back to the kernel
    /// (`MADV_DONTNEED`). Only for a read-only private file mapping: touching the
    /// bytes again reads them back from the file.
    package static func dropPages(from pageStart: UnsafeRawPointer, count: Int) {
        _ = madvise(UnsafeMutableRawPointer(mutating: pageStart), count, MADV_DONTNEED)
    }

    // MARK: Limits

    /// How many descriptors this process may have open (the soft `RLIMIT_NOFILE`);
    /// nil when the system does not say.
    package static let openFileLimit: UInt64? = {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return UInt64(limit.rlim_cur)
    }()

    // MARK: Paths and locks of the operations layer

    /// What identifies a file whatever the path to it (device and inode), following
    /// a final symbolic link; nil when nothing is there.
    package static func fileKey(atPath path: String) -> FileKey? {
        FileStatus(following: path).map { FileKey(device: $0.device, inode: $0.inode) }
    }

    /// The absolute path of what `path` names with every link and `..` resolved as
    /// the kernel resolves them; nil when it names nothing.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The last part of the name a descriptor path (`/proc/self/fd/N`, `/dev/fd/N`)
    /// stands for, with bytes that are not UTF-8 percent-encoded (`caf%E9.riv`);
    /// nil for any other path.
    package static func nameBehindDescriptor(_ path: String) -> String? {
        guard path.hasPrefix("/proc/self/fd/") || path.hasPrefix("/dev/fd/") else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { readlink(path, $0, pointer.count) }
        }
        guard count > 0 else { return nil }
        let name = buffer[..<count].split(separator: 0x2F).last.map(Array.init) ?? []
        return name.map { byte in byte < 0x80 ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true) }.joined()
    }

    /// Whether `path` names anything, a dangling symbolic link included.
    package static func entryExists(atPath path: String) -> Bool {
        FileStatus(ofLinkAt: path) != nil
    }

    /// Whether `path` names a regular file itself (a link to one is not); nil when
    /// nothing is there.
    package static func isRegularFile(atPath path: String) -> Bool? {
        entry(atPath: path)?.isRegularFile
    }

    /// What `path` names itself (a final link is not followed): whether it is a
    /// regular file, and its size in bytes; nil when nothing is there.
    package static func entry(atPath path: String) -> (isRegularFile: Bool, byteCount: Int)? {
        FileStatus(ofLinkAt: path).map { ($0.kind == .regularFile, $0.size) }
    }

    /// Opens the regular file `path` (created with mode 0644 when missing; a link,
    /// folder, pipe or device there is refused) and waits until this descriptor
    /// holds the exclusive `flock` lock on it. The lock lasts until the descriptor
    /// is closed (``unlock(_:)``), or the process ends.
    package static func lockExclusively(_ path: String) -> Result<Int32, FileReadProblem> {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(errno == ELOOP ? .notRegular : errno == EACCES ? .notPermitted : .other(String(cString: strerror(errno))))
        }
        guard (try? FileStatus(descriptor: descriptor))?.kind == .regularFile else {
            close(descriptor)
            return .failure(.notRegular)
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return .failure(.other(reason))
            }
        }
        return .success(descriptor)
    }

    /// Gives up the lock ``lockExclusively(_:)`` took, closing its descriptor.
    package static func unlock(_ descriptor: Int32) {
        close(descriptor)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is
    /// shorter), or why it cannot be read. Opened without blocking, so a FIFO or a
    /// device is refused rather than waited on.
    package static func head(ofFileAt path: String, count: Int) -> Result<[UInt8], FileReadProblem> {
        let descriptor: Int32
        do throws(Failure) {
            descriptor = try openForReading(path)
        } catch {
            return .failure(error.code == ENOENT ? .missing : error.code == EACCES ? .notPermitted : .other(error.message))
        }
        defer { try? closeDescriptor(descriptor) }
        do throws(Failure) {
            switch try FileStatus(descriptor: descriptor).kind {
            case .regularFile: break
            case .directory: return .failure(.directory)
            default: return .failure(.notRegular)
            }
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { buffer in Result { () throws(Failure) in try POSIX.read(from: descriptor, into: buffer, at: 0) } }
            return .success(Array(bytes.prefix(try read.get())))
        } catch {
            return .failure(.other(error.message))
        }
    }

    // MARK: Threads

    /// A started thread that can be waited for.
    package final class JoinableThread: @unchecked Sendable {
        private let body: @Sendable () -> Void
        #if os(Linux)
        private var thread = pthread_t()
        #else
        private var thread: pthread_t?
        #endif

        private init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }

        /// Starts `body` on a new thread; nil when no thread could be created.
        package static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
            let thread = JoinableThread(body: body)
            let context = Unmanaged.passRetained(thread).toOpaque()
            guard pthread_create(&thread.thread, nil, { context in
                #if os(Linux)
                let thread = Unmanaged<JoinableThread>.fromOpaque(context!).takeRetainedValue()
                #else
                let thread = Unmanaged<JoinableThread>.fromOpaque(context).takeRetainedValue()
                #endif
                thread.body()
                return nil
            }, context) == 0 else {
                Unmanaged<JoinableThread>.fromOpaque(context).release()
                return nil
            }
            return thread
        }

    /// Waits for the thread to finish.
        package func join() {
            #if os(Linux)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
        }
    }

    /// The CPUs this process may run on, in increasing order; empty when unknown
    /// (always on Apple platforms, which do not expose affinity).
    package static func allowedCPUs() -> [Int32] {
        #if os(Linux)
        CPUAffinity.allowedCPUs()
        #else
        []
        #endif
    }

    #if os(Linux)
    /// glibc's `sched_getaffinity`, which the Glibc module leaves out (it needs
    /// `_GNU_SOURCE`) and is looked up by name instead; no CPUs are reported when
    /// it is missing.
    package enum CPUAffinity {
        package static func allowedCPUs() -> [Int32] {
            var mask = cpu_set_t()
            guard let getAffinity, getAffinity(0, MemoryLayout<cpu_set_t>.size, &mask) == 0 else { return [] }
            return withUnsafeBytes(of: &mask) { bytes in
                (0..<Int32(bytes.count * 8)).filter { cpu in bytes[Int(cpu) / 8] & (1 << UInt8(cpu % 8)) != 0 }
            }
        }

        private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

        private static let getAffinity: AffinityCall? =
            dlsym(nil, "sched_getaffinity").map { unsafeBitCast($0, to: AffinityCall.self) }
    }
    #endif
}
