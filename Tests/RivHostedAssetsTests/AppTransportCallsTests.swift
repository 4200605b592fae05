import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivSupport
import RivTestSupport

/// Fetch, upload and delete through a transport of the app's own (an API, not
/// HTTP): the fetcher's retries, as the transport classifies its failures, its
/// bounds, cancellation and repeat safety.
@Suite struct AppTransportCallsTests {
    private let sandbox: TemporaryDirectory
    private let asset: FileAsset
    private let uuid = HostedWorld.uuid(71).text
    private let base = "https://api.example.com/rive"
    private let png = Data(Payload.png(400))

    init() throws {
        sandbox = try TemporaryDirectory()
        let image = TestAsset.image("logo.png", 160, cdnUUID: HostedWorld.uuid(71).bytes, cdnBaseURL: base)
        asset = try #require(try RivFile(path: try sandbox.write("hosted.riv", Inputs.file([image]))).assets.first)
    }

    private func fetcher(_ transport: MemoryTransport, retry: RetryPolicy = .fixed(retries: 3, delay: .milliseconds(1)),
                         clock: RecordingClock = RecordingClock(), maximumAssetSize: Int? = nil) throws -> HostedAssetFetcher {
        HostedAssetFetcher(transport: transport, cache: try HostedAssetCache(directory: sandbox.url.appendingPathComponent("cache")),
                           configuration: .init(retry: retry, maximumAssetSize: maximumAssetSize), clock: clock)
    }

    @Test func aFailureTheTransportCallsTransientIsRetriedAfterTheWaitItNames() async throws {
        let transport = MemoryTransport(failures: [MemoryTransport.Busy(retryAfter: .seconds(2)), MemoryTransport.Busy(retryAfter: .seconds(3))])
        let clock = RecordingClock()
        let fetcher = try fetcher(transport, retry: .exponential(retries: 3, initialDelay: .milliseconds(1), jitter: 0), clock: clock)
        try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
        #expect(transport.log == ["upload " + uuid, "upload " + uuid, "upload " + uuid])
        #expect(clock.waits == [.seconds(2), .seconds(3)], "the waits the transport named (within the policy's longest, 30 s)")
        let fetched = try await fetcher.fetch(asset)
        #expect(fetched.source == .downloaded && fetched.attempts == 1 && fetcher.cache.data(for: fetched.key) == png)
    }

    @Test func aFailureTheTransportCallsPermanentFailsAtOnceKeepingItsType() async throws {
        let transport = MemoryTransport(failures: [MemoryTransport.Denied()])
        let fetcher = try fetcher(transport)
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.underlyingError as? MemoryTransport.Denied != nil && !error.isTransient && error.attempts == 1, "\(error)")
        #expect(transport.log == ["fetch " + uuid])
    }

    @Test func aFetchRetriesWhatTheTransportCallsTransientThenGetsTheBytes() async throws {
        let transport = MemoryTransport()
        let clock = RecordingClock()
        let fetcher = try fetcher(transport, clock: clock)
        try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
        transport.fail(next: [MemoryTransport.Busy(retryAfter: .milliseconds(1)), HostedAssetTransportError.timedOut])
        let fetched = try await fetcher.fetch(asset)
        #expect(fetched.byteCount == png.count && fetched.attempts == 3, "a transport's own transient error and a timeout are both retried")
        #expect(transport.log == ["upload " + uuid] + Array(repeating: "fetch " + uuid, count: 3) && clock.waits.count == 2)
    }

    @Test func uploadingOrDeletingTwiceIsNoError() async throws {
        let transport = MemoryTransport()
        let fetcher = try fetcher(transport)
        try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
        try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
        #expect(transport.contents == [uuid: png])
        try await fetcher.delete(uuid: uuid, baseURL: base)
        try await fetcher.delete(uuid: uuid, baseURL: base)
        #expect(transport.contents.isEmpty && transport.log.count == 4)
    }

    @Test func deletingAnAssetRemovesItsCacheEntry() async throws {
        let transport = MemoryTransport()
        let fetcher = try fetcher(transport)
        try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
        try await fetcher.fetch(asset)
        #expect(fetcher.cachedEntry(for: asset) != nil)
        try await fetcher.delete(uuid: uuid, baseURL: base)
        #expect(fetcher.cachedEntry(for: asset) == nil && fetcher.cacheLocation.cachedData(for: asset) == nil)
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(asset) }
        #expect(error.underlyingError is MemoryTransport.Missing, "gone from the service, and not served from the cache")
    }

    @Test func aRemovedCacheEntryIsFetchedAgain() async throws {
        let transport = MemoryTransport()
        let fetcher = try fetcher(transport)
        try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
        #expect(try await fetcher.fetch(asset).source == .downloaded)
        #expect(try await fetcher.fetch(asset).source == .cached)
        fetcher.removeCachedEntry(for: asset)
        #expect(fetcher.cachedEntry(for: asset) == nil && fetcher.cache.storedUUIDs.isEmpty)
        fetcher.removeCachedEntry(for: asset)
        #expect(try await fetcher.fetch(asset).source == .downloaded)
        // Elsewhere (a widget, a build step), from the shared location alone.
        let location = fetcher.cacheLocation
        #expect(location.cachedData(for: asset) == png)
        location.removeEntry(for: asset)
        #expect(location.cachedData(for: asset) == nil && fetcher.cachedEntry(for: asset) == nil)
        #expect(transport.log == ["upload " + uuid, "fetch " + uuid, "fetch " + uuid])
    }

    @Test func anUploadOverTheSizeLimitIsRefusedBeforeAnyCall() async throws {
        let transport = MemoryTransport()
        let fetcher = try fetcher(transport, maximumAssetSize: 100)
        let error = try await #require(throws: HostedAssetError.self) {
            try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
        }
        #expect(error.cause == .tooLarge(limit: 100) && error.attempts == 0 && transport.log.isEmpty)
    }

    @Test(arguments: ["upload", "delete"])
    func cancellingAnUploadOrDeletionStopsTheTransportAndThrowsCancellationError(call: String) async throws {
        let transport = MemoryTransport(waits: true)
        let fetcher = try fetcher(transport)
        let (uuid, base, png) = (self.uuid, self.base, self.png)
        let task = Task {
            if call == "upload" {
                try await fetcher.upload(png, contentType: "image/png", uuid: uuid, baseURL: base, type: .image)
            } else {
                try await fetcher.delete(uuid: uuid, baseURL: base)
            }
        }
        var order = transport.events.makeAsyncIterator()
        #expect(await order.next() == "sent")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await order.next() == "cancelled", "the transport's call is cancelled, not left running")
        #expect(transport.log == ["\(call) \(uuid)"], "no other attempt")
    }

    @Test func aCallFromACancelledTaskMakesNoCall() async throws {
        let transport = MemoryTransport()
        let fetcher = try fetcher(transport)
        let (uuid, base) = (self.uuid, self.base)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await fetcher.delete(uuid: uuid, baseURL: base)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(transport.log.isEmpty)
    }
}
