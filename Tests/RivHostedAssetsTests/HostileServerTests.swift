import Foundation
import Testing
import RivFormat
@testable import RivHostedAssets
import RivTestSupport

/// What a hostile file or server cannot make the HTTP side do: inject lines into
/// a request, write an unbounded error body, get a badly framed or cut answer
/// cached, or keep a token from an IPv6 host the user named.
@Suite struct HostileServerTests {
    /// A `.riv` file in `world`'s sandbox hosting image 60 under `baseURL`.
    private func rivFile(_ world: HostedWorld, baseURL: String) throws -> RivFile {
        let asset = TestAsset.image("image-60.png", 160, cdnUUID: HostedWorld.uuid(60).bytes, cdnBaseURL: baseURL)
        return try RivFile(path: try world.sandbox.write("crafted.riv", Inputs.file([asset])))
    }

    @Test(.enabled(if: HostedAssetServer.hasIPv6Loopback)) func aCraftedBaseURLInjectsNoLine() async throws {
        let world = try HostedWorld(ipv6: true)
        let base = world.server.baseURL + "/a%20HTTP/1.1%0d%0aX-Injected:%20yes%0d%0a%0d%0aPOST%20/smuggled"
        let file = try rivFile(world, baseURL: base)
        let fetcher = try world.fetcher()
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.status == 404, "\(error)")
        let received = world.server.received()
        #expect(received.count == 1 && received[0].header("X-Injected") == nil, "\(received.map(\.headers))")
        #expect(received.first?.line?.hasPrefix("GET /a%20HTTP/1.1%0d%0aX-Injected:%20yes%0d%0a%0d%0aPOST%20/smuggled/") == true,
                "\(received.map { $0.line ?? "" })")
    }

    @Test func aHeaderWithALineBreakIsRefusedBeforeAnythingIsSent() async throws {
        let world = try HostedWorld()
        try world.serve(61, Payload.png(200))
        let (_, file) = try world.rivFile(images: [61])
        let fetcher = try world.fetcher(configuration: .init(headers: ["X-Team": "t1\r\nX-Injected: yes"],
                                                             headerHosts: ["127.0.0.1"], retry: .none))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        guard case .unsafeRequest(let reason) = error.cause else { Issue.record("\(error)"); return }
        #expect(reason.contains("X-Team") && error.attempts == 0, "\(reason)")
        #expect(world.server.requestCount() == 0)
    }

    @Test func theRequestHeadKeepsTheRule() throws {
        let url = try #require(URL(string: "http://[::1]:8080/a%20b%0D%0Ac?q=%0a"))
        #expect(HTTPRequestHead.target(of: url) == "/a%20b%0D%0Ac?q=%0a")
        #expect(HTTPRequestHead.problem(url: url, headers: ["Authorization": "Bearer a\tb"]) == nil)
        #expect(HTTPRequestHead.problem(url: url, headers: ["Bad Name": "x"]) != nil)
        #expect(HTTPRequestHead.problem(url: url, headers: ["X": "a\nb"]) != nil)
        #expect(HTTPRequestHead.problem(url: url, headers: ["X": "a\u{7F}"]) != nil)
        #expect(throws: HostedAssetTransportError.self) { try HTTPRequestHead.get(url, authority: "[::1]:8080", headers: ["X": "\r\n"]) }
        let head = try HTTPRequestHead.get(url, authority: "[::1]:8080", headers: ["Accept": "*/*"])
        #expect(head.hasPrefix("GET /a%20b%0D%0Ac?q=%0a HTTP/1.1\r\nHost: [::1]:8080\r\n") && head.hasSuffix("Accept: */*\r\n\r\n"))
    }

    /// An error answer whose body never ends fails with its status at once, on
    /// the session and on the IPv6 client, with no size limit to stop it.
    @Test(arguments: [false, true]) func anEndlessErrorBodyIsNotRead(ipv6: Bool) async throws {
        guard !ipv6 || HostedAssetServer.hasIPv6Loopback else { return }
        let world = try HostedWorld(ipv6: ipv6)
        let uuid = HostedWorld.uuid(62).text
        try world.server.update(.init(paths: ["/" + uuid: [HostedAssetServer.Reply(status: 404, pngBytes: 1 << 40, omitLength: true)]]))
        let (_, file) = try world.rivFile(images: [62])
        // The deadline only ends a run that would read the body without end; it is
        // long because the fetcher's answer waits for a thread of the task pool,
        // which other tests of a full run keep busy for seconds at a time.
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 30), cache: try world.cache(),
                                         configuration: .init(retry: .none, maximumAssetSize: nil, deadline: 120))
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.cause == .status(404), "\(error)")
        #expect(fetcher.cache.storedUUIDs.isEmpty)
    }

    @Test(.enabled(if: HostedAssetServer.hasIPv6Loopback),
          arguments: ["HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n",
                      "HTTP/1.1 200 OK\r\nContent-Length: 3O\r\n\r\n",
                      "HTTP/1.1 200 OK\r\nContent-Length: 73\r\ncontent-length: 30\r\n\r\n",
                      "HTTP/1.1 -200 OK\r\nContent-Length: 30\r\n\r\n",
                      "HTTP/1.1 2000 OK\r\nContent-Length: 30\r\n\r\n",
                      "HTTP/1.1 200 OK\r\nContent-Length: 30\r\n folded: x\r\n\r\n",
                      "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"])
    func aBadlyFramedAnswerIsNeverCached(head: String) async throws {
        let world = try HostedWorld(ipv6: true)
        let uuid = HostedWorld.uuid(63).text
        let body = try world.sandbox.write("body.png", Array(Payload.png(200).prefix(30)))
        try world.server.update(.init(paths: ["/" + uuid: [.raw(head, bodyFile: body)]]))
        let (_, file) = try world.rivFile(images: [63])
        let fetcher = try world.fetcher()
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        guard case .malformedResponse = error.cause else { Issue.record("\(error)"); return }
        #expect(!error.isTransient && fetcher.cache.storedUUIDs.isEmpty, "\(error)")
    }

    @Test(.enabled(if: HostedAssetServer.hasIPv6Loopback)) func aWellFramedChunkedAnswerIsCached() async throws {
        let world = try HostedWorld(ipv6: true)
        let uuid = HostedWorld.uuid(64).text
        let bytes = Payload.png(300)
        let chunked = Array("\(String(bytes.count, radix: 16));ext=1\r\n".utf8) + bytes + Array("\r\n0\r\nX-Trailer: y\r\n\r\n".utf8)
        let body = try world.sandbox.write("chunked", chunked)
        try world.server.update(.init(paths: ["/" + uuid: [.raw("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", bodyFile: body)]]))
        let (_, file) = try world.rivFile(images: [64])
        let fetched = try await world.fetcher().fetch(file.assets[0])
        #expect(fetched.byteCount == bytes.count && fetched.format == .png)
    }

    /// A PNG whose declared length ends before its `IHDR` is no image, on the plain session too.
    @Test func anImageCutBeforeItsHeaderIsNotCached() async throws {
        let world = try HostedWorld()
        try world.serve(65, Array(Payload.png(200).prefix(10)))
        let (_, file) = try world.rivFile(images: [65])
        let fetcher = try world.fetcher()
        let error = try await #require(throws: HostedAssetError.self) { try await fetcher.fetch(file.assets[0]) }
        #expect(error.cause == .unreadableImageHeader(.png) && fetcher.cache.storedUUIDs.isEmpty, "\(error)")
    }

    @Test func oneHostPortParser() throws {
        #expect(try HostPort(parsing: "[::1]:8080") == HostPort(host: "::1", port: 8080))
        #expect(try HostPort(parsing: "[::1]") == HostPort(host: "::1", port: nil))
        #expect(try HostPort(parsing: "CDN.example.com:8443") == HostPort(host: "cdn.example.com", port: 8443))
        for bad in ["::1:8080", "::1", "[::1", "[::1]8080", "[cdn]:80", "host:0", "host:99999", "host:+80", "ho st", ""] {
            #expect(throws: HostPortError.self, "\(bad)") { try HostPort(parsing: bad) }
        }
        let error = try #require(throws: HostPortError.self) { try HostPort(parsing: "::1:8080") }
        #expect(error.description.contains("brackets"))
        let url = try #require(URL(string: "http://[::1]:8080/x"))
        #expect(try HostPort(parsing: "[::1]:8080").matches(url) && HostPort(url: url)?.description == "[::1]:8080")
        #expect(try HostPort(parsing: "example.com:443").matches(try #require(URL(string: "https://example.com/x"))))
    }

    @Test(.enabled(if: HostedAssetServer.hasIPv6Loopback)) func theTokenGoesToABracketedIPv6HostAndPort() async throws {
        let world = try HostedWorld(ipv6: true)
        try world.serve(66, Payload.png(300))
        let (_, file) = try world.rivFile(images: [66])
        let fetcher = try world.fetcher(configuration: .init(headers: ["Authorization": "Bearer v6"],
                                                             headerHosts: ["[::1]:\(world.server.port)"], retry: .none))
        _ = try await fetcher.fetch(file.assets[0])
        #expect(world.server.received().first?.header("Authorization") == "Bearer v6")
        let ambiguous = try world.fetcher(configuration: .init(headers: ["Authorization": "Bearer v6"],
                                                               headerHosts: ["::1:\(world.server.port)"], retry: .none))
        let error = try #require(throws: HostedAssetError.self) { try ambiguous.request(for: file.assets[0]) }
        guard case .invalidHeaderHost(let reason) = error.cause else { Issue.record("\(error)"); return }
        #expect(reason.contains("brackets"), "\(reason)")
    }
}
