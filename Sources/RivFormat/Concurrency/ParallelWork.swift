import Foundation

/// Runs independent work items on several threads and returns their results in
/// item order: how the tool and the benchmark process many files at once.
public enum ParallelWork {
    /// One thread per core: for work that computes (reading and listing files).
    public static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Four threads per core, at least eight: for work that mostly waits on the disk
    /// (writing and flushing files), where more writers than cores keep both busy.
    public static var fileWriterCount: Int { max(8, 4 * coreCount) }

    /// Calls `body` for every index in `0..<count` on up to `width` threads (the
    /// calling thread and `width - 1` new ones) and returns the results in index order.
    public static func map<Value: Sendable>(count: Int, width: Int = coreCount,
                                            _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        let queue = WorkQueue<Value>(count: count)
        let work: @Sendable () -> Void = {
            while let index = queue.nextIndex() {
                queue.store(body(index), at: index)
            }
        }
        let group = DispatchGroup()
        for _ in 1..<max(1, min(width, count)) {
            group.enter()
            Thread {
                work()
                group.leave()
            }.start()
        }
        work()
        group.wait()
        return queue.results()
    }
}

/// The shared state of one ``ParallelWork/map(count:width:_:)``: the next index to
/// hand out and the results so far, behind one lock (a pthread mutex, which the
/// thread sanitizer understands).
private final class WorkQueue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The next index nobody has taken, or nil when all are taken.
    func nextIndex() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ value: Value, at index: Int) {
        lock.withLock { slots[index] = value }
    }

    /// The results, once every index is done.
    func results() -> [Value] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
