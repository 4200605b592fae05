import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivTestSupport

/// The fetcher against a real HTTP server on the loopback interface.
@Suite struct FetchOverHTTPTests {
    @Test func downloadsChecksAndCaches() async throws {
        let world = try HostedWorld()
        let bytes = Payload.png(5000)
        let uuid = try world.serve(1, bytes)
        let (_, file) = try world.rivFile(images: [1])
        let fetcher = try world.fetcher(configuration: .init(headers: ["Authorization": "Bearer s3cret"], headerHosts: ["127.0.0.1"], retry: .none))
        let fetched = try await fetcher.fetch(file.assets[0])
        #expect(fetched.source == .downloaded && fetched.byteCount == bytes.count && fetched.format == .png && fetched.attempts == 1)
        #expect(fetched.url == world.server.baseURL + "/" + uuid)
        #expect(Array(try Data(contentsOf: fetcher.cache.file(for: world.key(uuid)))) == bytes, "the cache holds the bytes as received")
        #expect(fetcher.cache.data(for: world.key(uuid)).map(Array.init) == bytes)
        let request = try #require(world.server.received().first)
        #expect(request.path == "/" + uuid)
        #expect(request.header("Accept") == "image/png,image/webp,image/jpeg,*/*")
        #expect(request.header("Authorization") == "Bearer s3cret")
        #expect(try await fetcher.fetch(file.assets[0]).source == .cached)
        #expect(world.server.requestCount() == 1)
    }

    @Test func notFoundFailsAtOnceNamingURLAndStatus() async throws {
        let world = try HostedWorld()
        let (_, file) = try world.rivFile(images: [2])
        let clock = RecordingClock()
        let fetcher = try world.fetcher(configuration: .init(retry: .exponential(retries: 3)), clock: clock)
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.status == 404 && error.attempts == 1 && !error.isTransient)
        #expect(error.uniqueName == "image-2-102" && error.url == world.server.baseURL + "/" + HostedWorld.uuid(2).text)
        #expect(error.description.contains(world.server.baseURL) && error.description.contains("HTTP 404"))
        #expect(clock.waits.isEmpty && world.server.requestCount() == 1)
    }

    @Test func retriesUnavailableWithBackoff() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(3).text
        let png = try world.sandbox.write("asset.png", Payload.png(300))
        try world.server.update(.init(paths: ["/" + uuid: [.status(503), .status(503), .file(png)]]))
        let (_, file) = try world.rivFile(images: [3])
        let clock = RecordingClock()
        let policy = RetryPolicy.exponential(retries: 3, initialDelay: .milliseconds(100), jitter: 0)
        let fetched = try await world.fetcher(configuration: .init(retry: policy), clock: clock).fetch(file.assets[0])
        #expect(fetched.attempts == 3 && fetched.source == .downloaded)
        #expect(clock.waits == [.milliseconds(100), .milliseconds(200)])
        #expect(world.server.requestCount() == 3)
    }

    @Test func honoursRetryAfter() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(4).text
        let png = try world.sandbox.write("asset.png", Payload.png(300))
        try world.server.update(.init(paths: ["/" + uuid: [.status(429, headers: ["Retry-After": "7"]), .file(png)]]))
        let (_, file) = try world.rivFile(images: [4])
        let clock = RecordingClock()
        _ = try await world.fetcher(configuration: .init(retry: .exponential(retries: 2, initialDelay: .milliseconds(50))), clock: clock)
            .fetch(file.assets[0])
        #expect(clock.waits == [.seconds(7)])
    }

    @Test func connectionRefusedIsRetriedThenReported() async throws {
        let world = try HostedWorld()
        let (_, file) = try world.rivFile(images: [5])
        let clock = RecordingClock()
        // Nothing listens on port 1 of the loopback interface for a test user.
        let fetcher = try world.fetcher(configuration: .init(baseURLOverride: "http://127.0.0.1:1", retry: .fixed(retries: 2, delay: .milliseconds(5))),
                                        clock: clock)
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        guard case .connectionFailed = error.cause else { Issue.record("expected a connection failure, got \(error)"); return }
        #expect(error.attempts == 3 && clock.waits.count == 2 && error.url == "http://127.0.0.1:1/" + HostedWorld.uuid(5).text)
    }

    @Test func shortBodyIsNotCached() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(6).text
        let png = try world.sandbox.write("asset.png", Payload.png(1000))
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(bodyFile: png, contentLength: 5000)]]))
        let (_, file) = try world.rivFile(images: [6])
        let fetcher = try world.fetcher(configuration: .init(retry: .fixed(retries: 1, delay: .milliseconds(1))))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.isTransient && error.attempts == 2, "\(error)")
        #expect(fetcher.cache.data(for: world.key(uuid)) == nil && fetcher.cache.storedUUIDs.isEmpty)
    }

    @Test func slowServerTimesOut() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(7).text
        let png = try world.sandbox.write("asset.png", Payload.png(100))
        try world.server.update(.init(paths: ["/" + uuid: [.file(png, delayMilliseconds: 10000)]]))
        let (_, file) = try world.rivFile(images: [7])
        let fetcher = try world.fetcher(timeout: 1)
        // The server would answer 200 after 10 s: a timeout is the 1 s limit at work.
        // (How late it is reported depends on how busy the test run keeps the machine.)
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.cause == .timedOut && error.isTransient, "\(error)")
    }

    @Test func htmlServedAsAnImageIsAFailure() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(8).text
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(headers: ["Content-Type": "text/html"],
                                                                                   bodyText: "<!doctype html><p>Sign in</p>")]]))
        let (_, file) = try world.rivFile(images: [8])
        let fetcher = try world.fetcher()
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.cause == .unsupportedFormat(detected: .unknown, accepted: [.png, .jpeg, .webp]) && error.attempts == 1)
        #expect(fetcher.cache.data(for: world.key(uuid)) == nil)
        #expect(error.description.contains("not png, jpeg, webp"))
    }

    @Test func twentyTasksShareOneDownload() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(9).text
        let png = try world.sandbox.write("asset.png", Payload.png(20000))
        try world.server.update(.init(paths: ["/" + uuid: [.file(png, delayMilliseconds: 300)]]))
        let (_, file) = try world.rivFile(images: [9])
        let fetcher = try world.fetcher()
        let asset = file.assets[0]
        let sizes = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<20 { group.addTask { try? await fetcher.data(for: asset).count } }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(sizes.count == 20 && sizes.allSatisfy { $0 == 20008 })
        #expect(world.server.requestCount() == 1)
    }

    @Test func warmCacheMakesNoRequestAndOfflineUsesOnlyTheCache() async throws {
        let world = try HostedWorld()
        try world.serve(10, Payload.png(700))
        let (_, file) = try world.rivFile(images: [10, 11])
        let cold = try await world.fetcher(configuration: .init(retry: .none, offline: true)).prefetch(file.assets)
        #expect(cold.map(\.cause) == [.notCached, .notCached] && world.server.requestCount() == 0)
        let first = try await world.fetcher().prefetch(file.assets)
        #expect(first.map(\.uniqueName) == ["image-11-111"], "only the asset the server lacks fails")
        #expect(world.server.requestCount() == 2)
        // A new fetcher over the same folder starts with an empty memory layer.
        let warm = try world.fetcher(configuration: .init(retry: .none, offline: true))
        #expect(try await warm.fetch(file.assets[0]).source == .cached)
        let online = try world.fetcher()
        #expect(try await online.fetch(file.assets[0]).source == .cached)
        #expect(world.server.requestCount() == 2)
    }

    @Test func corruptedEntryIsFetchedAgain() async throws {
        let world = try HostedWorld()
        let bytes = Payload.png(4000)
        let uuid = try world.serve(12, bytes)
        let (_, file) = try world.rivFile(images: [12])
        try await world.fetcher().fetch(file.assets[0])
        let stored = try world.cache().file(for: world.key(uuid))
        var changed = bytes
        changed[100] ^= 0xFF
        try Data(changed).write(to: stored)
        let reopened = try world.cache()
        #expect(reopened.data(for: world.key(uuid)) == nil && reopened.fileURL(for: world.key(uuid)) == nil, "changed bytes are no entry")
        #expect(try await world.fetcher(cache: reopened).fetch(file.assets[0]).source == .downloaded)
        try Data(bytes.prefix(10)).write(to: stored)
        let again = try world.cache()
        #expect(again.data(for: world.key(uuid)) == nil, "a truncated entry is no entry")
        #expect(try await world.fetcher(cache: again).fetch(file.assets[0]).source == .downloaded)
        #expect(world.server.requestCount() == 3)
        #expect(again.data(for: world.key(uuid)).map(Array.init) == bytes)
    }

    @Test func baseURLOverrideAndExtraHeadersShapeTheRequest() throws {
        let world = try HostedWorld()
        let (_, file) = try world.rivFile(images: [14])
        let fetcher = try world.fetcher(configuration: .init(baseURLOverride: "https://mirror.example.com/rive/", headers: ["accept": "*/*"]))
        let request = try fetcher.request(for: file.assets[0])
        #expect(request.url.absoluteString == "https://mirror.example.com/rive/" + HostedWorld.uuid(14).text)
        #expect(request.headers == ["accept": "*/*"], "an extra header replaces the type's Accept")
    }
}
