import Foundation
import RivFormat
import Testing
@testable import RivAssetsKit
import RivSupport

@Suite("ParallelWork")
struct ParallelWorkTests {
    @Test("every index runs once and results come back in index order", arguments: [1, 2, 8, 64])
    func orderAndCoverage(width: Int) {
        let calls = Protected([Int](repeating: 0, count: 1_000))
        let results = ParallelWork.map(count: 1_000, width: width) { index in
            calls.withLock { $0[index] += 1 }
            return index * 3
        }
        #expect(results == (0..<1_000).map { $0 * 3 })
        #expect(calls.withLock { $0.allSatisfy { $0 == 1 } })
    }

    @Test("in order: every item is consumed once, in index order, and never more than the window is made ahead of the consumer",
          arguments: [(1, 1), (2, 8), (8, 3)])
    func inOrder(width: Int, window: Int) {
        let made = Protected(0)
        var consumed: [Int] = []
        var mostAhead = 0
        ParallelWork.inOrder(count: 500, width: width, window: window, produce: { index in
            made.withLock { $0 += 1 }
            return index * 2
        }, consume: { index, value in
            mostAhead = max(mostAhead, made.withLock { $0 } - consumed.count - 1)  // not counting the one in hand
            #expect(value == index * 2)
            consumed.append(index)
        })
        #expect(consumed == Array(0..<500))
        #expect(made.withLock { $0 } == 500)
        #expect(mostAhead <= window, "at most the window waits to be consumed")
    }

    @Test("in order: a single item is made on the calling thread, which starts no thread for it")
    func inOrderSingleItem() {
        let caller = ObjectIdentifier(Thread.current)
        let madeHere = Protected<Bool?>(nil)
        var consumed: [Int] = []
        ParallelWork.inOrder(count: 1, width: 8, window: 4, produce: { index in
            madeHere.withLock { $0 = ObjectIdentifier(Thread.current) == caller }
            return index + 7
        }, consume: { index, value in
            #expect(value == index + 7)
            consumed.append(index)
        })
        #expect(consumed == [0])
        #expect(madeHere.withLock { $0 } == true)
    }

    @Test("no more than `width` items run at the same time")
    func widthIsRespected() {
        let running = Protected((now: 0, most: 0))
        _ = ParallelWork.map(count: 200, width: 4) { _ in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            for _ in 0..<2_000 { _ = running.withLock { $0.now } }
            running.withLock { $0.now -= 1 }
        }
        let most = running.withLock { $0.most }
        #expect(most >= 1 && most <= 4)
    }

    #if os(Linux)
    @Test("the allowed CPUs are those the kernel lists for this process, and coreCount counts them")
    func allowedCPUs() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let listed = line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces).split(separator: ",").flatMap { part in
            let bounds = part.split(separator: "-").compactMap { Int32($0) }
            return bounds.count == 2 ? Array(bounds[0]...bounds[1]) : bounds
        }
        #expect(POSIX.allowedCPUs() == listed)
        #expect(ParallelWork.coreCount == listed.count)
    }
    #endif

    @Test("no work gives no results")
    func empty() {
        #expect(ParallelWork.map(count: 0) { $0 }.isEmpty)
    }
}
