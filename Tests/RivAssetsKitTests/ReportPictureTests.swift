import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// The report's picture of every artboard: inline, linked with `--no-embed`, escaped, bounded.
@Suite("HTML report: artboard pictures")
struct ReportPictureTests {
    static let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    /// The `src` of every `<img>` of the page.
    static func sources(_ page: String) -> [String] {
        page.components(separatedBy: "<img src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test("each artboard's picture, the SVG render draws, is in the page with its notes: the text of Main is said not to be drawn")
    func inline() throws {
        let directory = try TemporaryDirectory()
        let summary = try AssetOperations.report(ReportRequest(inputs: [.path(Self.fixture)], output: directory.path("r.html")))
        #expect(summary.failures.isEmpty && summary.pictures == 2 && summary.picturesLeftOut == 0, "\(summary)")
        let page = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        let pictures = Self.sources(page).filter { $0.hasPrefix("data:image/svg+xml;base64,") }
        #expect(pictures.count == 2)
        for (picture, name) in zip(pictures, ["Main", "Card"]) {
            let svg = Data(base64Encoded: String(picture.dropFirst("data:image/svg+xml;base64,".count))).map { String(decoding: $0, as: UTF8.self) }
            #expect(svg == (try AssetOperations.render(RenderRequest(input: .path(Self.fixture), artboard: .named(name))).document))
        }
        let main = try #require(page.range(of: "<b>Main</b>"))
        let card = try #require(page.range(of: "<b>Card</b>"))
        let mainCaption = String(page[main.upperBound..<card.lowerBound])
        #expect(mainCaption.contains("not drawn: Text: a Text is not drawn"), "\(mainCaption)")
        #expect(mainCaption.contains("artboard 0 · 400×300 · scene flow"), "\(mainCaption)")
        // The artboards come before the assets they use.
        #expect(page.range(of: "<h3>Artboards</h3>")!.lowerBound < page.range(of: "<h3>Images</h3>")!.lowerBound)
    }

    @Test("--no-embed writes each picture beside the page, named after its artboard in a folder per input, links it, and keeps an existing one without overwrite")
    func linked() throws {
        let directory = try TemporaryDirectory()
        var request = ReportRequest(inputs: [.path(Self.fixture)], output: directory.path("my report.html"))
        request.embeds = false
        let summary = try AssetOperations.report(request)
        #expect(summary.failures.isEmpty && summary.pictures == 2 && summary.assetFolder == directory.path("my report-assets"), "\(summary)")
        let folder = directory.path("my report-assets/artboards-and-usage-0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["Card.svg", "Main.svg"])
        let main = try String(contentsOfFile: folder + "/Main.svg", encoding: .utf8)
        #expect(main == (try AssetOperations.render(RenderRequest(input: .path(Self.fixture), artboard: .named("Main"))).document))
        let page = try String(contentsOfFile: directory.path("my report.html"), encoding: .utf8)
        #expect(!page.contains(";base64,"))
        let pictures = Self.sources(page).filter { $0.hasSuffix(".svg") }
        #expect(pictures == ["my%20report-assets/artboards-and-usage-0/Main.svg", "my%20report-assets/artboards-and-usage-0/Card.svg"])

        // A new page beside pictures already there: they are kept, and said to be.
        request.output = directory.path("other.html")
        request.overwrite = false
        _ = try directory.write("other-assets/artboards-and-usage-0/Main.svg", Array("old".utf8))
        let kept = try AssetOperations.report(request)
        #expect(kept.pictures == 1 && kept.failures.map(\.remedy) == [.overwrite], "\(kept)")
        #expect(try String(contentsOfFile: directory.path("other-assets/artboards-and-usage-0/Main.svg"), encoding: .utf8) == "old")
        #expect(try String(contentsOfFile: directory.path("other.html"), encoding: .utf8).contains("not written:"))
        request.overwrite = true
        #expect(try AssetOperations.report(request).pictures == 2)
        #expect(try String(contentsOfFile: directory.path("other-assets/artboards-and-usage-0/Main.svg"), encoding: .utf8) == main)
    }

    @Test("hostile artboard names are escaped text in the page and one encoded file each inside the folder")
    func hostileNames() throws {
        let directory = try TemporaryDirectory()
        let names = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "../../escaped", "100%"]
        let input = try directory.write("hostile.riv", AppFile(artboards: names.map { .init($0) }).bytes())
        var request = ReportRequest(inputs: [.path(input)], output: directory.path("r.html"))
        request.embeds = false
        let summary = try AssetOperations.report(request)
        #expect(summary.failures.isEmpty && summary.pictures == 4, "\(summary)")
        let page = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        #expect(!page.lowercased().contains("<script") && !page.contains("<img src=x"))
        #expect(page.contains("<b>&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</b>") && page.contains("alt=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path("r-assets/hostile-0")).sorted()
        #expect(written == ["\"><img src=x onerror=alert(2)>.svg", "..%2F..%2Fescaped.svg", "100%.svg", "<script>alert(1)<%2Fscript>.svg"].sorted(), "\(written)")
        #expect(directory.entries("").sorted() == ["hostile.riv", "r-assets", "r.html"])
        // Each link names its file: percent-encoded, then escaped.
        #expect(Self.sources(page).contains("r-assets/hostile-0/100%25.svg") && Self.sources(page).contains("r-assets/hostile-0/..%252F..%252Fescaped.svg"), "\(Self.sources(page))")
    }

    @Test("at most 64 artboards of a file are drawn; the page names the rest")
    func budget() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("many.riv", AppFile(artboards: (0..<70).map { .init("board \($0)") }).bytes())
        let summary = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: directory.path("r.html")))
        #expect(summary.pictures == 64 && summary.picturesLeftOut == 6, "\(summary)")
        let page = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        #expect(page.contains("6 artboards not drawn, past the page's budget") && page.contains("<code>board 69</code>"))
        #expect(!page.contains("<b>board 64</b>"))
    }

    @Test("an artboard whose SVG would be large (a large image) is shown as a PNG at most 480 pixels a side")
    func largePicture() throws {
        typealias TK = Schema.TypeKey
        typealias PK = Schema.PropertyKey
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("big.png")), (PK.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: TK.fileAssetContents, properties: [(PK.fileAssetContentsBytes, .bytes(Payload.png(300_000)))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Tall")), (PK.layoutComponentWidth, .float32(100)),
                                                                (PK.layoutComponentHeight, .float32(400))])
        encoder.appendObject(typeKey: TK.image, properties: [(PK.componentParentId, .uint(0)), (PK.imageAssetId, .uint(0))])
        let directory = try TemporaryDirectory()
        let input = try directory.write("big.riv", encoder.bytes)
        var request = ReportRequest(inputs: [.path(input)], output: directory.path("r.html"))
        request.embeds = false
        let summary = try AssetOperations.report(request)
        #expect(summary.pictures == 1 && summary.failures.isEmpty, "\(summary)")
        let png = try Data(contentsOf: URL(fileURLWithPath: directory.path("r-assets/big-0/Tall.png")))
        // The PNG's size from its header: 120 × 480.
        #expect(png.count < 300_000 && Array(png[16..<24]) == [0, 0, 0, 120, 0, 0, 1, 224])
        #expect(try String(contentsOfFile: directory.path("r.html"), encoding: .utf8).contains("· PNG 480 px"))
    }
}
