import Dispatch
import Synchronization
import RivFormat

/// Reads many files across the cores and returns the results in input order.
enum ParallelFiles {
    static func read(_ paths: [String]) -> [Result<RivFile, RivError>] {
        let results = ResultSlots<Result<RivFile, RivError>>(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let result: Result<RivFile, RivError>
            do throws(RivError) {
                result = .success(try RivFile(path: paths[index]))
            } catch {
                result = .failure(error)
            }
            results.store(result, at: index)
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
