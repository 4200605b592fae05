import Foundation
import Testing

@Suite("SharedResults: a value several tests need, made once")
struct SharedResultsTests {
    @Test("callers asking at once for one key get one value made once; after its uses it is made again; an error is shared like a value")
    func madeOncePerUses() throws {
        let results = SharedResults<String, [Int]>()
        let got = NSLock()
        nonisolated(unsafe) var values: [[Int]] = []
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let value = try? results.value(for: "a", uses: 4) { [1, 2, 3] }
            got.lock()
            values.append(value ?? [])
            got.unlock()
        }
        #expect(values == Array(repeating: [1, 2, 3], count: 4))
        #expect(results.madeCount == 1)
        _ = try results.value(for: "a", uses: 1) { [4] }
        #expect(results.madeCount == 2)

        struct Failure: Error {}
        #expect(throws: Failure.self) { try results.value(for: "b", uses: 2) { throw Failure() } }
        #expect(throws: Failure.self) { try results.value(for: "b", uses: 2) { [5] } }
        #expect(results.madeCount == 3)
    }
}
