/// A bound on downloads in flight: at most `width` hold a slot, the others wait
/// in the order they came. A download cancelled while it waits leaves the queue.
actor DownloadSlots {
    private let width: Int
    private var inUse = 0
    private var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `body` holding a slot; nil, without running it, when the task is
    /// cancelled before a slot is free.
    func withSlot<Value: Sendable>(_ body: @Sendable () async -> Value) async -> Value? {
        guard await acquire() else { return nil }
        let value = await body()
        release()
        return value
    }

    /// Takes a slot, waiting for one; false when cancelled first (no slot taken).
    private func acquire() async -> Bool {
        if inUse < width {
            inUse += 1
            return true
        }
        let id = nextID
        nextID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                guard !Task.isCancelled else { return continuation.resume(returning: false) }
                waiting.append((id, continuation))
            }
        } onCancel: {
            Task { await self.giveUp(id) }
        }
    }

    /// A waiter cancelled: it leaves the queue without a slot.
    private func giveUp(_ id: Int) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }

    private func release() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            waiting.removeFirst().continuation.resume(returning: true)
        }
    }
}
