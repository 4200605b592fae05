#if canImport(Glibc)
import Glibc
#endif

/// A joinable thread that starts on a chosen CPU, for ``ParallelWork``.
///
/// Linux starts a new thread on the CPU of the thread that created it and moves it
/// to an idle CPU only when it next balances load. On the 2-core development
/// machine that sometimes came one 4 ms tick later (`perf sched map` showed both
/// threads sharing one CPU while the other idled), long enough to double the time
/// of a 5 ms listing of a thousand files. A thread created with a one-CPU mask
/// starts on that CPU; it widens its mask back to the process's as its first step,
/// so the kernel stays free to move it later.
final class WorkerThread: @unchecked Sendable {
    private let body: @Sendable () -> Void
    /// The mask to restore once started; nil when the thread was not pinned.
    private var widerMask: cpu_set_t?
    private var thread = pthread_t()

    /// Starts `body` on a new thread, on `cpu` when given and the kernel accepts it
    /// (otherwise wherever the kernel puts it); nil when no thread could be created.
    init?(cpu: Int32?, _ body: @escaping @Sendable () -> Void) {
        self.body = body
        if let cpu, start(pinnedTo: cpu) { return }
        if !start(pinnedTo: nil) { return nil }
    }

    /// Creates the thread, pinned to `cpu` when given; false when it could not.
    private func start(pinnedTo cpu: Int32?) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        widerMask = nil
        if let cpu {
            guard let mask = CPUAffinity.currentMask(), CPUAffinity.restrict(&attributes, to: cpu) else { return false }
            widerMask = mask
        }
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, &attributes, { context in
            Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<WorkerThread>.fromOpaque(context).release()
            return false
        }
        return true
    }

    private func run() {
        if let widerMask { CPUAffinity.setCurrentMask(widerMask) }
        body()
    }

    /// Waits for the thread to finish.
    func join() {
        pthread_join(thread, nil)
    }

    /// The CPUs to start `count` workers on from a thread running on `own` (by
    /// default the calling thread's CPU now): the other CPUs the process may use
    /// first, `own` last, in turn. Empty when unknown.
    static func cpus(forWorkers count: Int, besides own: Int32? = CPUAffinity.currentCPU()) -> [Int32] {
        guard count > 0 else { return [] }
        let allowed = CPUAffinity.allowedCPUs()
        let order = allowed.filter { $0 != own } + allowed.filter { $0 == own }
        return order.isEmpty ? [] : (0..<count).map { order[$0 % order.count] }
    }
}
