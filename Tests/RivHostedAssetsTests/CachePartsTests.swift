import Foundation
import Testing
import RivFormat
@testable import RivHostedAssets
import RivTestSupport

/// The parts of the cache and of the retry rule that are not seen from outside.
@Suite struct CachePartsTests {
    @Test func memoryLayerDropsTheLeastRecentlyUsedPastItsLimit() {
        var layer = MemoryLayer(limit: 100)
        layer.insert(Data(count: 40), for: "a")
        layer.insert(Data(count: 40), for: "b")
        _ = layer.data(for: "a")
        layer.insert(Data(count: 40), for: "c")
        #expect(layer.data(for: "b") == nil && layer.data(for: "a")?.count == 40 && layer.data(for: "c")?.count == 40)
        #expect(layer.byteCount == 80)
        layer.insert(Data(count: 101), for: "big")
        #expect(layer.data(for: "big") == nil && layer.byteCount == 80, "an entry larger than the limit is not kept")
    }

    @Test func recordsReadBackAndRefuseGarbage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("riv-assets-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = CacheEntryRecord(of: Data((0..<21).map { UInt8($0) }))
        let url = folder.appendingPathComponent("r.entry")
        let key = try #require(HostedAssetKey(baseURL: "https://cdn.example/", uuid: "0123abcd"))
        let other = try #require(HostedAssetKey(baseURL: "https://other.example/", uuid: "0123abcd"))
        try record.encoded(for: key).write(to: url)
        #expect(CacheEntryRecord(contentsOf: url, key: key) == record)
        #expect(CacheEntryRecord(contentsOf: url, key: other) == nil, "a record serves only the URL it names")
        try Data("{\"size\": 21}".utf8).write(to: url)
        #expect(CacheEntryRecord(contentsOf: url, key: key) == nil)
        // One changed byte anywhere changes the hash.
        for index in [0, 7, 8, 20] {
            var bytes = (0..<21).map { UInt8($0) }
            bytes[index] ^= 1
            #expect(CacheEntryRecord(of: Data(bytes)) != record)
        }
    }

    @Test("an asset's cache key is the one the fetcher's request is kept under, with and without a mirror")
    func keyOfAHostedAsset() throws {
        let directory = try TemporaryDirectory()
        let file = try RivFile(bytes: Inputs.file([
            TestAsset(typeKey: 105, name: "hero.png", id: 7, cdnUUID: Array(0..<16), cdnBaseURL: "https://CDN.example:443/assets"),
            TestAsset(typeKey: 105, name: "logo.png", id: 8, bytes: [1, 2, 3]),
        ]))
        let cache = try HostedAssetCache(directory: directory.url.appendingPathComponent("cache"))
        for mirror in [nil, "http://mirror.example:8080/m/"] {
            let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 1), cache: cache,
                                             configuration: .init(baseURLOverride: mirror, retry: .none))
            let key = try #require(HostedAssetKey(hostedAsset: file.assets[0], mirror: mirror))
            #expect(try fetcher.request(for: file.assets[0]).cacheKey == key)
            #expect(key.url.hasPrefix(mirror == nil ? "https://cdn.example/assets/" : "http://mirror.example:8080/m/"), "\(key)")
        }
        #expect(HostedAssetKey(hostedAsset: file.assets[1]) == nil, "an embedded asset has no key")
    }

    @Test func retryAfterReadsSecondsAndDates() {
        #expect(RetryAfter.delay("120") == .seconds(120))
        let now = Date(timeIntervalSince1970: 1_000_000_000)  // Sun, 09 Sep 2001 01:46:40 GMT
        #expect(RetryAfter.delay("Sun, 09 Sep 2001 01:47:10 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.delay("soon") == nil && RetryAfter.delay(nil) == nil)
    }
}

@Suite struct TransportErrorTextTests {
    struct Described: Error, CustomStringConvertible {
        var description: String { "the proxy refused" }
    }

    @Test("a transport error reads as one line: its own description, or a system error's domain and code, never its user info")
    func oneLine() {
        #expect(HostedAssetFetcher.sentence(Described()) == "the proxy refused")
        let system = NSError(domain: "NSURLErrorDomain", code: -1000, userInfo: [NSUnderlyingErrorKey: NSError(domain: "x", code: 1)])
        let text = HostedAssetFetcher.sentence(system)
        #expect(text.hasPrefix("NSURLErrorDomain error -1000") && !text.contains("UserInfo") && !text.contains("\n"), "\(text)")
    }
}
