import Foundation
@testable import riv_assets

/// Runs a command of the tool in this process, through the same entry point the
/// executable's `main` calls, with its output collected instead of printed.
enum InProcess {
    static func run(_ arguments: [String]) -> RivAssets.Result {
        let output = Collected()
        let errors = Collected()
        let console = Console(output: { output.append($0) }, error: { errors.append($0) })
        let status = RivAssetsTool.run(arguments: arguments, console: console)
        return RivAssets.Result(status: status, stdout: output.text, stderr: errors.text)
    }

    /// Like ``run(_:)`` on a thread of its own, for commands that wait on
    /// asynchronous work (`fetch`, `embed`, `extract --hosted`): the tool blocks
    /// its thread while that work runs on the concurrency pool, so it must not
    /// block one of the pool's few threads, as a test's own thread is.
    static func runOffThePool(_ arguments: [String]) async -> RivAssets.Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: run(arguments)) }.start()
        }
    }

    /// Text written from any thread, kept in order.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String] = []

        func append(_ text: String) {
            lock.lock()
            parts.append(text)
            lock.unlock()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return parts.joined()
        }
    }
}
