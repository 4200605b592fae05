import Foundation

/// The delegate queue of ``URLSessionTransport``'s session: it runs what the URL
/// loading system hands it at once, on the thread that hands it over, instead of
/// queueing it. FoundationNetworking delivers a body in pieces of at most 16 KiB
/// from the thread that reads the sockets and cannot pause a transfer; queued,
/// the pieces pile up in memory whenever writing them falls behind the network
/// (a 1 GiB body on a loopback connection piled up past 150 MiB). Run at once,
/// each piece is written before the next is read, so memory stays flat and the
/// connection goes at the speed of the disk. The delegate never calls back into
/// the session from these callbacks (it hands those calls to another queue), so
/// running them on the session's own thread cannot block it.
final class DirectDelegateQueue: OperationQueue, @unchecked Sendable {
    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "riv-assets hosted downloads"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
