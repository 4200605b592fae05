import Foundation
import Testing
import RivFormat
import RivTestSupport
import RivFixtures

/// What the bytes themselves say: pixel sizes from image headers, font names from
/// the `name` table, and the runtime's CDN URL.
@Suite("Image sizes, font names, CDN URLs")
struct FormatInfoTests {
    /// A file with one image asset embedding `bytes`.
    static func image(_ bytes: [UInt8]) throws -> FileAsset {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("a.png")),
                                                                             (Schema.PropertyKey.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(bytes))])
        return try #require(try RivFile(bytes: encoder.bytes).assets.first)
    }

    static func le(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    static func be(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }

    static let jpeg: [UInt8] = [0xFF, 0xD8] + [0xFF, 0xE0] + be(16, 2) + Array("JFIF\0".utf8) + [1, 1, 0] + be(72, 2) + be(72, 2) + [0, 0]
        + [0xFF, 0xDB] + be(4, 2) + [0, 0] + [0xFF, 0xC0] + be(11, 2) + [8] + be(900, 2) + be(1600, 2) + [1, 1, 0x11, 0]

    static let webpLossy: [UInt8] = Array("RIFF".utf8) + le(30, 4) + Array("WEBPVP8 ".utf8) + le(18, 4) + [0x10, 0x02, 0x00]
        + [0x9D, 0x01, 0x2A] + le(320, 2) + le(200, 2) + [0, 0]
    static let webpLossless: [UInt8] = Array("RIFF".utf8) + le(30, 4) + Array("WEBPVP8L".utf8) + le(10, 4) + [0x2F]
        + le((640 - 1) | ((480 - 1) << 14), 4) + [0, 0, 0, 0, 0]
    static let webpExtended: [UInt8] = Array("RIFF".utf8) + le(30, 4) + Array("WEBPVP8X".utf8) + le(10, 4) + [0, 0, 0, 0]
        + le(4000 - 1, 3) + le(3000 - 1, 3) + [0, 0]

    @Test("pixel sizes from PNG, JPEG (after an APP0 and a DQT segment) and the three WebP chunks",
          arguments: [(Array(Payload.gradientPNG(width: 8, height: 3)), 8, 3), (jpeg, 1600, 900), (webpLossy, 320, 200),
                      (webpLossless, 640, 480), (webpExtended, 4000, 3000)])
    func pixelSizes(bytes: [UInt8], width: Int, height: Int) throws {
        #expect(try Self.image(bytes).pixelSize == PixelSize(width: width, height: height))
    }

    @Test("a header cut short (a PNG's inside IHDR's 13 bytes), or a JPEG without a frame, has no size and never faults")
    func brokenHeaders() throws {
        let png = Array(Payload.gradientPNG(width: 2, height: 2))
        for bytes in [Array(Self.jpeg.prefix(20)), Array(Self.webpLossy.prefix(25)), [0xFF, 0xD8, 0xFF, 0xDA, 0, 2], Array(png.prefix(20)), Array(png.prefix(28))] {
            #expect(try Self.image(bytes).pixelSize == nil)
        }
        for cut in 0..<Self.jpeg.count { _ = try Self.image(Array(Self.jpeg.prefix(cut))).pixelSize }
    }

    @Test("the fixture font's name table gives its family and style")
    func fontNames() throws {
        let name = try #require(FixtureCatalog.fixture(named: "embedded-font")).fileName
        let file = try RivFile(contentsOf: SharedData.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name))
        #expect(file.assets[0].fontNames == FontNames(family: "Inter", style: "Regular"))
        #expect(file.assets[0].fontNames?.description == "Inter Regular")
    }

    @Test("the CDN URL adds a slash only when the base URL lacks one")
    func cdnURL() {
        #expect(CDNInfo(baseURL: "https://cdn.example.com/assets", uuid: "u").url == "https://cdn.example.com/assets/u")
        #expect(CDNInfo(baseURL: "https://cdn.example.com/assets/", uuid: "u").url == "https://cdn.example.com/assets/u")
        #expect(CDNInfo(baseURL: "https://cdn.example.com", uuid: "u").fetchURL?.host == "cdn.example.com")
    }

    /// Script contents and what they are.
    static let scriptSamples: [(bytes: [UInt8], format: ContentFormat)] = {
        let luau1: [UInt8] = [0x00, 0x06, 0x03, 0x10, 0x09] + Array("viewModel.init".utf8)
        let luau2: [UInt8] = [0x00, 0x06, 0x03, 0x04, 0x00, 0x06] + Array("string.sub".utf8)
        let luau3: [UInt8] = [0x06, 0x03, 0x02, 0x04] + Array("Data.XML".utf8)
        let notLuau: [UInt8] = [0x00, 0x06, 0x03, 0x10, 0x09, 0x01, 0x02, 0x03, 0x04]
        let lua: [UInt8] = [0x1B, 0x4C, 0x75, 0x61, 0x54]
        return [(luau1, .luauBytecode), (luau2, .luauBytecode), (luau3, .luauBytecode),
                (Array("-- a script\nlocal x".utf8), .luaSource), (Array("\u{FEFF}local function f()".utf8), .luaSource),
                (Array("<rml version=1>".utf8), .unknown), (Array("plain words here".utf8), .unknown),
                (notLuau, .unknown), (lua, .luaBytecode)]
    }()

    @Test("script contents: Luau bytecode as Rive stores it (with and without the leading zero, an empty first string) and Lua source")
    func scripts() {
        for sample in Self.scriptSamples {
            #expect(ContentFormat(sniffing: sample.bytes) == sample.format, "\(sample.bytes.prefix(8))")
        }
    }
}
