import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivTestSupport

/// Uploads and deletions through the HTTP transport that ships, against the
/// loopback server: a `PUT` and a `DELETE` of the asset's URL, judged and
/// retried as a fetch is.
@Suite struct UploadOverHTTPTests {
    @Test func anUploadIsAPutTheNextFetchGetsBack() async throws {
        let world = try HostedWorld()
        let bytes = Data(Payload.png(3000))
        let uuid = HostedWorld.uuid(5).text
        let (_, file) = try world.rivFile(images: [5])
        let fetcher = try world.fetcher(configuration: .init(headers: ["Authorization": "Bearer s3cret"], headerHosts: ["127.0.0.1"], retry: .none))
        try await fetcher.upload(bytes, contentType: "image/png", uuid: uuid, baseURL: world.server.baseURL, type: .image)
        try await fetcher.upload(bytes, contentType: "image/png", uuid: uuid, baseURL: world.server.baseURL, type: .image)
        #expect(try Data(contentsOf: world.sandbox.url.appendingPathComponent("served/" + uuid)) == bytes)
        let puts = world.server.received()
        #expect(puts.map(\.line) == ["PUT /\(uuid) HTTP/1.1", "PUT /\(uuid) HTTP/1.1"], "a second upload of the uuid is no error")
        #expect(puts.first?.header("Content-Type") == "image/png" && puts.first?.header("Authorization") == "Bearer s3cret")
        let fetched = try await fetcher.fetch(file.assets[0])
        #expect(fetched.source == .downloaded && fetcher.cache.data(for: fetched.key) == bytes)
    }

    @Test func aDeletionIsADeleteAndAMissingUUIDIsNoError() async throws {
        let world = try HostedWorld()
        let uuid = try world.serve(6, Payload.png(500))
        let (_, file) = try world.rivFile(images: [6])
        let fetcher = try world.fetcher()
        try await fetcher.fetch(file.assets[0])
        try await fetcher.delete(uuid: uuid, baseURL: world.server.baseURL)
        #expect(!FileManager.default.fileExists(atPath: world.sandbox.url.appendingPathComponent("served/" + uuid).path))
        #expect(fetcher.cachedEntry(for: file.assets[0]) == nil, "its cache entry went with it")
        try await fetcher.delete(uuid: uuid, baseURL: world.server.baseURL)
        #expect(world.server.received().map(\.line) == ["GET /\(uuid) HTTP/1.1", "DELETE /\(uuid) HTTP/1.1", "DELETE /\(uuid) HTTP/1.1"])
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.status == 404)
    }

    @Test func anUploadRetriesUnavailableAndFailsOnARefusal() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(7).text
        let refused = HostedWorld.uuid(8).text
        try world.server.update(.init(folder: world.sandbox.path("served"),
                                      paths: ["PUT /" + uuid: [.status(503), .status(503), .status(201)],
                                              "PUT /" + refused: [.status(403)]]))
        let clock = RecordingClock()
        let fetcher = try world.fetcher(configuration: .init(retry: .exponential(retries: 3, initialDelay: .milliseconds(100), jitter: 0)),
                                        clock: clock)
        try await fetcher.upload(Data(Payload.png(200)), contentType: "image/png", uuid: uuid, baseURL: world.server.baseURL, type: .image)
        #expect(world.server.requestCount(path: "/" + uuid) == 3 && clock.waits == [.milliseconds(100), .milliseconds(200)])
        let error = try await #require(throws: HostedAssetError.self) {
            try await fetcher.upload(Data(Payload.png(200)), contentType: "image/png", uuid: refused, baseURL: world.server.baseURL, type: .image)
        }
        #expect(error.status == 403 && error.attempts == 1 && world.server.requestCount(path: "/" + refused) == 1)
    }

    #if os(Linux)
    @Test func anUploadToAnIPv6AddressIsUnsupportedOnLinuxAndNotRetried() async throws {
        let sandbox = try TemporaryDirectory()
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 5), cache: try HostedAssetCache(directory: sandbox.url),
                                         configuration: .init(retry: .fixed(retries: 3, delay: .milliseconds(1))), clock: RecordingClock())
        let error = try await #require(throws: HostedAssetError.self) {
            try await fetcher.upload(Data(Payload.png(100)), contentType: "image/png", uuid: HostedWorld.uuid(9).text,
                                     baseURL: "http://[::1]:9", type: .image)
        }
        #expect(error.underlyingError as? HostedAssetTransportError == .unsupported("PUT to an IPv6 address on Linux; use a host name"))
        #expect(error.attempts == 1 && !error.isTransient, "\(error)")
    }
    #endif
}
