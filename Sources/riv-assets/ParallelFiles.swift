import Dispatch
import Synchronization
import RivFormat

/// Works on many files across the cores and returns the results in input order.
enum ParallelFiles {
    /// Reads every file.
    static func read(_ paths: [String]) -> [Result<RivFile, RivError>] {
        map(paths) { path in
            do throws(RivError) {
                return .success(try RivFile(path: path))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Runs `body` on every path, several at once, and returns the results in input order.
    static func map<Value: Sendable>(_ paths: [String], _ body: @Sendable (String) -> Value) -> [Value] {
        let results = ResultSlots<Value>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            results.store(body(paths[index]), at: index)
        }
        return results.values()
    }
}

/// Slots that concurrent workers fill by index.
final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func store(_ value: Value, at index: Int) {
        slots.withLock { $0[index] = value }
    }

    /// The values, once every slot is filled.
    func values() -> [Value] {
        slots.withLock { $0.compactMap { $0 } }
    }
}
