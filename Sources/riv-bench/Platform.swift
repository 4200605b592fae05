#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RivSupport

/// Every system call the benchmark makes itself (the baselines, the input
/// generator, the driver's housekeeping), as thin checked wrappers so that they
/// cost what the system costs. Nothing else in the target imports a C library
/// module. The benchmark reads `/proc` and so runs on Linux; the calls themselves
/// exist on Darwin too.
enum Platform {
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

    static func closeFile(_ descriptor: Int32, path: String) throws(BenchError) {
        guard close(descriptor) == 0 else { throw failure("cannot close \(path)") }
    }

    /// Reads up to `count` bytes; 0 at the end of the file.
    static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String) throws(BenchError) -> Int {
        while true {
            let result = read(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno != EINTR { throw failure("cannot read \(path)") }
        }
    }

    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(BenchError) {
        do throws(POSIX.Failure) {
            try POSIX.writeAll(buffer, to: descriptor)
        } catch {
            throw BenchError("cannot write \(path): \(error.message)")
        }
    }

    static func flush(_ descriptor: Int32, path: String) throws(BenchError) {
        guard fsync(descriptor) == 0 else { throw failure("cannot flush \(path)") }
    }

    /// Flushes every file system's dirty pages (sync(2)).
    static func flushAll() {
        sync()
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

    /// Creates a new folder `parent/riv-bench-XXXXXX` and returns its path.
    static func makeTemporaryFolder(in parent: String) throws(BenchError) -> String {
        var template = Array((parent + "/riv-bench-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw failure("cannot create a temporary folder in \(parent)")
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The whole text of a file under `/proc`, or nil when it cannot be read. Such
    /// files report a size of 0: `String(contentsOfFile:)` stops after its first
    /// read there, so a long one (`/proc/mounts` with many mounts) would come back cut.
    static func procText(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The signals that interrupt a run: SIGINT and SIGTERM.
    static let interruptSignals: [Int32] = [SIGINT, SIGTERM]

    /// Stops `signalNumber` from killing the process, so a dispatch source can handle it.
    static func ignore(_ signalNumber: Int32) {
        signal(signalNumber, SIG_IGN)
    }

    static func killAtOnce(_ process: Int32) {
        kill(process, SIGKILL)
    }

    /// Runs the program at `path` with `arguments` and this process's environment
    /// plus `environment`, its standard output discarded and its standard error
    /// written to the file `errorPath` (or discarded), to its end. Returns the CPU
    /// time the child used (user plus system, from `wait4`) and its exit status
    /// (128 + the signal when a signal ended it).
    static func cpuTime(running path: String, _ arguments: [String], environment: [String: String] = [:],
                        errorPath: String? = nil) throws(BenchError) -> (seconds: Double, status: Int32) {
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var child: pid_t = 0
        let started = posix_spawn(&child, path, &actions, nil, argv, envp)
        guard started == 0 else { throw BenchError("cannot start \(path): \(String(cString: strerror(started)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw failure("cannot wait for \(path)") }
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let signalNumber = status & 0x7f
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime), signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber)
    }

    /// The CPU time this process has used so far (user plus system, every thread), in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }

    private static func failure(_ what: String) -> BenchError {
        BenchError("\(what): \(String(cString: strerror(errno)))")
    }
}
