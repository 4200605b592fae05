import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `report --no-embed` and the report's ranking at its top.
@Suite("HTML report: linked assets and what costs the most")
struct ReportLinkingTests {
    /// Two files showing one picture (under two names) and a font; the second also a large picture.
    static func inputs(_ directory: TemporaryDirectory) throws -> [String] {
        let picture = Payload.png(300)
        let a = AppFile(artboards: [.init("Main")], images: [.init("hero.png", id: 1, bytes: picture)])
        let b = AppFile(artboards: [.init("Main")], images: [.init("copy.png", id: 4, bytes: picture), .init("big.png", id: 5, bytes: Payload.png(5000, seed: 3))])
        return [try directory.write("a.riv", a.bytes()), try directory.write("b.riv", b.bytes())]
    }

    @Test("--no-embed links each content to one file beside the page holding its bytes, and no base64 is in the page")
    func linked() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(directory)
        var request = ReportRequest(inputs: inputs.map(RequestInput.path), output: directory.path("out/my report.html"))
        request.embeds = false
        let summary = try AssetOperations.report(request)
        #expect(summary.failures.isEmpty && summary.linked == 3 && summary.inlined == 0, "\(summary)")
        let folder = directory.path("out/my report-assets")
        #expect(summary.assetFolder == folder)
        let page = try String(contentsOfFile: directory.path("out/my report.html"), encoding: .utf8)
        #expect(!page.contains(";base64,"))
        let sources = page.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        // Three assets and the two files' artboard pictures.
        #expect(sources.count == 5 && sources.allSatisfy { $0.hasPrefix("my%20report-assets/") }, "\(sources)")
        // One file per content: the picture shown three times over two files is written once.
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let picture = XXH64.hexString(XXH64.hash(Payload.png(300))) + ".png", big = XXH64.hexString(XXH64.hash(Payload.png(5000, seed: 3))) + ".png"
        #expect(written == [picture, big, "a-0", "b-1"].sorted())
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + picture)) == Data(Payload.png(300)))
        // A limit on inlining does not apply to what is linked; embedding is the default.
        request.maxInlineBytes = 10
        request.overwrite = true
        #expect(try AssetOperations.report(request).linked == 3)
        let inline = try AssetOperations.report(ReportRequest(inputs: inputs.map(RequestInput.path), output: directory.path("inline.html")))
        #expect(inline.linked == 0 && inline.inlined == 3 && inline.assetFolder == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path("inline-assets")))
    }

    @Test("--no-embed makes no folder when nothing is linked, links no referenced asset, and refuses a file where the folder would be")
    func nothingLinked() throws {
        let directory = try TemporaryDirectory()
        let referenced = SharedData.packageRoot.appendingPathComponent("Fixtures/referenced-assets.riv").path
        var request = ReportRequest(inputs: [.path(referenced)], output: directory.path("r.html"))
        request.embeds = false
        let summary = try AssetOperations.report(request)
        #expect(summary.failures.isEmpty && summary.linked == 0 && summary.pictures == 1, "\(summary)")
        #expect(directory.tree() == ["r-assets", "r-assets/referenced-assets-0", "r-assets/referenced-assets-0/Artboard.svg", "r.html"], "only the artboard's picture")
        let bare = try directory.write("bare.riv", AppFile(artboards: []).bytes())
        request.inputs = [.path(bare)]
        request.output = directory.path("b.html")
        let empty = try AssetOperations.report(request)
        #expect(empty.failures.isEmpty && empty.linked == 0 && empty.pictures == 0 && empty.assetFolder == nil, "\(empty)")
        #expect(FileManager.default.fileExists(atPath: directory.path("b.html")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("b-assets")))

        _ = try directory.write("s-assets", [1])
        request.output = directory.path("s.html")
        #expect(throws: RequestError.self) { try AssetOperations.report(request) }
        #expect(!FileManager.default.fileExists(atPath: directory.path("s.html")))
    }

    @Test("the summary of several files opens with what costs the most: the same bytes counted once, with names and files")
    func ranking() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(directory)
        _ = try AssetOperations.report(ReportRequest(inputs: inputs.map(RequestInput.path), output: directory.path("r.html")))
        let page = try String(contentsOfFile: directory.path("r.html"), encoding: .utf8)
        let top = try #require(page.range(of: "<h3>What costs the most</h3>"))
        let perType = try #require(page.range(of: "<h3>Embedded bytes per type</h3>"))
        #expect(top.lowerBound < perType.lowerBound)
        let table = String(page[top.upperBound..<perType.lowerBound])
        let rows = table.components(separatedBy: "<tr>").dropFirst(2)
        #expect(rows.count == 2, "\(table)")
        #expect(rows.first?.contains("big-5") == true)
        #expect(rows.last?.contains("<td>2</td>") == true && rows.last?.contains("<code>copy-4</code>, <code>hero-1</code>") == true, "\(table)")
    }
}
