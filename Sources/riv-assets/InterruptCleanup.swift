import Dispatch
import RivFormat

/// On SIGINT or SIGTERM, removes the temporary files of writes in progress and
/// exits at once, leaving inputs and destinations as they were. (The handler runs
/// on a dispatch queue, not in signal context, so it may take locks.)
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        for signalNumber in Platform.interruptSignals {
            Platform.ignore(signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                TemporaryFiles.shared.removeAll()
                Platform.exitImmediately(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
