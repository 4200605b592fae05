import Foundation
import RivAssetsKit
import RivFormat
import RivSupport

/// The line `fetch`, `embed` and `extract --hosted` redraw on standard error while they fetch, when
/// it is a terminal: assets done, bytes downloaded, rate. Elsewhere it says nothing.
final class ProgressLine: Sendable {
    private let console: Console
    private let started = Date()
    /// Whether a line is on the screen.
    private let drawn = Protected(false)

    init(console: Console) {
        self.console = console
    }

    /// The callback for a request, nil when the error stream is no terminal.
    var callback: (@Sendable (FetchProgress) -> Void)? {
        guard console.errorIsTerminal else { return nil }
        return { [self] in draw($0) }
    }

    /// Ends the line, when one was drawn: called once the operation returns, before
    /// anything else is printed.
    func finish() {
        if drawn.withLock({ $0 }) { console.writeError("\r\u{1B}[K") }
    }

    private func draw(_ progress: FetchProgress) {
        let seconds = max(0.001, Date().timeIntervalSince(started))
        let rate = ByteCountText.binary(Int(Double(progress.downloadedBytes) / seconds))
        drawn.withLock { $0 = true }
        console.writeError("\r\u{1B}[K\(progress.completed)/\(progress.total) assets, \(ByteCountText.binary(progress.downloadedBytes)) downloaded, \(rate)/s")
    }
}
