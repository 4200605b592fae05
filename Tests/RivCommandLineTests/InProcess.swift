import Foundation
import RivFormat
@testable import RivCommandLine
import RivSupport

/// Runs a command of the tool in this process, through the same entry point the
/// executable's `main` awaits, with its output collected instead of printed.
enum InProcess {
    /// Runs the command to its end. Its asynchronous work (`fetch`, `embed`,
    /// `extract`) is awaited, so no thread of the concurrency pool is blocked, and
    /// any number of such runs at once share the pool.
    static func run(_ arguments: [String]) async -> RivAssets.Result {
        // Text written from any thread, kept in order.
        let output = Protected(""), errors = Protected("")
        let console = Console(output: { text in output.withLock { $0 += text } }, error: { text in errors.withLock { $0 += text } })
        let status = await RivAssetsTool.run(arguments: arguments, console: console)
        return RivAssets.Result(status: status, stdout: output.withLock { $0 }, stderr: errors.withLock { $0 })
    }
}
