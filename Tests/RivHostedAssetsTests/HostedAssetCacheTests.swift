import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivTestSupport

@Suite struct HostedAssetCacheTests {
    @Test func evictsOldestPastTheSizeLimit() throws {
        let sandbox = try TemporaryDirectory()
        let cache = try HostedAssetCache(directory: sandbox.url.appendingPathComponent("cache"), diskLimit: 2500)
        let uuids = (1...3).map { HostedWorld.uuid($0).text }
        for (index, uuid) in uuids.enumerated() {
            try cache.store(Data(Payload.png(1000, seed: UInt8(index))), for: uuid)
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(cache.storedUUIDs == Array(uuids.dropFirst()))
        #expect(try HostedAssetCache(directory: cache.directory).data(for: uuids[0]) == nil)
    }

    @Test func creationFailsWhereNoFolderCanBe() throws {
        let sandbox = try TemporaryDirectory()
        let file = try sandbox.write("a-file", [1])
        #expect(throws: HostedAssetCacheError.self) { try HostedAssetCache(directory: URL(fileURLWithPath: file)) }
        #expect(throws: HostedAssetCacheError.self) { try HostedAssetCache(directory: URL(fileURLWithPath: file + "/below")) }
    }

    @Test func refusesKeysThatAreNoUUID() throws {
        let sandbox = try TemporaryDirectory()
        let cache = try HostedAssetCache(directory: sandbox.url)
        #expect(throws: HostedAssetCacheError.invalidUUID("../escape")) { try cache.store(Data([1]), for: "../escape") }
        #expect(cache.data(for: "../escape") == nil)
    }

    @Test func defaultFolderFollowsThePlatform() throws {
        let folder = try HostedAssetCache.defaultDirectory()
        #expect(folder.path.hasSuffix("riv-assets/hosted"))
        #if os(Linux)
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            #expect(folder.path.hasPrefix(xdg))
        }
        #endif
    }
}

@Suite struct RetryPolicyTests {
    @Test func exponentialBackoffIsCappedAndJittered() {
        let policy = RetryPolicy.exponential(retries: 10, initialDelay: .milliseconds(100), maximumDelay: .seconds(1), jitter: 0.5)
        #expect(policy.delay(beforeRetry: 1, retryAfter: nil, random: 0) == .milliseconds(100))
        #expect(policy.delay(beforeRetry: 3, retryAfter: nil, random: 0) == .milliseconds(400))
        #expect(policy.delay(beforeRetry: 9, retryAfter: nil, random: 0) == .seconds(1))
        #expect(policy.delay(beforeRetry: 3, retryAfter: nil, random: 1) == .milliseconds(200))
        #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(60), random: 0) == .seconds(1), "Retry-After is honoured up to the cap")
        #expect(RetryPolicy.fixed(retries: 2, delay: .seconds(2)).delay(beforeRetry: 2, retryAfter: nil, random: 0.7) == .seconds(2))
    }

    @Test func resolvesURLsAsRiveRuntimesDo() {
        #expect(HostedAssetRequest.resolvedURL(baseURL: "https://public.rive.app/cdn/uuid", uuid: "ab-cd")?.absoluteString
                == "https://public.rive.app/cdn/uuid/ab-cd")
        #expect(HostedAssetRequest.resolvedURL(baseURL: "https://m.example.com/", uuid: "ab-cd")?.absoluteString == "https://m.example.com/ab-cd")
        #expect(HostedAssetRequest.resolvedURL(baseURL: "not a url", uuid: "ab-cd") == nil)
    }
}
