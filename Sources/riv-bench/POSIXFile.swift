#if canImport(Glibc)
import Glibc
#endif

/// Thin checked wrappers over the POSIX calls the benchmark makes itself (the
/// baselines and the input generator), so that they cost what the system costs.
enum POSIXFile {
    static func openForReading(_ path: String) throws(BenchError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open \(path)") }
        return descriptor
    }

    static func create(_ path: String) throws(BenchError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create \(path)") }
        return descriptor
    }

    /// Reads up to `count` bytes; 0 at the end of the file.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String) throws(BenchError) -> Int {
        while true {
            let result = Glibc.read(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno != EINTR { throw failure("cannot read \(path)") }
        }
    }

    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(BenchError) {
        var written = 0
        while written < buffer.count {
            let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw failure("cannot write \(path)") }
            written += result
        }
    }

    static func sync(_ descriptor: Int32, path: String) throws(BenchError) {
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(path)") }
    }

    static func size(of path: String) throws(BenchError) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure("cannot stat \(path)") }
        return Int(status.st_size)
    }

    /// The bytes free for an unprivileged user on the file system holding `path`.
    static func freeBytes(at path: String) throws(BenchError) -> Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { throw failure("cannot stat the file system of \(path)") }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    private static func failure(_ what: String) -> BenchError {
        BenchError("\(what): \(String(cString: strerror(errno)))")
    }
}
