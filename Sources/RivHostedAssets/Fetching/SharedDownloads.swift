/// One download per uuid at a time: a request for a uuid already being fetched
/// waits for that download's outcome instead of starting another.
///
/// Each caller waits on its own: a caller whose task is cancelled stops waiting
/// at once (nil), and the download itself is cancelled when no caller waits for
/// it any more, so a cancelled fetch stops its transport unless another caller
/// still wants the bytes.
actor SharedDownloads {
    typealias Outcome = Result<HostedAssetFetch, HostedAssetError>

    private struct Running {
        let task: Task<Void, Never>
        var waiters: [Int: CheckedContinuation<Outcome?, Never>] = [:]
    }

    private var running: [String: Running] = [:]
    private var nextWaiter = 0

    /// The outcome of the download of `key`, started with `download` unless one is
    /// running; nil when the calling task was cancelled before it came.
    func outcome(for key: String, _ download: @escaping @Sendable () async -> Outcome) async -> Outcome? {
        let waiter = nextWaiter
        nextWaiter += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome?, Never>) in
                guard !Task.isCancelled else { return continuation.resume(returning: nil) }
                if running[key] == nil {
                    running[key] = Running(task: Task { [weak self] in
                        let outcome = await download()
                        await self?.finish(key, with: outcome)
                    })
                }
                running[key]?.waiters[waiter] = continuation
            }
        } onCancel: {
            Task { await self.leave(key, waiter: waiter) }
        }
    }

    /// Hands `outcome` to every caller still waiting for `key`.
    private func finish(_ key: String, with outcome: Outcome) {
        guard let ended = running.removeValue(forKey: key) else { return }
        for continuation in ended.waiters.values { continuation.resume(returning: outcome) }
    }

    /// A cancelled caller stops waiting; the download stops when it was the last.
    private func leave(_ key: String, waiter: Int) {
        guard let continuation = running[key]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(returning: nil)
        if running[key]?.waiters.isEmpty == true, let ended = running.removeValue(forKey: key) { ended.task.cancel() }
    }
}
