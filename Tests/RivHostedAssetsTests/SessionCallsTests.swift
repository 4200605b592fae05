#if os(Linux)
import FoundationNetworking
#endif
import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivSupport
import RivTestSupport

/// An operation queue that runs what it is given at once, on the thread that
/// gives it: a session's callbacks then run on FoundationNetworking's work queue.
private final class InlineQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}

/// A delegate that holds the thread of its first body piece (the work queue,
/// under ``InlineQueue``) until it is let go.
private final class HoldingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let holding = Protected(false)
    let letGo = DispatchSemaphore(value: 0)
    private let held = Protected(false)

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard held.withLock({ held in defer { held = true }; return !held }) else { return }
        holding.withLock { $0 = true }
        letGo.wait()
    }
}

/// Whether this process runs the test that holds URLSession's work queue: it is
/// shared by every session of the process, so while it is held every other test's
/// fetch waits, and a test blocking a thread of the task pool on one (an in-process
/// command) can leave the holding test no thread to let go with. CI runs it in a
/// process of its own (`RIV_HOLD_SESSION_QUEUE=1 swift test --filter SessionCallsTests`).
private let holdsTheSessionQueue = ProcessInfo.processInfo.environment["RIV_HOLD_SESSION_QUEUE"] == "1"

/// Where URLSessionTransport calls its session from.
@Suite(.enabled(if: holdsTheSessionQueue, "holds URLSession's process-wide work queue: run alone, RIV_HOLD_SESSION_QUEUE=1 swift test --filter SessionCallsTests"))
struct SessionCallsTests {
    /// While the URL loading system's work queue is busy, fetches from more tasks
    /// than the task pool has threads hold none of them: the task pool runs on
    /// (here the test's own task, after them). A fetch that called the session
    /// from its own thread would wait there for the work queue, and with every
    /// thread of the pool waiting, nothing could run until the work queue was let go.
    @Test func aBusyWorkQueueHoldsNoThreadOfTheTaskPool() async throws {
        let world = try HostedWorld()
        _ = try world.sandbox.write("served/holder", [UInt8](repeating: 7, count: 64 << 10))
        _ = try world.serve(53, Payload.png(200))
        let (_, file) = try world.rivFile(images: [53])
        let fetcher = try world.fetcher(timeout: 60)
        let request = try fetcher.request(for: file.assets[0])

        // Another session, whose delegate holds the work queue.
        let delegate = HoldingDelegate()
        let events = Protected<[String]>([])
        // Only a safety net, set before the hold so that it needs no task to run:
        // lets the work queue go if this task cannot run (the failure).
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
            events.withLock { $0.append("let go by the safety net") }
            delegate.letGo.signal()
        }
        let holder = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: InlineQueue())
        holder.dataTask(with: try #require(URL(string: world.server.baseURL + "/holder"))).resume()
        for _ in 0..<1000 where !delegate.holding.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        try #require(delegate.holding.withLock { $0 }, "the work queue is held")
        let fetches = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task { try await fetcher.transport.fetch(request) }
        }
        try await Task.sleep(for: .milliseconds(100))
        events.withLock { $0.append("the test ran on") }
        delegate.letGo.signal()

        for fetch in fetches {
            let response = try await fetch.value
            #expect(response.status == 200)
            if case .stream(let pieces) = response.body { for try await _ in pieces {} }
        }
        #expect(events.withLock { $0.first } == "the test ran on", "\(events.withLock { $0 })")
        holder.invalidateAndCancel()
    }
}
