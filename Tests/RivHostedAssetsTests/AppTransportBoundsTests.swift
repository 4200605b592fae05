import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivSupport
import RivTestSupport

/// A transport as an app would write one, on a client of its own: it answers
/// from a script and keeps every request it was sent. It applies no bound of
/// its own, so whatever bound holds is the fetcher's.
private final class ScriptedTransport: HostedAssetHTTPClient {
    private let script: @Sendable (HostedAssetRequest, Int) async throws -> HostedAssetResponse
    private let sent = Protected<[HostedAssetRequest]>([])

    /// A transport answering request number n (from 0) with `script(request, n)`.
    init(_ script: @escaping @Sendable (HostedAssetRequest, Int) async throws -> HostedAssetResponse) {
        self.script = script
    }

    var requests: [HostedAssetRequest] { sent.withLock { $0 } }

    func send(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        let index = sent.withLock { sent in
            sent.append(request)
            return sent.count - 1
        }
        return try await script(request, index)
    }
}

/// The fetcher's bounds (redirects, the byte budget, the deadline) over a
/// transport that has none: the same as over the shipped one (DownloadBoundsTests).
@Suite struct AppTransportBoundsTests {
    private let sandbox: TemporaryDirectory
    private let asset: FileAsset

    init() throws {
        sandbox = try TemporaryDirectory()
        let image = TestAsset.image("logo.png", 160, cdnUUID: HostedWorld.uuid(70).bytes, cdnBaseURL: "https://cdn.example.com/rive")
        asset = try #require(try RivFile(path: try sandbox.write("hosted.riv", Inputs.file([image]))).assets.first)
    }

    private func fetcher(_ transport: ScriptedTransport, _ configuration: HostedAssetFetcher.Configuration) throws -> HostedAssetFetcher {
        HostedAssetFetcher(transport: transport, cache: try HostedAssetCache(directory: sandbox.url.appendingPathComponent("cache")),
                           configuration: configuration, clock: RecordingClock())
    }

    /// The partial downloads in the cache folder.
    private func leftovers(_ fetcher: HostedAssetFetcher) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fetcher.cache.directory.path)) ?? []).filter(TemporaryFiles.isTemporaryName)
    }

    private static func redirect(to location: String, status: Int = 302) -> HostedAssetResponse {
        HostedAssetResponse(body: .data(Data()), status: status, headers: ["Location": location])
    }

    @Test func aRedirectLoopStopsAtTheHopLimit() async throws {
        let transport = ScriptedTransport { request, _ in Self.redirect(to: request.url.path.hasSuffix("/a") ? "/b" : "/a") }
        let fetcher = try fetcher(transport, .init(retry: .fixed(retries: 2, delay: .milliseconds(1))))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.cause == .tooManyRedirects(limit: 10) && !error.isTransient && error.attempts == 1, "\(error)")
        #expect(error.description.contains("redirected more than 10 times"))
        #expect(transport.requests.count == 11, "the request and 10 redirects, then no more")
        #expect(fetcher.cache.storedUUIDs.isEmpty)
    }

    @Test func aCrossOriginRedirectCarriesNoneOfTheUsersHeaders() async throws {
        let png = Data(Payload.png(400))
        let transport = ScriptedTransport { _, index in
            switch index {
            case 0: Self.redirect(to: "/moved")
            case 1: Self.redirect(to: "https://other.example.net/landed", status: 307)
            default: HostedAssetResponse(body: .data(png))
            }
        }
        let fetcher = try fetcher(transport, .init(headers: ["Authorization": "Bearer s3cret", "X-Team": "t1"],
                                                   headerHosts: ["cdn.example.com"], retry: .none))
        let fetched = try await fetcher.fetch(asset)
        #expect(fetched.byteCount == png.count && fetched.url == "https://cdn.example.com/rive/" + HostedWorld.uuid(70).text)
        let sent = transport.requests
        #expect(sent.map(\.url.absoluteString) == ["https://cdn.example.com/rive/" + HostedWorld.uuid(70).text,
                                                    "https://cdn.example.com/moved", "https://other.example.net/landed"])
        #expect(sent[1].headers["Authorization"] == "Bearer s3cret" && sent[1].headers["X-Team"] == "t1", "the same origin keeps them")
        #expect(sent[2].headers == ["Accept": HostedAssetRequest.acceptHeader(for: .image)], "another origin gets Accept only")
    }

    @Test(arguments: [("file:///etc/passwd", HostedAssetError.Cause.redirectRefused("file:///etc/passwd")),
                      ("http://cdn.example.com/plain", .insecureRedirect("http://cdn.example.com/plain"))])
    func aRedirectOutOfHTTPSIsRefused(location: String, cause: HostedAssetError.Cause) async throws {
        let transport = ScriptedTransport { _, _ in Self.redirect(to: location) }
        let fetcher = try fetcher(transport, .init(retry: .fixed(retries: 2, delay: .milliseconds(1))))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.cause == cause && error.attempts == 1 && transport.requests.count == 1, "\(error)")
    }

    @Test func anEndlessStreamedBodyIsReadNoFurtherThanTheBudget() async throws {
        let pulls = Protected(0)
        let transport = ScriptedTransport { _, _ in
            HostedAssetResponse(body: .stream(AsyncThrowingStream(unfolding: {
                pulls.withLock { $0 += 1 }
                return Data(repeating: 0x89, count: 64 << 10)
            })))
        }
        let fetcher = try fetcher(transport, .init(retry: .fixed(retries: 2, delay: .milliseconds(1)), maximumAssetSize: 1 << 20))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.cause == .tooLarge(limit: 1 << 20) && error.attempts == 1, "\(error)")
        #expect(pulls.withLock { $0 } == 17, "16 pieces of 64 KiB fill the budget; the 17th passes it and is the last read")
        #expect(leftovers(fetcher).isEmpty && fetcher.cache.storedUUIDs.isEmpty)
    }

    @Test func stoppingAStreamedBodyEndsItForItsTransport() async throws {
        let ends = Protected<[String]>([])
        let transport = ScriptedTransport { _, _ in
            let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self, bufferingPolicy: .bufferingOldest(1))
            continuation.onTermination = { end in ends.withLock { $0.append("\(end)") } }
            // A producer that never finishes on its own: only the reader's stop ends it.
            Task {
                var sent = 0
                while sent < 1 << 14 {
                    switch continuation.yield(Data(count: 4096)) {
                    case .enqueued: sent += 1
                    case .dropped: await Task.yield()
                    case .terminated: return
                    @unknown default: return
                    }
                }
            }
            return HostedAssetResponse(body: .stream(stream))
        }
        let fetcher = try fetcher(transport, .init(retry: .none, maximumAssetSize: 100_000))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.cause == .tooLarge(limit: 100_000), "\(error)")
        #expect(ends.withLock { $0 } == ["cancelled"], "the reader's stop ends the stream once, as cancelled")
    }

    @Test func aBodyDeclaredOrHandedBackLargerThanTheBudgetIsRefused() async throws {
        let pulls = Protected(0)
        let big = try sandbox.write("big.bin", [UInt8](repeating: 1, count: 5000))
        let bodies: [HostedAssetResponse] = [
            HostedAssetResponse(body: .stream(AsyncThrowingStream(unfolding: {
                pulls.withLock { $0 += 1 }
                return Data(count: 10)
            })), headers: ["Content-Length": "5000"]),
            HostedAssetResponse(body: .data(Data(count: 5000))),
            HostedAssetResponse(body: .file(URL(fileURLWithPath: big))),
        ]
        let transport = ScriptedTransport { _, index in bodies[index] }
        let fetcher = try fetcher(transport, .init(retry: .none, maximumAssetSize: 1000))
        for _ in bodies {
            let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
            #expect(error.cause == .tooLarge(limit: 1000), "\(error)")
        }
        #expect(pulls.withLock { $0 } == 0, "a declared length over the budget is refused before the body is read")
        #expect(!FileManager.default.fileExists(atPath: big), "a file handed back is the fetcher's: refused, it is removed")
        #expect(transport.requests.count == 3 && fetcher.cache.storedUUIDs.isEmpty)
    }

    @Test func aTransportThatNeverAnswersFailsAtTheDeadline() async throws {
        let unanswered = Protected<[UnsafeContinuation<HostedAssetResponse, Never>]>([])
        let transport = ScriptedTransport { _, _ in
            await withUnsafeContinuation { continuation in unanswered.withLock { $0.append(continuation) } }
        }
        let fetcher = try fetcher(transport, .init(retry: .fixed(retries: 2, delay: .milliseconds(1)), deadline: 0.05))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.cause == .deadlineExceeded(seconds: 0.05) && !error.isTransient && error.attempts == 1, "\(error)")
        #expect(transport.requests.count == 1)
        // Answered at last, so that the abandoned attempt ends (its late answer is let go) instead of outliving the test.
        for continuation in unanswered.withLock({ $0 }) { continuation.resume(returning: HostedAssetResponse(body: .data(Data()), status: 500)) }
    }

    @Test func aBodyThatNeverEndsFailsAtTheDeadlineAndLeavesNoFile() async throws {
        let transport = ScriptedTransport { _, _ in
            HostedAssetResponse(body: .stream(AsyncThrowingStream(unfolding: {
                try await Task.sleep(for: .milliseconds(5))
                return Data(count: 10)
            })))
        }
        let fetcher = try fetcher(transport, .init(retry: .none, deadline: 0.2))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.cause == .deadlineExceeded(seconds: 0.2), "\(error)")
        #expect(leftovers(fetcher).isEmpty && fetcher.cache.storedUUIDs.isEmpty)
    }

    /// An error of the app's own, as its transport throws it.
    private enum AuthError: Error, Equatable { case tokenExpired }

    @Test func anErrorOfTheAppsTransportKeepsItsType() async throws {
        let transport = ScriptedTransport { _, _ in throw AuthError.tokenExpired }
        let fetcher = try fetcher(transport, .init(retry: .fixed(retries: 2, delay: .milliseconds(1))))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.underlyingError as? AuthError == .tokenExpired, "\(error)")
        #expect(error.cause == .transport(TransportFailure(AuthError.tokenExpired, description: "tokenExpired")) && error.attempts == 1)
        #expect(transport.requests.count == 1, "not worth a retry")
    }

    /// What a transport did, in order, for tests of cancellation: each event is
    /// awaited, never timed.
    private final class TransportEvents: Sendable {
        let stream: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        init() {
            (stream, continuation) = AsyncStream<String>.makeStream()
        }

        func record(_ event: String) { continuation.yield(event) }

        /// A transport that records "sent", then waits until it is cancelled
        /// ("cancelled").
        func waitingTransport() -> ScriptedTransport {
            ScriptedTransport { [self] _, _ in
                record("sent")
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    record("cancelled")
                    throw error
                }
                return HostedAssetResponse(body: .data(Data()))
            }
        }
    }

    @Test func cancellingTheWaitingTaskStopsTheTransportAndThrowsCancellationError() async throws {
        let events = TransportEvents()
        let transport = events.waitingTransport()
        let fetcher = try fetcher(transport, .init(retry: .fixed(retries: 3, delay: .milliseconds(1))))
        let asset = self.asset
        let fetch = Task { try await fetcher.fetch(asset) }
        var order = events.stream.makeAsyncIterator()
        #expect(await order.next() == "sent")
        fetch.cancel()
        await #expect(throws: CancellationError.self) { try await fetch.value }
        #expect(await order.next() == "cancelled", "the transport's request is cancelled, not left running")
        #expect(transport.requests.count == 1, "no other attempt")
        #expect(fetcher.cache.storedUUIDs.isEmpty && leftovers(fetcher).isEmpty)
    }

    @Test func cancellingOneOfTwoCallersLeavesTheSharedDownloadToTheOther() async throws {
        let png = Data(Payload.png(200))
        let gate = Protected<CheckedContinuation<Void, Never>?>(nil)
        let events = TransportEvents()
        let transport = ScriptedTransport { _, _ in
            events.record("sent")
            await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } ; events.record("waiting") }
            return HostedAssetResponse(body: .data(png))
        }
        let fetcher = try fetcher(transport, .init(retry: .none))
        var order = events.stream.makeAsyncIterator()
        let asset = self.asset
        let first = Task { try await fetcher.fetch(asset) }
        #expect(await order.next() == "sent")
        #expect(await order.next() == "waiting")
        let second = Task { try await fetcher.fetch(asset) }
        second.cancel()
        await #expect(throws: CancellationError.self) { try await second.value }
        gate.withLock { $0 }?.resume()
        #expect(try await first.value.byteCount == png.count)
        #expect(transport.requests.count == 1)
    }

    @Test func aReaderGivenTheFetchersCacheLocationFindsWhatItFetchedThroughAMirror() async throws {
        let png = Data(Payload.png(300))
        let transport = ScriptedTransport { _, _ in HostedAssetResponse(body: .data(png)) }
        let fetcher = try fetcher(transport, .init(baseURLOverride: "https://mirror.example.org/assets", retry: .none))
        try await fetcher.fetch(asset)
        // The widget's side: the location, passed as JSON, reads synchronously.
        let shared = try JSONDecoder().decode(HostedAssetCacheLocation.self, from: JSONEncoder().encode(fetcher.cacheLocation))
        #expect(shared == fetcher.cacheLocation && shared.mirror == "https://mirror.example.org/assets")
        #expect(shared.cachedData(for: asset) == png)
        #expect(shared.key(for: asset)?.url == "https://mirror.example.org/assets/" + HostedWorld.uuid(70).text)
        // A reader that guessed the file's own base URL instead finds nothing: the drift the shared value prevents.
        #expect(HostedAssetCacheLocation(directory: fetcher.cache.directory).cachedData(for: asset) == nil)
    }
}
