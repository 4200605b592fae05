import RivSupport

/// Where ``ParallelWork`` starts its threads.
///
/// Linux starts a new thread on the CPU of the thread that created it and moves it
/// to an idle CPU only when it next balances load. On the 2-core development
/// machine that sometimes came one 4 ms tick later (`perf sched map` showed both
/// threads sharing one CPU while the other idled), long enough to double the time
/// of a 5 ms listing of a thousand files. A thread created with a one-CPU mask
/// starts on that CPU; it widens its mask back to the process's as its first step,
/// so the kernel stays free to move it later (``POSIX/JoinableThread``).
enum WorkerPlacement {
    /// The CPUs to start `count` workers on from a thread running on `own` (by
    /// default the calling thread's CPU now): the other CPUs the process may use
    /// first, `own` last, in turn. Empty when unknown.
    static func cpus(forWorkers count: Int, besides own: Int32? = POSIX.currentCPU()) -> [Int32] {
        guard count > 0 else { return [] }
        let allowed = POSIX.allowedCPUs()
        let order = allowed.filter { $0 != own } + allowed.filter { $0 == own }
        return order.isEmpty ? [] : (0..<count).map { order[$0 % order.count] }
    }
}
