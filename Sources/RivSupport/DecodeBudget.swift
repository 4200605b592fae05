import Foundation

/// Bytes of memory that image decodes running at once share: a decode reserves what it
/// will hold at most before it allocates, and gives it back when done.
///
/// A reservation waits while the others leave too little room; one larger than the whole
/// budget waits until nothing else is held and then runs alone. Reservations are granted
/// in the order they were asked for, so a large one is not starved by small ones that keep
/// arriving. ``shared`` is the process's budget: `shrink`'s PNGs (whatever file they come
/// from and however many threads run) and any other decoder of images go through it.
/// A reservation must not be asked for while the same thread holds one.
package final class DecodeBudget: @unchecked Sendable {
    /// The bytes the decodes running at once may hold together.
    package let capacity: Int
    private let condition = NSCondition()
    private var held = 0
    private var peak = 0
    private var nextTicket = 0
    private var serving = 0

    /// A budget of `capacity` bytes (at least 1).
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The process's budget: a quarter of the physical memory, at least 1 GiB.
    package static let shared = DecodeBudget(capacity: max(1 << 30, Int(clamping: ProcessInfo.processInfo.physicalMemory / 4)))

    /// The most bytes held at once since the budget was made.
    package var highWaterMark: Int {
        condition.lock()
        defer { condition.unlock() }
        return peak
    }

    /// The bytes held now.
    package var heldBytes: Int {
        condition.lock()
        defer { condition.unlock() }
        return held
    }

    /// Runs `body` once `bytes` are reserved, waiting for room; gives them back when it
    /// returns or throws.
    package func withReservation<Result, Failure: Error>(of bytes: Int, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let bytes = max(0, bytes)
        reserve(bytes)
        defer { release(bytes) }
        return try body()
    }

    private func reserve(_ bytes: Int) {
        condition.lock()
        defer { condition.unlock() }
        let ticket = nextTicket
        nextTicket += 1
        // Room is enough, or, for a reservation larger than the budget, nothing else held.
        while ticket != serving || (held > 0 && held + bytes > capacity) { condition.wait() }
        serving += 1
        held += bytes
        peak = max(peak, held)
        condition.broadcast()
    }

    private func release(_ bytes: Int) {
        condition.lock()
        held -= bytes
        condition.broadcast()
        condition.unlock()
    }
}
