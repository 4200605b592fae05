import Dispatch
import RivFormat

/// On SIGINT or SIGTERM, removes the temporary files of writes in progress, says
/// what was done before the signal (files written whole stay; writes in progress
/// are undone), and exits at once with 128 + the signal number, leaving inputs
/// and destinations as they were. (The handler runs on a dispatch queue, not in
/// signal context, so it may take locks.)
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        for signalNumber in Platform.interruptSignals {
            Platform.ignore(signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                let undone = TemporaryFiles.shared.removeAll()
                let written = TemporaryFiles.shared.completedWriteCount
                Console.standard.error("riv-assets: interrupted: \(written) file\(written == 1 ? " was" : "s were") written whole "
                    + "before it and stay\(written == 1 ? "s" : ""); \(undone) write\(undone == 1 ? "" : "s") in progress "
                    + "\(undone == 1 ? "was" : "were") undone, leaving no partial file")
                Platform.exitImmediately(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
