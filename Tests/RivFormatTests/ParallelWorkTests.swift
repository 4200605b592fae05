import Foundation
import Testing
@testable import RivFormat

@Suite("ParallelWork")
struct ParallelWorkTests {
    @Test("every index runs once and results come back in index order", arguments: [1, 2, 8, 64])
    func orderAndCoverage(width: Int) {
        let calls = Shared([Int](repeating: 0, count: 1_000))
        let results = ParallelWork.map(count: 1_000, width: width) { index in
            calls.withLock { $0[index] += 1 }
            return index * 3
        }
        #expect(results == (0..<1_000).map { $0 * 3 })
        #expect(calls.withLock { $0.allSatisfy { $0 == 1 } })
    }

    @Test("no more than `width` items run at the same time")
    func widthIsRespected() {
        let running = Shared((now: 0, most: 0))
        _ = ParallelWork.map(count: 200, width: 4) { _ in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            for _ in 0..<2_000 { _ = running.withLock { $0.now } }
            running.withLock { $0.now -= 1 }
        }
        let most = running.withLock { $0.most }
        #expect(most >= 1 && most <= 4)
    }

    @Test("no work gives no results")
    func empty() {
        #expect(ParallelWork.map(count: 0) { $0 }.isEmpty)
    }
}

/// A value behind a lock that escaping closures on several threads can share.
private final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
