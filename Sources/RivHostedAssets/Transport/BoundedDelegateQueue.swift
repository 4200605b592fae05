import Dispatch
import Foundation

/// The delegate queue of ``URLSessionTransport``'s session: serial, with at most
/// `capacity` deliveries waiting. The URL loading system hands each piece of a
/// body to the delegate by adding an operation to this queue from the thread that
/// reads the sockets; once `capacity` wait, adding another blocks that thread
/// until one has run, so a connection slows to the speed its pieces are written
/// at instead of piling them up in memory (with 64 waiting pieces of at most a
/// few hundred KiB, a few MiB at most). Operations added from the queue itself
/// never wait, so the queue cannot block on itself; the delegate hands every call
/// back into the session (completion handlers, cancelling) to another queue, so the
/// session never waits on a queue that waits on it. And no wait lasts over a
/// second: should the system run short of threads to run the queue on, pieces
/// pile up for a moment rather than the session stopping for good.
final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let slots: DispatchSemaphore

    /// A serial queue holding at most `capacity` waiting operations.
    init(capacity: Int) {
        slots = DispatchSemaphore(value: capacity)
        super.init()
        maxConcurrentOperationCount = 1
        name = "riv-assets hosted downloads"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        let waits = OperationQueue.current !== self && slots.wait(timeout: .now() + 1) == .success
        super.addOperation { [slots] in
            block()
            if waits { slots.signal() }
        }
    }
}
