import Foundation
import Testing
import RivTestSupport
@testable import RivFormat
import RivFixtures

/// The committed fixtures: they still match the catalog that builds them and the
/// listings checked by hand when they were written, and they show the format rules.
@Suite("Fixtures")
struct FixtureTests {
    static let directory = SharedData.packageRoot.appendingPathComponent("Fixtures")
    static let names = FixtureCatalog.all.map(\.name)

    /// The committed file, read through its path.
    static func file(_ name: String) throws -> RivFile {
        try RivFile(path: directory.appendingPathComponent(name + ".riv").path)
    }

    /// The assets of a committed file.
    static func assets(_ name: String) throws -> [FileAsset] {
        try file(name).assets
    }

    @Test("the catalog has at least ten fixtures with distinct names, and no stray .riv file is committed")
    func catalogMatchesDirectory() throws {
        #expect(Self.names.count >= 10)
        #expect(Set(Self.names).count == Self.names.count)
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".riv") }.sorted()
        #expect(committed == FixtureCatalog.all.map(\.fileName).sorted())
    }

    @Test("the committed .riv file is what the catalog builds today", arguments: names)
    func committedBytesMatchCatalog(name: String) throws {
        let fixture = try #require(FixtureCatalog.fixture(named: name))
        let committed = try Data(contentsOf: Self.directory.appendingPathComponent(fixture.fileName))
        #expect(Array(committed) == fixture.bytes(), "run `swift run generate-fixtures` and check the listings again")
    }

    @Test("embedded bytes are sniffed as what the payload builders wrote")
    func embeddedFormats() throws {
        let formats = try ["embedded-png", "embedded-jpeg", "embedded-font", "embedded-audio"]
            .flatMap { try Self.assets($0) }.map(\.detectedFormat)
        #expect(formats == [.png, .jpeg, .ttf, .wav, .flac])
        let photo = try #require(Self.assets("embedded-jpeg").first)
        #expect(photo.uniqueFilename == "photo-21.png")
        let logo = try #require(Self.assets("embedded-png").first)
        #expect(logo.width == 8 && logo.height == 8)
        #expect(logo.embeddedBytes?.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test("repeated stored ids are renumbered: 5, 5, 5, 2, 6 become 5, 6, 7, 2, 8")
    func repeatedIDsAreRenumbered() throws {
        let assets = try Self.assets("repeated-ids")
        #expect(assets.map(\.storedAssetID) == [5, 5, 5, 2, 6])
        #expect(assets.map(\.assetID) == [5, 6, 7, 2, 8])
        #expect(assets.map(\.uniqueName) == ["first-5", "second-6", "third-7", "fourth-2", "fifth-8"])
    }

    @Test("scripts and blobs stored with id 0 are renumbered too, and keep their kinds")
    func unknownKindsAreListed() throws {
        let assets = try Self.assets("unknown-asset-kinds")
        #expect(assets.map(\.assetID) == [0, 1, 2])
        #expect(assets.map(\.type) == [.unknown(529), .unknown(529), .unknown(649)])
        #expect(assets.map(\.uniqueFilename) == ["main-0.lua", "util-1.lua", "table-2.blob"])
        #expect(assets.map(\.signatureByteCount) == [64, 0, 0])
    }

    @Test("a hosted asset without a base URL uses the default one")
    func defaultBaseURL() throws {
        let font = try #require(Self.assets("hosted-default-base-url").first)
        #expect(font.location == .hosted)
        #expect(font.cdn?.baseURL == CDNInfo.defaultBaseURL)
        #expect(font.cdn?.url == "https://public.rive.app/cdn/uuid/03020100-0504-0706-0908-0f0e0d0c0b0a")
    }

    @Test("a hosted asset's uuid bytes print in Rive's order under its own base URL")
    func customBaseURL() throws {
        let hero = try #require(Self.assets("hosted-custom-base-url").first)
        #expect(hero.location == .hosted)
        #expect(hero.cdn?.url == "https://assets.example.com/rive/3c2d1e0f-5a4b-7869-9687-00e1d2c3b4a5")
    }

    @Test("assets without contents or uuid are referenced")
    func referencedAssets() throws {
        let assets = try Self.assets("referenced-assets")
        #expect(assets.map(\.location) == [.referenced, .referenced])
        #expect(assets.map(\.uniqueFilename) == ["background-7.png", "Brand-8.ttf"])
    }

    @Test("uniqueName drops only the final extension")
    func uniqueNames() throws {
        let assets = try Self.assets("dotted-names")
        #expect(assets.map(\.uniqueName) == ["logo.final.v2-60", "Roboto-61", "jingle-62"])
    }

    @Test("properties absent from the schema parse through the table of contents")
    func tocOnlyProperties() throws {
        #expect(Schema.property(forKey: 4000) == nil && Schema.property(forKey: 4001) == nil)
        let file = try Self.file("toc-only-properties")
        let declared = file.header.tableOfContents.filter { $0.key >= 4000 }
        #expect(declared == [.init(key: 4000, fieldType: .bytes), .init(key: 4001, fieldType: .float32)])
        let carriers = file.objects.filter { $0.property(4000) != nil && $0.property(4001) != nil }.map(\.typeKey)
        #expect(carriers == [1, Schema.TypeKey.imageAsset, 4090])
        #expect(file.assets.first?.detectedFormat == .png)
    }

    @Test("without its table of contents entry an unknown property is an error")
    func unknownPropertyWithoutTableOfContents() {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: 23, properties: [])
        encoder.appendObject(typeKey: 1, properties: [(4000, .string("drawn by hand"))])
        let error = #expect(throws: RivError.self) { try RivFile(bytes: encoder.bytes) }
        #expect(error?.reason == .unknownPropertyKey(4000))
    }

    @Test("a contents record before any asset is a file problem, not an asset's bytes")
    func orphanContentsIsReported() throws {
        let file = try Self.file("orphan-contents")
        let orphan = try #require(file.objects.first { $0.typeKey == Schema.TypeKey.fileAssetContents })
        #expect(file.problems.map(\.offset) == [orphan.range.lowerBound])
        #expect(file.problems.first?.message.contains("before any file asset (it follows Artboard") == true)
        let kept = try #require(file.assets.first)
        #expect(kept.location == .embedded && kept.problems.isEmpty)
        #expect(kept.contentsRecordRange?.lowerBound != orphan.range.lowerBound)
    }

    @Test("contents separated from their asset by another object bind to it, as in the runtime, and are reported")
    func separatedContents() throws {
        let file = try Self.file("separated-contents")
        let asset = try #require(file.assets.first)
        let contents = try #require(file.objects.first { $0.typeKey == Schema.TypeKey.fileAssetContents })
        #expect(asset.location == .embedded && asset.detectedFormat == .png)
        #expect(asset.contentsRecordRange == contents.range)
        #expect(asset.problems.count == 1)
        #expect(asset.problems.first?.message.contains("separated from this asset by Shape") == true)
        #expect(file.problems.isEmpty)
    }

    @Test("a second contents record is reported and the last one wins")
    func repeatedContents() throws {
        let asset = try #require(Self.assets("repeated-contents").first)
        #expect(asset.contentsRecordCount == 2)
        #expect(asset.problems.count == 1)
        #expect(asset.detectedFormat == .png)
    }

    @Test("a minor version other than 0 and a multi-byte file id are read")
    func minorVersion() throws {
        let header = try Self.file("minor-version").header
        #expect(header.majorVersion == 7 && header.minorVersion == 3 && header.fileID == 300_000)
    }
}
