/// A bound on downloads in flight: at most `width` hold a slot, the others wait
/// in the order they came.
actor DownloadSlots {
    private let width: Int
    private var inUse = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `body` holding a slot.
    func withSlot<Value: Sendable>(_ body: @Sendable () async -> Value) async -> Value {
        await acquire()
        let value = await body()
        release()
        return value
    }

    private func acquire() async {
        if inUse < width {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            inUse -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
