import Foundation
import Testing
@testable import RivAssetsKit
import RivFontSubset
import RivFormat
import RivSupport
import RivTestSupport
import RivTestTags

/// The HTML report: what goes in, what is escaped, what is inlined and what not.
@Suite("HTML report")
struct ReportTests {
    static let hostileNames = ["<script>alert(1)</script>.png", "\"><img src=x onerror=alert(2)>.png", "a'b&c<i>.ttf"]

    /// A file with a hostile-named image and font, a PNG in a font asset, a WAV in an
    /// image asset, and a hosted image whose CDN base URL is a `javascript:` URL.
    static func hostileFile() -> [UInt8] {
        var encoder = RivFileBuilder(fileID: 9, tableOfContents: [])
        func asset(_ typeKey: UInt16, _ name: String, _ id: UInt64, _ bytes: [UInt8]?, extra: [(key: UInt16, value: PropertyValue)] = []) {
            encoder.appendObject(typeKey: typeKey, properties: [(Schema.PropertyKey.assetName, .string(name)),
                                                               (Schema.PropertyKey.fileAssetAssetId, .uint(id))] + extra)
            if let bytes { encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(bytes))]) }
        }
        asset(Schema.TypeKey.imageAsset, hostileNames[0], 1, Payload.png(40))
        asset(Schema.TypeKey.imageAsset, hostileNames[1], 2, Payload.png(40, seed: 2))
        asset(Schema.TypeKey.fontAsset, hostileNames[2], 3, Payload.ttf(40))
        asset(Schema.TypeKey.fontAsset, "png-in-a-font.ttf", 4, Payload.png(40))
        asset(Schema.TypeKey.imageAsset, "wav-in-an-image.png", 5, Payload.wav(40))
        asset(Schema.TypeKey.imageAsset, "hosted.png", 6, nil, extra: [(Schema.PropertyKey.fileAssetCdnUuid, .bytes(Array(0..<16))),
                                                                      (Schema.PropertyKey.fileAssetCdnBaseUrl, .string("javascript:alert(3)//"))])
        return encoder.bytes
    }

    @Test("HTML escaping turns every markup character into an entity")
    func escaping() {
        #expect(MarkupText.escaped("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLText.linkableURL("javascript:alert(1)") == nil && HTMLText.linkableURL("data:text/html,x") == nil)
        #expect(HTMLText.linkableURL("https://cdn.example.com/u") == "https://cdn.example.com/u")
        // Characters that reorder or break text are spelled out, in text and in links.
        #expect(MarkupText.escaped("logo\u{202E}gnp.exe\u{2066}x\u{2028}y") == "logo\\u{202E}gnp.exe\\u{2066}x\\u{2028}y")
        #expect(MarkupText.escaped("tab\tand\nline") == "tab\tand\nline")
        #expect(HTMLText.linkableURL("https://cdn.example.com/\u{202E}fdp.exe") == nil)
    }

    @Test("a hostile file: names only as escaped text, no script, data: URIs only for formats that suit the asset, no javascript: link")
    func hostileReport() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hostile.riv", Self.hostileFile())
        let summary = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: directory.path("report.html")))
        #expect(summary.failures.isEmpty && summary.output != nil)
        let html = try String(contentsOfFile: directory.path("report.html"), encoding: .utf8)
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img src=x onerror"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;-2"), "the name is there, as text")
        #expect(html.contains(MarkupText.escaped("<script>alert(1)</script>-1")))
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 2, "only the two real image thumbnails")
        #expect(html.components(separatedBy: "data:font/ttf;base64,").count - 1 == 1)
        #expect(!html.contains("data:audio"), "a WAV in an image asset is not inlined")
        #expect(summary.inlined == 3)
    }

    @Test("assets above the inline limit become placeholders with their size")
    func inlineLimit() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let summary = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: directory.path("r.html"), maxInlineBytes: 250))
        let html = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        #expect(summary.overLimit == 3 && summary.inlined == 1, "\(summary)")
        #expect(html.contains("not inlined: 304 B") && !html.contains("data:image/jpeg"))
        #expect(html.components(separatedBy: "class=\"unused\"").count - 1 == 7, "every asset of the mixed file is unused")
    }

    @Test("an existing page is refused without overwrite; an unreadable input still gets a section")
    func overwriteAndFailures() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let page = try directory.write("r.html", Array("keep".utf8))
        let refused = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: page))
        #expect(refused.output == nil && refused.failures.map(\.remedy) == [.overwrite])
        let absent = directory.path("absent.riv")
        let report = try AssetOperations.report(ReportRequest(inputs: [.path(input), .path(absent)], output: page, overwrite: true))
        #expect(report.failures.map(\.path) == [absent] && report.output != nil)
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("Could not be read"))
    }

    @Test("a font cut down to a file's text is shown with the characters it maps and said to be cut down; a whole font with the pangram",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func cutDownFontSpecimen() throws {
        let file = try RivFile(path: try #require(SharedData.runtimeTestFile("double_line.riv")))
        let font = try #require(file.assets.first { $0.type == .font && $0.location == .embedded }?.embeddedBytes)
        let whole = FontSpecimen(font: [UInt8](font))
        #expect(whole.note == nil ? whole.text == FontSpecimen.pangram : whole.text != FontSpecimen.pangram)
        let cut = try TrueTypeSubsetter().subset([UInt8](font), keeping: Set("Hello".unicodeScalars))
        let specimen = FontSpecimen(font: cut.bytes)
        #expect(specimen.text == "Helo" && specimen.note == "cut down (the editor keeps the characters the file's text uses): 4 characters it maps", "\(specimen)")
        let directory = try TemporaryDirectory()
        let input = try directory.write("cut.riv", Inputs.file([.font("Inter", 2, cut.bytes)]))
        _ = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: directory.path("r.html")))
        let html = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        #expect(html.contains("sans-serif\">Helo</p>") && html.contains("4 characters it maps"), "\(html.suffix(600))")
    }

    @Test("the page is streamed: an image larger than the write buffer is inlined whole, fonts get their rule beside them, the size is the file's")
    func streamedPage() throws {
        let directory = try TemporaryDirectory()
        let big = Payload.png(3 << 20, seed: 5)
        let first = try directory.write("big.riv", Inputs.file([.image("huge", 1, big), .font("Inter", 2, Payload.ttf(80))]))
        let second = try directory.write("copy.riv", Inputs.file([.image("huge", 1, big)]))
        let page = directory.path("r.html")
        let summary = try AssetOperations.report(ReportRequest(inputs: [.path(first), .path(second)], output: page, maxInlineBytes: 8 << 20))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(summary.bytes == html.utf8.count && summary.inlined == 3)
        let encoded = try #require(html.components(separatedBy: "data:image/png;base64,").dropFirst().first?.prefix { $0 != "\"" })
        #expect(Data(base64Encoded: String(encoded)) == Data(big), "the thumbnail decodes to the embedded bytes")
        #expect(html.contains("<style>@font-face { font-family: \"riv-font-0\"; src: url(data:font/ttf;base64,"))
        #expect(html.contains("<code>huge-1</code> in 2 files"), "the summary across inputs comes first")
        #expect(html.range(of: "All files")!.lowerBound < html.range(of: "big.riv")!.lowerBound)
        #expect(html.hasSuffix("</body>\n</html>\n"))
    }

    @Test("a report written again over the same inputs leaves the page as it is: same inode")
    func rerunLeavesPage() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let page = directory.path("r.html")
        _ = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: page))
        let before = try FileManager.default.attributesOfItem(atPath: page)[.systemFileNumber] as? Int
        let again = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: page, overwrite: true))
        #expect(again.output == page && again.failures.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: page)[.systemFileNumber] as? Int == before)
        let other = try directory.write("other.riv", Inputs.file([.image("logo", 3, Payload.png(64, seed: 1))]))
        _ = try AssetOperations.report(ReportRequest(inputs: [.path(other)], output: page, overwrite: true))
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("logo-3"), "different bytes replace it")
    }

    @Test("every corpus file gets a report", .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpus() throws {
        let directory = try TemporaryDirectory()
        let files = SharedData.corpusFiles().map(\.path)
        let summary = try AssetOperations.report(ReportRequest(inputs: files.map(RequestInput.path), output: directory.path("corpus.html")))
        #expect(summary.files == files.count && summary.output != nil)
        #expect(summary.failures.isEmpty, "\(summary.failures)")
    }
}
