import Foundation
import RivFormat
import RivSupport

/// Runs independent work items on several threads and returns their results in
/// item order: how the operations process many files at once.
///
/// Plain threads of its own, neither pinned nor Dispatch's: the kernel places them
/// as well as pinning did (riv-bench, 2 cores: listing 1,000 files, paired, no
/// difference), and extracting needs more writers than cores, which
/// `DispatchQueue.concurrentPerform` and the concurrency pool do not give (40%
/// slower there).
enum ParallelWork {
    /// One thread per core: for work that computes (reading and listing files). The
    /// CPUs the process may run on, as `nproc` counts them, read once.
    static let coreCount: Int = {
        let allowed = POSIX.allowedCPUs().count
        return allowed > 0 ? allowed : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// Four threads per core, at least eight: for work that mostly waits on the disk
    /// (writing and flushing files), where more writers than cores keep both busy.
    static var fileWriterCount: Int { max(8, 4 * coreCount) }

    /// Calls `body` for every index in `0..<count` on up to `width` threads (the
    /// calling thread and `width - 1` new ones) and returns the results in index order.
    static func map<Value: Sendable>(count: Int, width: Int = coreCount,
                                     _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        let queue = WorkQueue<Value>(count: count)
        let work: @Sendable () -> Void = {
            while let index = queue.nextIndex() {
                queue.store(body(index), at: index)
            }
        }
        let workers = max(1, min(width, count)) - 1
        // A thread that cannot be started leaves its share to the others.
        let threads = (0..<workers).compactMap { _ in POSIX.JoinableThread.start(work) }
        work()
        for thread in threads { thread.join() }
        return queue.results()
    }
}

extension ParallelWork {
    /// Calls `produce` for every index in `0..<count` on up to `width` new threads
    /// and `consume` on the calling thread with each result in index order, as soon
    /// as it and those before it are ready. At most `window` results wait to be
    /// consumed at a time, so memory is bounded however many items there are, and
    /// no thread waits for a whole batch. A single item is produced on the calling
    /// thread: there is nothing to overlap, and a thread costs more than a small file.
    static func inOrder<Value: Sendable>(count: Int, width: Int = coreCount, window: Int,
                                         produce: @escaping @Sendable (Int) -> Value, consume: (Int, Value) -> Void) {
        guard count > 1 else {
            if count == 1 { consume(0, produce(0)) }
            return
        }
        let line = OrderedResults<Value>(window: max(1, window))
        let work: @Sendable () -> Void = {
            while let index = line.nextIndex(below: count) {
                line.store(produce(index), at: index)
            }
        }
        let threads = (0..<max(1, min(width, count))).compactMap { _ in POSIX.JoinableThread.start(work) }
        if threads.isEmpty {
            // No thread could be started: produce each item here.
            for index in 0..<count { consume(index, produce(index)) }
            return
        }
        for index in 0..<count { consume(index, line.take(index)) }
        for thread in threads { thread.join() }
    }
}

/// The results of ``ParallelWork/inOrder(count:width:window:produce:consume:)``
/// between the threads that make them and the one that takes them in order.
private final class OrderedResults<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let window: Int
    private var next = 0
    private var taken = 0
    private var ready: [Int: Value] = [:]

    init(window: Int) {
        self.window = window
    }

    /// The next index nobody has taken, once it is within the window of the next
    /// one to be consumed; nil when every index below `count` is taken.
    func nextIndex(below count: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while next < count && next >= taken + window { condition.wait() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: Value, at index: Int) {
        condition.lock()
        ready[index] = value
        condition.broadcast()
        condition.unlock()
    }

    /// The result of `index`, waiting until it is stored; frees its place in the window.
    func take(_ index: Int) -> Value {
        condition.lock()
        defer { condition.unlock() }
        while ready[index] == nil { condition.wait() }
        taken = index + 1
        condition.broadcast()
        return ready.removeValue(forKey: index)!
    }
}

/// The shared state of one ``ParallelWork/map(count:width:_:)``: the next index to
/// hand out, behind a lock held for one increment, and a slot per result. Each slot
/// is initialized by the one thread that took its index, and the results are moved
/// out only after every thread is joined.
private final class WorkQueue<Value: Sendable>: @unchecked Sendable {
    private let next = Protected(0)
    private let count: Int
    private let slots: UnsafeMutablePointer<Value>
    private var isMovedOut = false

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
    }

    deinit {
        if !isMovedOut { slots.deinitialize(count: count) }
        slots.deallocate()
    }

    /// The next index nobody has taken, or nil when all are taken.
    func nextIndex() -> Int? {
        let index = next.withLock { next in
            defer { next += 1 }
            return next
        }
        return index < count ? index : nil
    }

    /// Stores the result of `index`; called once for every index.
    func store(_ value: Value, at index: Int) {
        (slots + index).initialize(to: value)
    }

    /// The results, moved out once every index is stored and every thread joined.
    func results() -> [Value] {
        isMovedOut = true
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress?.moveInitialize(from: slots, count: count)
            initialized = count
        }
    }
}
