#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(Linux)
import LazyLibcurl
#endif
import RivSupport

/// The system calls of the command-line tool whose module differs between Linux
/// (Glibc) and Apple platforms (Darwin). Nothing else in the target imports a C
/// library module.
package enum Platform {
    /// Standard output's descriptor.
    static let standardOutput: Int32 = 1
    /// Standard error's descriptor.
    static let standardError: Int32 = 2

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Writes all of `bytes` to `descriptor`, retrying interrupted and partial
    /// writes; stops quietly when the reader has gone (a closed pipe).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in _ = try? POSIX.writeAll(buffer, to: descriptor) }
    }

    /// Ignores SIGPIPE (a closed pipe ends output quietly) and SIGXFSZ (a write past
    /// the file size limit fails with EFBIG and is cleaned up instead of killing the process).
    package static func ignoreWriteSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// The signals that interrupt a run: SIGINT and SIGTERM.
    static let interruptSignals: [Int32] = [SIGINT, SIGTERM]

    /// Stops `signalNumber` from killing the process, so a dispatch source can handle it.
    static func ignore(_ signalNumber: Int32) {
        signal(signalNumber, SIG_IGN)
    }

    /// The process's arguments (without the program name) as the bytes the system
    /// passed, some of which may not be valid UTF-8.
    package static func rawArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) }
        }
    }

    /// A path that names the file `bytes` names, for a name that is not valid
    /// UTF-8 (which a Swift string cannot hold): the file is opened and the
    /// descriptor's own path (`/proc/self/fd/N`, `/dev/fd/N`) stands for it. Nil
    /// when it cannot be opened.
    static func descriptorPath(openingRawPath bytes: [UInt8]) -> String? {
        let descriptor = (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { return nil }
        #if os(Linux)
        return "/proc/self/fd/\(descriptor)"
        #else
        return "/dev/fd/\(descriptor)"
        #endif
    }

    /// Why downloads cannot run here, or nil when they can. On Linux the URL loading
    /// system needs libcurl, which the tool loads only when a download starts (so
    /// that no other command pays for loading it): this loads it, and says so
    /// when it is missing. Apple platforms have their own URL loading system.
    static func networkLibraryProblem() -> String? {
        #if os(Linux)
        return lazy_libcurl_problem().map { String(cString: $0) }
        #else
        return nil
        #endif
    }

    /// Ends the process at once with `status`, running no exit handlers.
    static func exitImmediately(_ status: Int32) -> Never {
        _exit(status)
    }

    /// Ends the process with `status`, flushing what the C library buffers.
    package static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }
}
