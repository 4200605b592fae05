import Dispatch
import Synchronization
import RivFormat

/// Reads files with `RivFile(path:)` the way the CLI's `ParallelFiles` does:
/// across the cores with `DispatchQueue.concurrentPerform`, results in input order
/// (or one after another, for the one-core measurements).
enum FileReading {
    static func read(_ paths: [String], allCores: Bool) -> [Result<RivFile, RivError>] {
        let slots = Slots<Result<RivFile, RivError>>(count: paths.count)
        if allCores {
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                slots.store(readOne(paths[index]), at: index)
            }
        } else {
            for index in paths.indices { slots.store(readOne(paths[index]), at: index) }
        }
        return slots.values()
    }

    static func readOne(_ path: String) -> Result<RivFile, RivError> {
        do throws(RivError) {
            return .success(try RivFile(path: path))
        } catch {
            return .failure(error)
        }
    }
}

/// Slots that concurrent workers fill by index.
final class Slots<Value: Sendable>: Sendable {
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
