import Dispatch
import Foundation
import RivFormat
import RivSupport

/// On SIGINT or SIGTERM, removes the temporary files of writes in progress, says
/// what was done before the signal (files written whole stay; writes in progress
/// are undone), and exits at once with 128 + the signal number, leaving inputs
/// and destinations as they were. (The handler runs on a dispatch queue, not in
/// signal context, so it may take locks.)
///
/// While a command keeps working until it is stopped (`replace --watch`), it
/// registers how to stop: the signal then stops it (a write in progress finishes),
/// and the process exits with the status the stop returns instead (0 when every
/// write succeeded, 1 when one failed).
package enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    private static let stopRequested = Protected<(@Sendable () -> Int32)?>(nil)

    /// Makes SIGINT and SIGTERM call `stop`, then exit with the status it returns.
    static func stopOnInterrupt(_ stop: @escaping @Sendable () -> Int32) {
        stopRequested.withLock { $0 = stop }
    }

    package static func install() {
        for signalNumber in Platform.interruptSignals {
            Platform.ignore(signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                if let stop = stopRequested.withLock({ $0 }) {
                    let status = stop()
                    let undone = TemporaryFiles.shared.removeAll()
                    Console.standard.error("riv-assets: stopped" + (undone > 0 ? "; " + CountedNoun.text(undone, "write") + " in progress undone" : ""))
                    Platform.exitProcess(status)
                }
                let undone = TemporaryFiles.shared.removeAll()
                let written = TemporaryFiles.shared.completedWriteCount
                Console.standard.error("riv-assets: interrupted: \(written) file\(written == 1 ? " was" : "s were") written whole "
                    + "before it and \(CountedNoun.agreeing(written, "stays", "stay")); \(CountedNoun.text(undone, "write")) in progress "
                    + "\(undone == 1 ? "was" : "were") undone, leaving no partial file")
                Platform.exitImmediately(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
