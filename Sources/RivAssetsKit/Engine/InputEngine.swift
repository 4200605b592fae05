import Foundation
import RivFormat
import RivSupport

/// The per-input loop every operation shares: work on each input on its own
/// thread, results back in input order.
enum InputEngine {
    /// Calls `body` with the index and path of every input on up to `width`
    /// threads and returns the results in input order.
    static func map<Value: Sendable>(_ inputs: [String], width: Int,
                                     _ body: @escaping @Sendable (Int, String) -> Value) -> [Value] {
        ParallelWork.map(count: inputs.count, width: min(width, descriptorWidth)) { body($0, inputs[$0]) }
    }

    /// Like ``map(_:width:_:)`` for work that waits (downloads): up to `width`
    /// inputs at once, each a task of one task group, results in input order.
    static func mapAsync<Value: Sendable>(_ inputs: [String], width: Int,
                                          _ body: @escaping @Sendable (Int, String) async -> Value) async -> [Value] {
        let width = max(1, min(width, descriptorWidth))
        return await withTaskGroup(of: (Int, Value).self) { group in
            var results = [Value?](repeating: nil, count: inputs.count)
            var next = 0
            func startNext() {
                let index = next
                next += 1
                group.addTask { (index, await body(index, inputs[index])) }
            }
            while next < min(width, inputs.count) { startNext() }
            for await (index, value) in group {
                results[index] = value
                if next < inputs.count { startNext() }
            }
            return results.map { $0! }
        }
    }

    /// Descriptors one input's work may hold at once: the input, a replacement, a
    /// temporary output file, and one to spare.
    static let descriptorsPerInput = 4
    /// Descriptors left to the rest of the process (standard streams, signal
    /// handling, the runtime's own).
    static let reservedDescriptors = 12

    /// The most threads the descriptor limit allows, so that a low `ulimit -n`
    /// makes the work slower, not fail: at least one.
    static let descriptorWidth: Int = {
        guard let limit = ProcessLimits.openFiles, limit < 1 << 20 else { return .max }
        return max(1, (limit - reservedDescriptors) / descriptorsPerInput)
    }()

    /// The input name that stands for standard input.
    static let standardInputName = "-"

    /// Reads the file at `path`; `-` reads standard input to its end (once: given
    /// twice, the second reads nothing).
    static func read(_ path: String) -> Result<RivFile, RivError> {
        watchedReads.withLock { counts in counts[path]? += 1 }
        do throws(RivError) {
            if path == standardInputName { return .success(try RivFile(bytes: StandardInput.take())) }
            return .success(try RivFile(path: path))
        } catch {
            var named = error
            named.path = path
            return .failure(named)
        }
    }

    /// How many times ``read(_:)`` read each path handed to ``watchReads(of:)``:
    /// a probe for tests that count an operation's readings of its inputs. Other
    /// paths are not counted, so the table holds only what a test asked for.
    private static let watchedReads = Protected<[String: Int]>([:])

    /// Counts the readings of `paths` from now on, from zero.
    static func watchReads(of paths: [String]) {
        watchedReads.withLock { counts in for path in paths { counts[path] = 0 } }
    }

    /// How many times `path` was read since ``watchReads(of:)``; nil when it is not watched.
    static func readCount(of path: String) -> Int? {
        watchedReads.withLock { $0[path] }
    }

    /// The bytes of the file at `path`, mapped; `-` reads standard input as ``read(_:)`` does.
    static func readBytes(_ path: String) throws -> Data {
        if path == standardInputName { return StandardInput.take() }
        return try Data(contentsOf: LiteralPath.kernelURL(path), options: .alwaysMapped)
    }

    /// Throws when there is nothing to work on.
    static func requireInputs(_ inputs: [String]) throws(RequestError) {
        guard !inputs.isEmpty else { throw RequestError(.noInputs, "give at least one .riv file") }
    }
}

/// The bytes of standard input, handed out once.
private enum StandardInput {
    private static let taken = Protected(false)

    /// Everything on standard input the first time; nothing after.
    static func take() -> Data {
        let first = taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
        return first ? FileHandle.standardInput.readDataToEndOfFile() : Data()
    }
}
