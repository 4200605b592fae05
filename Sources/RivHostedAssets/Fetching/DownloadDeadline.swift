import Dispatch
import Foundation
import RivFormat
import RivSupport

/// The fetcher's one total deadline: an attempt not finished `seconds` after it
/// began fails as ``HostedAssetError/Cause/deadlineExceeded(seconds:)`` at once,
/// however far it got and whether or not its transport ever answers (the
/// attempt is cancelled, never waited for). One timer watches every attempt in
/// flight, ticking a tenth of the deadline apart (between 50 ms and half a
/// second) while attempts run and paused when none does: a timer per attempt
/// cost each one a dispatch timer kept alive for the whole deadline. (Sendable:
/// the timer is reached only under its lock.)
final class DownloadDeadline: @unchecked Sendable {
    /// How long an attempt may take in all, in seconds.
    let seconds: Double

    /// An attempt in flight: when it is due, and how to end it then.
    private struct Running {
        let due: DispatchTime
        let expire: @Sendable () -> Void
    }

    private let table = Protected<(next: Int, running: [Int: Running])>((0, [:]))
    private let watchdog = Protected<(timer: DispatchSourceTimer?, isRunning: Bool)>((nil, false))

    /// A deadline of `seconds` for each attempt.
    init(seconds: Double) {
        self.seconds = seconds
    }

    deinit {
        watchdog.withLock { watchdog in
            // A suspended source must be resumed before it is cancelled.
            if let timer = watchdog.timer {
                if !watchdog.isRunning { timer.resume() }
                timer.cancel()
            }
        }
    }

    /// What `work` returns or throws, or the deadline's failure once it is due
    /// (or `CancellationError` when the caller is cancelled) without waiting for
    /// `work`, which is cancelled; what it returns too late goes to `discard`.
    func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value,
                              discard: @escaping @Sendable (Value) -> Void) async throws -> Value {
        let waiting = Protected<CheckedContinuation<Value, any Error>?>(nil)
        let worker = Protected<Task<Void, Never>?>(nil)
        /// Ends the wait with `outcome`; false when it had ended already.
        @Sendable func settle(_ outcome: Result<Value, any Error>) -> Bool {
            guard let continuation = waiting.withLock({ waiting in
                defer { waiting = nil }
                return waiting
            }) else { return false }
            continuation.resume(with: outcome)
            return true
        }
        let failure = AttemptFailure(cause: .deadlineExceeded(seconds: seconds))
        let id = table.withLock { table in
            defer { table.next += 1 }
            return table.next
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting.withLock { $0 = continuation }
                guard !Task.isCancelled else {
                    _ = settle(.failure(CancellationError()))
                    return
                }
                track(id, Running(due: .now() + seconds) {
                    if settle(.failure(failure)) { worker.withLock { $0 }?.cancel() }
                })
                let task = Task {
                    let outcome: Result<Value, any Error>
                    do {
                        outcome = .success(try await work())
                    } catch {
                        outcome = .failure(error)
                    }
                    self.forget(id)
                    if !settle(outcome), case .success(let late) = outcome { discard(late) }
                }
                worker.withLock { $0 = task }
                // Ended while the task was being made: it need not run on.
                if waiting.withLock({ $0 == nil }) { task.cancel() }
            }
        } onCancel: {
            if settle(.failure(CancellationError())) { worker.withLock { $0 }?.cancel() }
            forget(id)
        }
    }

    private func track(_ id: Int, _ running: Running) {
        table.withLock { $0.running[id] = running }
        runWatchdog()
    }

    private func forget(_ id: Int) {
        table.withLock { _ = $0.running.removeValue(forKey: id) }
    }

    /// Starts the timer (created the first time), unless it runs.
    private func runWatchdog() {
        watchdog.withLock { watchdog in
            guard !watchdog.isRunning else { return }
            if watchdog.timer == nil {
                let timer = DispatchSource.makeTimerSource(queue: .global())
                let interval = min(0.5, max(0.05, seconds / 10))
                timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(10))
                timer.setEventHandler { [weak self] in self?.expireOverdue() }
                watchdog.timer = timer
            }
            watchdog.timer?.resume()
            watchdog.isRunning = true
        }
    }

    /// Ends every attempt past its deadline; pauses the timer when none is left.
    private func expireOverdue() {
        let now = DispatchTime.now()
        let (overdue, isIdle) = table.withLock { table in
            let overdue = table.running.filter { $0.value.due <= now }
            for id in overdue.keys { table.running[id] = nil }
            return (overdue.values.map(\.expire), table.running.isEmpty)
        }
        for expire in overdue { expire() }
        guard isIdle else { return }
        watchdog.withLock { watchdog in
            // Checked again under the lock: an attempt begun meanwhile keeps it running.
            guard watchdog.isRunning, table.withLock({ $0.running.isEmpty }) else { return }
            watchdog.timer?.suspend()
            watchdog.isRunning = false
        }
    }
}
