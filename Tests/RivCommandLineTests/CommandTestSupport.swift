import Foundation
import Testing
import RivFormat
import RivTestSupport
#if canImport(Glibc)
import Glibc
#endif

// Helpers shared by the extract, replace, strip and fault tests: asset payloads
// with real magic numbers, .riv files built from a list of assets, and looks at
// what a run left on disk.

/// Asset names that would steer a write out of the output folder, were they used
/// as they are: a `/` (or `..` with one), NUL; the others (a leading `.` or `-`,
/// controls, `\\`, `:`, device names) are names a file system holds, written as the
/// runtime looks for them.
enum HostileNames {
    static let all = [
        "../../evil.png", "a/b.png", ".hidden.png", "CON.png", "NUL.tar.png", "new\nline\u{0}x\u{1B}.png",
        "back\\slash:colon.png", "..", "/etc/passwd", "", "\u{7F}del\u{85}.png",
    ]

    /// Checks that a run wrote `count` files straight into `folder` (relative to `sandbox`)
    /// and nothing else anywhere below `sandbox` since its tree was `before`, each under
    /// a name a file system holds; returns the names.
    static func expectConfined(in sandbox: TemporaryDirectory, folder: String, before: [String], count: Int,
                               sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let written = sandbox.entries(folder)
        #expect(written.count == count, "\(written)", sourceLocation: sourceLocation)
        #expect(Set(sandbox.tree()) == Set(before + [folder] + written.map { folder + "/" + $0 }),
                "something was written outside \(folder):\n\(sandbox.tree())", sourceLocation: sourceLocation)
        for name in written {
            #expect(!AssetFileName.needsEncoding(name), "unusable name \(name.debugDescription)", sourceLocation: sourceLocation)
        }
        return written
    }
}

/// Checks that `result` is a usage error of `command`: status 64, nothing on standard
/// output, one line on standard error that names the command and says `message`.
func expectUsageError(_ result: RivAssets.Result, of command: String, saying message: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 64, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(errorLines(result).count == 1 && result.stderr.hasPrefix("riv-assets \(command): ") && result.stderr.contains(message),
            "\(result.stderr)", sourceLocation: sourceLocation)
}

/// Parses standard output as one JSON object.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
}

/// The lines a run wrote to standard error.
func errorLines(_ result: RivAssets.Result) -> [String] {
    result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

extension RivAssets {
    /// Starts the executable with `arguments`, its output discarded (or its standard
    /// error sent to `errors`) and no signal blocked.
    static func start(_ arguments: [String], errors: FileHandle? = nil) throws -> Process {
        let process = try process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        return process
    }

    /// Sends `signal` to `process` if it is still running, then waits for it to end.
    static func stop(_ process: Process, with signal: Int32) throws {
        if process.isRunning { kill(process.processIdentifier, signal) }
        try wait(for: process)
    }
}

extension Process {
    /// Starts the process with no signal blocked, as a shell would. `run()` alone passes
    /// on the calling thread's signal mask, and the threads tests run on block SIGINT,
    /// SIGTERM, SIGXFSZ and most other signals; a child started from them would never
    /// see those signals the way it does when a user runs it.
    func runWithSignalsUnblocked() throws {
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try run()
    }
}
