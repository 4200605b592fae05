#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls of the operations layer whose spelling or existence differs
/// between Linux (Glibc) and Apple platforms (Darwin). Nothing else in the target
/// imports a C library module.
enum POSIX {
    /// What identifies a file whatever the path to it (device and inode), following
    /// a final symbolic link; nil when nothing is there.
    static func fileKey(atPath path: String) -> FileKey? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileKey(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The absolute path of what `path` names with every link and `..` resolved as
    /// the kernel resolves them; nil when it names nothing.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The last part of the name a descriptor path (`/proc/self/fd/N`, `/dev/fd/N`)
    /// stands for, with bytes that are not UTF-8 percent-encoded (`caf%E9.riv`);
    /// nil for any other path.
    static func nameBehindDescriptor(_ path: String) -> String? {
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
    static func entryExists(atPath path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` names a regular file itself (a link to one is not); nil when
    /// nothing is there.
    static func isRegularFile(atPath path: String) -> Bool? {
        entry(atPath: path)?.isRegularFile
    }

    /// What `path` names itself (a final link is not followed): whether it is a
    /// regular file, and its size in bytes; nil when nothing is there.
    static func entry(atPath path: String) -> (isRegularFile: Bool, byteCount: Int)? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return (status.st_mode & S_IFMT == S_IFREG, Int(status.st_size))
    }

    /// Opens the regular file `path` (created with mode 0644 when missing; a link,
    /// folder, pipe or device there is refused) and waits until this descriptor
    /// holds the exclusive `flock` lock on it. The lock lasts until the descriptor
    /// is closed (``unlock(_:)``), or the process ends.
    static func lockExclusively(_ path: String) -> Result<Int32, FileReadProblem> {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(errno == ELOOP ? .notRegular : errno == EACCES ? .notPermitted : .other(String(cString: strerror(errno))))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
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
    static func unlock(_ descriptor: Int32) {
        close(descriptor)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is
    /// shorter), or why it cannot be read. Opened without blocking, so a FIFO or a
    /// device is refused rather than waited on.
    static func head(ofFileAt path: String, count: Int) -> Result<[UInt8], FileReadProblem> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT ? .missing : errno == EACCES ? .notPermitted : .other(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.other(String(cString: strerror(errno)))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.directory)
        default: return .failure(.notRegular)
        }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        guard read >= 0 else { return .failure(.other(String(cString: strerror(errno)))) }
        return .success(Array(bytes.prefix(read)))
    }

    // MARK: Threads

    /// A started thread that can be waited for.
    final class JoinableThread: @unchecked Sendable {
        private let body: @Sendable () -> Void
        #if os(Linux)
        private var thread = pthread_t()
        private var widerMask: cpu_set_t?
        #else
        private var thread: pthread_t?
        #endif

        private init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }

        /// Starts `body` on a new thread, first on `cpu` alone when given and the
        /// kernel accepts it (Linux; elsewhere the hint is ignored); nil when no
        /// thread could be created.
        static func start(on cpu: Int32?, _ body: @escaping @Sendable () -> Void) -> JoinableThread? {
            let thread = JoinableThread(body: body)
            #if os(Linux)
            if let cpu, thread.create(pinnedTo: cpu) { return thread }
            #endif
            return thread.create(pinnedTo: nil) ? thread : nil
        }

        private func create(pinnedTo cpu: Int32?) -> Bool {
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return false }
            defer { pthread_attr_destroy(&attributes) }
            #if os(Linux)
            widerMask = nil
            if let cpu {
                guard let mask = CPUAffinity.currentMask(), CPUAffinity.restrict(&attributes, to: cpu) else { return false }
                widerMask = mask
            }
            #endif
            let context = Unmanaged.passRetained(self).toOpaque()
            guard pthread_create(&thread, &attributes, { context in
                #if os(Linux)
                let thread = Unmanaged<JoinableThread>.fromOpaque(context!).takeRetainedValue()
                #else
                let thread = Unmanaged<JoinableThread>.fromOpaque(context).takeRetainedValue()
                #endif
                thread.run()
                return nil
            }, context) == 0 else {
                Unmanaged<JoinableThread>.fromOpaque(context).release()
                return false
            }
            return true
        }

        private func run() {
            #if os(Linux)
            if let widerMask { CPUAffinity.setCurrentMask(widerMask) }
            #endif
            body()
        }

        /// Waits for the thread to finish.
        func join() {
            #if os(Linux)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
        }
    }

    /// The CPUs this process may run on, in increasing order; empty when unknown
    /// (always on Apple platforms, which do not expose affinity).
    static func allowedCPUs() -> [Int32] {
        #if os(Linux)
        CPUAffinity.allowedCPUs()
        #else
        []
        #endif
    }

    /// The CPU the calling thread runs on now, when known.
    static func currentCPU() -> Int32? {
        #if os(Linux)
        CPUAffinity.currentCPU()
        #else
        nil
        #endif
    }

    #if os(Linux)
    /// glibc's `sched_getaffinity`, `sched_setaffinity`, `pthread_attr_setaffinity_np`
    /// and `sched_getcpu`, which the Glibc module leaves out (they need `_GNU_SOURCE`)
    /// and are looked up by name instead. Every call reports failure when a function
    /// is missing.
    enum CPUAffinity {
        static func allowedCPUs() -> [Int32] {
            guard var mask = currentMask() else { return [] }
            return withUnsafeBytes(of: &mask) { bytes in
                (0..<Int32(bytes.count * 8)).filter { cpu in bytes[Int(cpu) / 8] & (1 << UInt8(cpu % 8)) != 0 }
            }
        }

        static func currentCPU() -> Int32? {
            guard let getCPU = functions.getCPU else { return nil }
            let cpu = getCPU()
            return cpu >= 0 ? cpu : nil
        }

        static func currentMask() -> cpu_set_t? {
            var mask = cpu_set_t()
            guard let getAffinity = functions.getAffinity, getAffinity(0, MemoryLayout<cpu_set_t>.size, &mask) == 0 else { return nil }
            return mask
        }

        @discardableResult
        static func setCurrentMask(_ mask: cpu_set_t) -> Bool {
            var mask = mask
            guard let setAffinity = functions.setAffinity else { return false }
            return setAffinity(0, MemoryLayout<cpu_set_t>.size, &mask) == 0
        }

        static func restrict(_ attributes: inout pthread_attr_t, to cpu: Int32) -> Bool {
            guard let setAttributeAffinity = functions.setAttributeAffinity, cpu >= 0,
                  Int(cpu) < MemoryLayout<cpu_set_t>.size * 8 else { return false }
            var single = cpu_set_t()
            withUnsafeMutableBytes(of: &single) { bytes in bytes[Int(cpu) / 8] |= 1 << UInt8(cpu % 8) }
            return setAttributeAffinity(&attributes, MemoryLayout<cpu_set_t>.size, &single) == 0
        }

        private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        private typealias AttributeAffinityCall = @convention(c) (UnsafeMutableRawPointer, Int, UnsafeMutableRawPointer) -> Int32

        private struct Functions: @unchecked Sendable {
            let getAffinity: AffinityCall?
            let setAffinity: AffinityCall?
            let setAttributeAffinity: AttributeAffinityCall?
            let getCPU: (@convention(c) () -> Int32)?
        }

        private static let functions = Functions(
            getAffinity: function("sched_getaffinity"), setAffinity: function("sched_setaffinity"),
            setAttributeAffinity: function("pthread_attr_setaffinity_np"), getCPU: function("sched_getcpu"))

        private static func function<Function>(_ name: String) -> Function? {
            dlsym(nil, name).map { unsafeBitCast($0, to: Function.self) }
        }
    }
    #endif
}

/// Why a file could not be read, in words a user can act on.
enum FileReadProblem: Error, Equatable, CustomStringConvertible {
    case missing, directory, notRegular, notPermitted
    case other(String)

    var description: String {
        switch self {
        case .missing: "there is no such file"
        case .directory: "it is a folder, not a file"
        case .notRegular: "it is not a regular file (a pipe, device or socket)"
        case .notPermitted: "permission to read it is denied"
        case .other(let reason): reason
        }
    }
}

/// What identifies an existing file whatever the path to it: device and inode
/// (whether two paths are one file; RivFormat's `FileIdentity` says instead
/// whether a file changed since it was read).
struct FileKey: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
}
