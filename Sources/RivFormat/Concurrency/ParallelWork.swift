import Foundation
import Synchronization

/// Runs independent work items on several threads and returns their results in
/// item order: how the tool and the benchmark process many files at once.
public enum ParallelWork {
    /// One thread per core: for work that computes (reading and listing files).
    public static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Four threads per core, at least eight: for work that mostly waits on the disk
    /// (writing and flushing files), where more writers than cores keep both busy.
    public static var fileWriterCount: Int { max(8, 4 * coreCount) }

    /// Calls `body` for every index in `0..<count` on up to `width` threads and
    /// returns the results in index order.
    public static func map<Value: Sendable>(count: Int, width: Int = coreCount,
                                            _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        let results = Mutex<[Value?]>(Array(repeating: nil, count: count))
        let next = Mutex(0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(width, count)) {
            group.enter()
            Thread {
                while true {
                    let index = next.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < count else { break }
                    let result = body(index)
                    results.withLock { $0[index] = result }
                }
                group.leave()
            }.start()
        }
        group.wait()
        return results.withLock { $0.compactMap { $0 } }
    }
}
