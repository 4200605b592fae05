import Dispatch
import Foundation

/// The delegate queue of ``URLSessionTransport``'s session: it runs what the URL
/// loading system hands it in order, on one serial dispatch queue, without the
/// bookkeeping an `OperationQueue` does for each operation. FoundationNetworking
/// delivers a body in pieces of at most 16 KiB, each through this queue, and
/// cannot pause a transfer to wait for them; so the pieces must be written at
/// least as fast as a loopback connection delivers them, or they pile up in
/// memory (through an operation queue, a 1 GiB body piled up to 165 MiB). Run
/// straight on a dispatch queue, writing keeps ahead and memory stays flat.
final class DirectDelegateQueue: OperationQueue, @unchecked Sendable {
    private let serial = DispatchQueue(label: "riv-assets hosted downloads")

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "riv-assets hosted downloads"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        serial.async(execute: block)
    }
}
