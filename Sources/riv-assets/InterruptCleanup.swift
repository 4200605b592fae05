import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import RivFormat

/// On SIGINT or SIGTERM, removes the temporary files of writes in progress and
/// exits, leaving inputs and destinations as they were.
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                TemporaryFiles.shared.removeAll()
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
