import Foundation
import Testing
import RivAssetsKit
import RivHostedAssets
import RivFormat
import RivTestSupport

/// `AssetOperations.verify` in-process: the runtime verdict, structural damage and
/// each asset check, which runs only when its request field is set.
@Suite("verify")
struct VerifyTests {
    private func codes(_ file: VerifiedFile) -> [String] { file.findings.map(\.code) }

    @Test("a sound file passes; a truncated one is malformed and structurally damaged, with offsets")
    func verdicts() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.mixed())
        let cut = try directory.write("cut.riv", Array(Inputs.mixed().dropLast(5)))
        let result = try AssetOperations.verify(VerifyRequest(inputs: [.path(good), .path(cut)]))
        #expect(result.files.map(\.input) == [good, cut])
        #expect(result.files[0].passed && result.files[0].runtimeResult == .success && !result.files[0].runtimeCrash)
        #expect(!result.passed)
        #expect(result.files[1].runtimeResult == .malformed)
        #expect(codes(result.files[1]) == ["runtime-truncated", "structure-damaged"])
        #expect(result.files[1].findings.allSatisfy { $0.offset != nil })
    }

    @Test("a position or scale that is infinite or NaN is a finding at its offset; the runtime still loads the file")
    func nonFiniteTransforms() throws {
        let directory = try TemporaryDirectory()
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path
        var editor = RivEditor(try RivFile(path: fixture))
        let stamp = try directory.write("stamp.png", Array(try #require(try RivFile(path: fixture).assets[0].embeddedBytes)))
        try editor.placeImage(contentsOf: URL(fileURLWithPath: stamp), ImagePlacement(x: 5, y: 7, sizing: .scale(x: 2, y: 3)))
        var bytes = editor.makeBytes()
        let placed = try RivFile(bytes: bytes)
        // The placed image is the only object with x = 5 and scaleX = 2: make them infinity and NaN.
        let image = try #require(placed.objects.first { object in
            object.property(Schema.PropertyKey.nodeX).map { placed.floatValue(of: $0) } == 5
        })
        let x = try #require(image.property(Schema.PropertyKey.nodeX)), scale = try #require(image.property(Schema.PropertyKey.transformComponentScaleX))
        bytes.replaceSubrange(x.valueRange, with: [0x00, 0x00, 0x80, 0x7F])        // +infinity
        bytes.replaceSubrange(scale.valueRange, with: [0x00, 0x00, 0xC0, 0x7F])    // NaN
        let broken = try directory.write("broken.riv", Array(bytes))
        let result = try AssetOperations.verify(VerifyRequest(inputs: [.path(fixture), .path(broken)]))
        #expect(result.files[0].passed)
        #expect(result.files[1].runtimeResult == .success && codes(result.files[1]) == ["non-finite-transform"])
        let finding = try #require(result.files[1].findings.first)
        #expect(finding.offset == x.offset && finding.message.contains("(2 values)"), "\(finding)")
    }

    @Test("referenced assets need a file in --assets by unique name and any accepted extension; hosted ones a whole entry in the cache `fetch` fills")
    func assetFolders() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let assets = directory.path("assets"), cache = directory.path("cache")
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        let reading = HostedAssetFetcher(transport: URLSessionTransport(), cache: HostedAssetCache(readingFrom: URL(fileURLWithPath: cache)),
                                         configuration: .init(offline: true))
        let request = VerifyRequest(inputs: [.path(input)], assetsFolder: assets, hostedAssets: reading)

        let missing = try AssetOperations.verify(request).files[0]
        #expect(codes(missing) == ["asset-missing", "asset-not-cached"])
        #expect(missing.findings.map(\.asset) == ["ref-20", "cloud-21"])
        #expect(!FileManager.default.fileExists(atPath: cache), "a cache opened to read creates nothing")

        _ = try directory.write("assets/ref-20.jpeg", [1])
        let cdn = try #require(RivFile(bytes: Inputs.mixed()).assets.last?.cdn)
        let key = try #require(HostedAssetKey(baseURL: cdn.baseURL, uuid: cdn.uuid))
        let store = try HostedAssetCache(directory: URL(fileURLWithPath: cache))
        // A file where the entry goes without the cache's record of it is not an entry.
        _ = try directory.write("cache/\(store.file(for: key).lastPathComponent)", [1])
        #expect(codes(try AssetOperations.verify(request).files[0]) == ["asset-not-cached"])
        // Nor are bytes fetched from another server for the same uuid.
        try store.store(Data(Payload.png()), for: try #require(HostedAssetKey(baseURL: "https://evil.example/", uuid: cdn.uuid)))
        #expect(codes(try AssetOperations.verify(request).files[0]) == ["asset-not-cached"])
        try store.store(Data(Payload.png()), for: key)
        #expect(try AssetOperations.verify(request).files[0].passed)
    }

    @Test("budgets and allowed locations")
    func budgets() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("mixed.riv", Inputs.mixed())
        let file = try AssetOperations.verify(VerifyRequest(inputs: [.path(input)], maxFileSize: 10, maxAssetSize: 0,
                                                            allowedLocations: [.embedded])).files[0]
        #expect(codes(file).filter { $0 == "file-too-large" }.count == 1)
        #expect(codes(file).filter { $0 == "asset-too-large" }.count == 5)
        #expect(file.findings.filter { $0.code == "asset-location-not-allowed" }.map(\.asset) == ["ref-20", "cloud-21"])
    }

    @Test("embedded bytes Rive's runtimes cannot decode for the type are a finding")
    func undecodable() throws {
        let directory = try TemporaryDirectory()
        let gif = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)
        let input = try directory.write("gif.riv", Inputs.file([.image("anim.gif", 3, gif)]))
        let file = try AssetOperations.verify(VerifyRequest(inputs: [.path(input)])).files[0]
        #expect(codes(file) == ["asset-undecodable"])
        #expect(file.runtimeResult == .success)
    }

    @Test("the JSON result carries runtimeResult, runtimeCrash and passed beside the findings")
    func json() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("cut.riv", Array(Inputs.mixed().dropLast(5)))
        let result = try AssetOperations.verify(VerifyRequest(inputs: [.path(input)]))
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        #expect(object["passed"] as? Bool == false)
        #expect(file["runtimeResult"] as? String == "malformed" && file["runtimeCrash"] as? Bool == false && file["passed"] as? Bool == false)
        #expect(try JSONDecoder().decode(VerifyResult.self, from: JSONEncoder().encode(result)) == result)
    }

    @Test("no inputs is a request error")
    func noInputs() {
        #expect(throws: RequestError.self) { try AssetOperations.verify(VerifyRequest(inputs: [])) }
    }
}
