import Foundation
import RivFormat
@testable import RivCommandLine
import RivSupport
import Testing

/// Runs a command of the tool in this process, through the same entry point the
/// executable's `main` calls, with its output collected instead of printed.
enum InProcess {
    /// Runs a command that does not wait on asynchronous work. One that does
    /// (``waitsOnAsyncWork(_:)``) is not run but recorded as a test failure: on a
    /// test's thread, one of the concurrency pool's, it would block the thread its
    /// own work needs, and two such tests at once stop the whole test process.
    static func run(_ arguments: [String]) -> RivAssets.Result {
        guard !waitsOnAsyncWork(arguments) else {
            Issue.record("riv-assets \(arguments.first ?? "") waits on asynchronous work: run it with `await InProcess.runOffThePool`")
            return RivAssets.Result(status: 70, stdout: "", stderr: "not run on a thread of the concurrency pool")
        }
        return runHere(arguments)
    }

    /// Runs the command on the calling thread.
    private static func runHere(_ arguments: [String]) -> RivAssets.Result {
        // Text written from any thread, kept in order.
        let output = Protected(""), errors = Protected("")
        let console = Console(output: { text in output.withLock { $0 += text } }, error: { text in errors.withLock { $0 += text } })
        let status = RivAssetsTool.run(arguments: arguments, console: console)
        return RivAssets.Result(status: status, stdout: output.withLock { $0 }, stderr: errors.withLock { $0 })
    }

    /// Whether the command `arguments` names blocks its thread on asynchronous
    /// work (`fetch`, `embed`, `extract`): run in-process, it needs
    /// ``runOffThePool(_:)``.
    static func waitsOnAsyncWork(_ arguments: [String]) -> Bool {
        ["fetch", "embed", "extract"].contains(arguments.first ?? "")
    }

    /// Like ``run(_:)`` on a thread of its own, for commands that wait on
    /// asynchronous work (`fetch`, `embed`, `extract`): the tool blocks
    /// its thread while that work runs on the concurrency pool, so it must not
    /// block one of the pool's few threads, as a test's own thread is.
    static func runOffThePool(_ arguments: [String]) async -> RivAssets.Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: runHere(arguments)) }.start()
        }
    }
}
