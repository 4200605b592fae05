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
            try cache.store(Data(Payload.png(1000, seed: UInt8(index))), for: try Self.key(uuid))
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(cache.storedUUIDs == Array(uuids.dropFirst()))
        #expect(try HostedAssetCache(directory: cache.directory).data(for: try Self.key(uuids[0])) == nil)
    }

    @Test func creationFailsWhereNoFolderCanBe() throws {
        let sandbox = try TemporaryDirectory()
        let file = try sandbox.write("a-file", [1])
        #expect(throws: HostedAssetCacheError.self) { try HostedAssetCache(directory: URL(fileURLWithPath: file)) }
        #expect(throws: HostedAssetCacheError.self) { try HostedAssetCache(directory: URL(fileURLWithPath: file + "/below")) }
    }

    /// The key of `uuid` on `base`.
    static func key(_ uuid: String, base: String = "https://cdn.example.com") throws -> HostedAssetKey {
        try #require(HostedAssetKey(baseURL: base, uuid: uuid))
    }

    @Test func refusesKeysThatAreNoUUID() {
        #expect(HostedAssetKey(baseURL: "https://cdn.example.com", uuid: "../escape") == nil)
        #expect(HostedAssetKey(baseURL: "file:///etc", uuid: "ab-cd") == nil)
    }

    @Test("keys are the normalised URL: case of scheme and host, default ports and user info do not matter; path, port and host do")
    func keysNormaliseTheURL() throws {
        let plain = try Self.key("ab-cd", base: "https://cdn.example.com/x")
        #expect(try Self.key("ab-cd", base: "HTTPS://CDN.Example.com:443/x/") == plain)
        #expect(try Self.key("ab-cd", base: "https://user:secret@cdn.example.com/x") == plain)
        #expect(try Self.key("ab-cd", base: "https://cdn.example.com:8443/x") != plain)
        #expect(try Self.key("ab-cd", base: "https://evil.example/x") != plain)
        #expect(try Self.key("ab-cd", base: "https://cdn.example.com/y") != plain)
        #expect(try Self.key("ab-cd", base: "http://[::1]:8080/cdn").url == "http://[::1]:8080/cdn/ab-cd")
    }

    @Test("bytes stored from one server are never served for a file naming another with the same uuid")
    func noPoisoningAcrossHosts() throws {
        let sandbox = try TemporaryDirectory()
        let cache = try HostedAssetCache(directory: sandbox.url)
        let uuid = HostedWorld.uuid(1).text
        try cache.store(Data(Payload.png(100, seed: 9)), for: try Self.key(uuid, base: "https://evil.example/"))
        let reopened = try HostedAssetCache(directory: sandbox.url)
        let realKey = try Self.key(uuid)
        #expect(reopened.data(for: realKey) == nil && reopened.entry(for: realKey) == nil)
        #expect(reopened.data(for: try Self.key(uuid, base: "https://evil.example/")) != nil)
    }

    @Test("a record copied beside another URL's entry name does not make it that URL's entry")
    func recordsNameTheirURL() throws {
        let sandbox = try TemporaryDirectory()
        let cache = try HostedAssetCache(directory: sandbox.url)
        let uuid = HostedWorld.uuid(1).text
        let evil = try Self.key(uuid, base: "https://evil.example/")
        let good = try Self.key(uuid)
        try cache.store(Data(Payload.png(100, seed: 9)), for: evil)
        let evilFile = cache.file(for: evil), goodFile = cache.file(for: good)
        try FileManager.default.copyItem(at: evilFile, to: goodFile)
        try FileManager.default.copyItem(atPath: evilFile.path + ".entry", toPath: goodFile.path + ".entry")
        #expect(try HostedAssetCache(directory: sandbox.url).data(for: good) == nil)
    }

    @Test("a FIFO, a link to /dev/zero, a link out of the cache and an entry longer than its record are no entries, at once",
          .timeLimit(.minutes(1)))
    func craftedEntriesDoNotHang() throws {
        let sandbox = try TemporaryDirectory()
        let folder = sandbox.url.appendingPathComponent("cache")
        let cache = try HostedAssetCache(directory: folder)
        let bytes = Data(Payload.png(100))
        let outside = try sandbox.write("outside.png", Array(bytes))
        for (index, craft) in ["fifo", "zero", "outside", "longer", "fifo-record"].enumerated() {
            let key = try Self.key(HostedWorld.uuid(index + 1).text)
            try cache.store(bytes, for: key)
            let file = cache.file(for: key).path
            switch craft {
            case "fifo": try FileManager.default.removeItem(atPath: file); #expect(mkfifo(file, 0o600) == 0)
            case "zero": try FileManager.default.removeItem(atPath: file); try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/zero")
            case "outside": try FileManager.default.removeItem(atPath: file); try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: outside)
            case "longer": try (bytes + Data(count: 1 << 20)).write(to: URL(fileURLWithPath: file))
            default: try FileManager.default.removeItem(atPath: file + ".entry"); #expect(mkfifo(file + ".entry", 0o600) == 0)
            }
            let fresh = try HostedAssetCache(directory: folder)
            #expect(fresh.data(for: key) == nil, "\(craft)")
            #expect(fresh.entry(for: key) == nil, "\(craft)")
        }
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
