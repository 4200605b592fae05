import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivTestSupport
import RivSupport

/// What a download over the shipped transport may cost and where its bytes and
/// headers may go: size limits, the total deadline, partial files, redirects,
/// IPv6 hosts (the same bounds for an app's transport: AppTransportBoundsTests).
@Suite struct DownloadBoundsTests {
    /// The partial downloads in the cache folder (a made-up name when it cannot be read).
    private func leftovers(_ cache: HostedAssetCache) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cache.directory.path) else { return ["(unreadable folder)"] }
        return names.filter { TemporaryFiles.isTemporaryName($0) }
    }

    @Test func aBodyDeclaredLargerThanTheLimitIsRefusedAtOnce() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(40).text
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(pngBytes: 3 << 20)]]))
        let (_, file) = try world.rivFile(images: [40])
        let fetcher = try world.fetcher(configuration: .init(retry: .fixed(retries: 2, delay: .milliseconds(1)), maximumAssetSize: 64 << 10))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.cause == .tooLarge(limit: 64 << 10) && !error.isTransient && error.attempts == 1, "\(error)")
        #expect(error.description.contains("larger than the limit of 65536 bytes"))
        #expect(fetcher.cache.storedUUIDs.isEmpty && leftovers(fetcher.cache).isEmpty)
    }

    @Test func aBodyWithoutLengthIsStoppedAtTheLimit() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(41).text
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(pngBytes: 8 << 20, omitLength: true)]]))
        let (_, file) = try world.rivFile(images: [41])
        let fetcher = try world.fetcher(configuration: .init(retry: .none, maximumAssetSize: 100_000))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.cause == .tooLarge(limit: 100_000), "\(error)")
        #expect(fetcher.cache.storedUUIDs.isEmpty && leftovers(fetcher.cache).isEmpty)
    }

    @Test func aCompressedBodyIsBoundedByWhatItInflatesTo() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(42).text
        // 32 MiB of a PNG signature and zeros, gzip-compressed to a few tens of KiB.
        let gzipped = world.sandbox.path("bomb.gz")
        let maker = Process()
        maker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        maker.arguments = ["python3", "-c", "import gzip,sys; open(sys.argv[1],'wb').write(gzip.compress(b'\\x89PNG\\r\\n\\x1a\\n' + bytes(32 << 20)))", gzipped]
        try maker.run()
        maker.waitUntilExit()
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(headers: ["Content-Encoding": "gzip"], bodyFile: gzipped)]]))
        let (_, file) = try world.rivFile(images: [42])
        let fetcher = try world.fetcher(configuration: .init(retry: .none, maximumAssetSize: 1 << 20))
        do {
            let fetched = try await fetcher.fetch(file.assets[0])
            // A client that does not inflate stores the compressed bytes, well within the limit.
            #expect(fetched.byteCount < 1 << 20)
        } catch let error as HostedAssetError {
            #expect(error.cause == .tooLarge(limit: 1 << 20), "\(error)")
        }
        #expect(leftovers(fetcher.cache).isEmpty)
    }

    @Test func aTricklingServerIsCutOffAtTheDeadline() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(43).text
        // 4,000 bytes, 20 at a time, 100 ms apart: never silent for long, 20 s in all.
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(pngBytes: 4000, chunkBytes: 20, chunkDelayMilliseconds: 100)]]))
        let (_, file) = try world.rivFile(images: [43])
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 30), cache: try world.cache(),
                                         configuration: .init(retry: .fixed(retries: 2, delay: .milliseconds(1)), deadline: 1))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.cause == .deadlineExceeded(seconds: 1) && !error.isTransient && error.attempts == 1, "\(error)")
        // The transport's spool goes once the cancelled attempt lets go of it.
        for _ in 0..<500 where !leftovers(fetcher.cache).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(fetcher.cache.storedUUIDs.isEmpty && leftovers(fetcher.cache).isEmpty)
    }

    @Test func aDownloadInFlightIsAPrivateFileInTheCacheFolder() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(44).text
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(pngBytes: 3000, chunkBytes: 100, chunkDelayMilliseconds: 100)]]))
        let (_, file) = try world.rivFile(images: [44])
        let fetcher = try world.fetcher(timeout: 30)
        let fetch = Task { try await fetcher.fetch(file.assets[0]) }
        var seen: [String] = []
        for _ in 0..<300 where seen.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
            seen = leftovers(fetcher.cache)
        }
        let partial = try #require(seen.first, "the download is written in the cache folder")
        let attributes = try FileManager.default.attributesOfItem(atPath: fetcher.cache.directory.appendingPathComponent(partial).path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0, "readable by its owner only")
        let fetched = try await fetch.value
        #expect(fetched.byteCount == 3000 && leftovers(fetcher.cache).isEmpty)
    }

    /// The transport's own task: a fetcher's download is shared by every caller
    /// waiting for it, so cancelling one caller does not stop it.
    @Test(arguments: [false, true]) func aCancelledRequestEndsBeforeItsAnswer(ipv6: Bool) async throws {
        guard !ipv6 || HostedAssetServer.hasIPv6Loopback else { return }
        let world = try HostedWorld(ipv6: ipv6)
        let uuid = HostedWorld.uuid(45).text
        let png = try world.sandbox.write("asset.png", Payload.png(300))
        // Answered after 30 s: an answer before then is the cancellation failing.
        try world.server.update(.init(paths: ["/" + uuid: [.file(png, delayMilliseconds: 30_000)]]))
        let (_, file) = try world.rivFile(images: [45])
        let fetcher = try world.fetcher(timeout: 60)
        let request = try fetcher.request(for: file.assets[0])
        let download = Task { try await fetcher.transport.fetch(request) }
        for _ in 0..<500 where world.server.requestCount() == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(world.server.requestCount() == 1, "the request had been sent")
        download.cancel()
        let outcome = await download.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(leftovers(fetcher.cache).isEmpty)
    }

    @Test func openingTheCacheRemovesOldLeftoversOnly() throws {
        let world = try HostedWorld()
        let folder = world.sandbox.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = folder.appendingPathComponent(".download.riv-assets-old")
        let fresh = folder.appendingPathComponent(".download.riv-assets-fresh")
        let unrelated = folder.appendingPathComponent(".notes")
        for url in [old, fresh, unrelated] { try Data("x".utf8).write(to: url) }
        let longAgo = Date().addingTimeInterval(-2 * HostedAssetCache.leftoverAge)
        for url in [old, unrelated] { try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: url.path) }
        _ = try HostedAssetCache(directory: folder)
        #expect(!FileManager.default.fileExists(atPath: old.path), "a download untouched for over an hour is a leftover")
        #expect(FileManager.default.fileExists(atPath: fresh.path), "a recent one may belong to a running process")
        #expect(FileManager.default.fileExists(atPath: unrelated.path), "files the cache did not make stay")
    }

    @Test func headersStayWithTheirOriginAcrossRedirects() async throws {
        let world = try HostedWorld()
        let elsewhere = try HostedAssetServer(.init())
        let bytes = Payload.png(500)
        let png = try world.sandbox.write("asset.png", bytes)
        let sameOrigin = HostedWorld.uuid(46).text, crossOrigin = HostedWorld.uuid(47).text
        try world.server.update(.init(paths: ["/" + sameOrigin: [.redirect(to: "/moved")], "/moved": [.file(png)],
                                              "/" + crossOrigin: [.redirect(to: elsewhere.baseURL + "/landed")]]))
        try elsewhere.update(.init(paths: ["/landed": [.file(png)]]))
        let (_, file) = try world.rivFile(images: [46, 47])
        let fetcher = try world.fetcher(configuration: .init(headers: ["Authorization": "Bearer s3cret", "X-Team": "t1"],
                                                             headerHosts: ["127.0.0.1:\(world.server.port)"], retry: .none))
        let first = try await fetcher.fetch(file.assets[0]), second = try await fetcher.fetch(file.assets[1])
        #expect(first.byteCount == bytes.count && second.byteCount == bytes.count, "\(first) \(second)")
        let moved = try #require(world.server.received().first { $0.path == "/moved" })
        #expect(moved.header("Authorization") == "Bearer s3cret", "a redirect within the origin keeps the headers")
        let landed = try #require(elsewhere.received().first)
        #expect(landed.header("Authorization") == nil && landed.header("X-Team") == nil, "another origin gets none of them")
        #expect(landed.header("Accept") == "image/png,image/webp,image/jpeg,*/*")
    }

    @Test func aRedirectOutOfHTTPIsRefused() async throws {
        let world = try HostedWorld()
        let uuid = HostedWorld.uuid(48).text
        try world.server.update(.init(paths: ["/" + uuid: [.redirect(to: "file:///etc/passwd")]]))
        let (_, file) = try world.rivFile(images: [48])
        let fetcher = try world.fetcher()
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(!error.isTransient && fetcher.cache.storedUUIDs.isEmpty, "\(error)")
        // FoundationNetworking resolves such a Location on the same http origin (a 404
        // here); a client that passes it on as it is gets it refused. Never a file read.
        #expect(error.cause == .redirectRefused("file:///etc/passwd") || error.status == 404, "\(error)")
    }

    @Test(.enabled(if: HostedAssetServer.hasIPv6Loopback)) func anIPv6HostIsFetchedAndCached() async throws {
        let world = try HostedWorld(ipv6: true)
        let bytes = Payload.png(700)
        let uuid = try world.serve(49, bytes)
        let (_, file) = try world.rivFile(images: [49])
        #expect(file.assets[0].cdn?.baseURL.hasPrefix("http://[::1]:") == true)
        let fetcher = try world.fetcher(configuration: .init(headers: ["Authorization": "Bearer v6"], headerHosts: ["[::1]"], retry: .none))
        let fetched = try await fetcher.fetch(file.assets[0])
        #expect(fetched.byteCount == bytes.count && fetched.url == world.server.baseURL + "/" + uuid)
        #expect(world.server.received().first?.header("Authorization") == "Bearer v6")
        #expect(try await fetcher.fetch(file.assets[0]).source == .cached)
    }

    @Test(.enabled(if: HostedAssetServer.hasIPv6Loopback)) func anIPv6HostKeepsEveryBound() async throws {
        let world = try HostedWorld(ipv6: true)
        let elsewhere = try HostedAssetServer(.init())
        let bytes = Payload.png(300)
        let png = try world.sandbox.write("asset.png", bytes)
        let big = HostedWorld.uuid(50).text, moved = HostedWorld.uuid(51).text, slow = HostedWorld.uuid(52).text
        try world.server.update(.init(paths: ["/" + big: [HostedAssetServer.Reply(pngBytes: 8 << 20)],
                                              "/" + moved: [.redirect(to: elsewhere.baseURL + "/landed")],
                                              "/" + slow: [HostedAssetServer.Reply(pngBytes: 4000, chunkBytes: 20, chunkDelayMilliseconds: 100)]]))
        try elsewhere.update(.init(paths: ["/landed": [.file(png)]]))
        let (_, file) = try world.rivFile(images: [50, 51, 52])
        let cache = try world.cache()
        var configuration = HostedAssetFetcher.Configuration(headers: ["Authorization": "Bearer v6"], headerHosts: ["[::1]"], retry: .none,
                                                             maximumAssetSize: 100_000)
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 30), cache: cache, configuration: configuration)
        let tooBig = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(tooBig.cause == .tooLarge(limit: 100_000), "\(tooBig)")
        #expect(try await fetcher.fetch(file.assets[1]).byteCount == bytes.count)
        #expect(world.server.received().first { $0.path == "/" + moved }?.header("Authorization") == "Bearer v6")
        #expect(elsewhere.received().first?.header("Authorization") == nil, "a redirect to another origin carries no token")
        // The deadline is the fetcher's: a second one over the same cache with a short one.
        configuration.deadline = 1
        let hurried = HostedAssetFetcher(transport: URLSessionTransport(timeout: 30), cache: cache, configuration: configuration)
        let late = try await #require(throws: HostedAssetError.self) { try await hurried.fetch(file.assets[2]) }
        #expect(late.cause == .deadlineExceeded(seconds: 1), "\(late)")
        // The transport's spool goes once the cancelled attempt lets go of it.
        for _ in 0..<500 where !leftovers(cache).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(leftovers(cache).isEmpty)
    }
}
