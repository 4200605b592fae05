import Foundation
import RivAssetsKit
import RivTestSupport
import Testing

@Suite("AssetOperations.render")
struct RenderOperationTests {
    @Test("without an output the document comes back in the result; an unreadable input is a failure, a missing artboard a request error")
    func render() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.riv", AppFile.sample().bytes())
        let result = try AssetOperations.render(RenderRequest(input: .path(input), artboard: .named("Card"), format: .json))
        #expect(result.artboard == "Card" && result.artboardIndex == 1 && result.failure == nil && result.output == nil)
        #expect(result.document?.hasPrefix("{\"op\":\"header\",\"schemaVersion\":1,\"artboard\":\"Card\"") == true)
        let missing = try AssetOperations.render(RenderRequest(input: .path(directory.path("missing.riv"))))
        #expect(missing.failure?.path == directory.path("missing.riv") && missing.document == nil)
        #expect(throws: RequestError.self) { try AssetOperations.render(RenderRequest(input: .path(input), artboard: .index(9))) }
        var none = RenderRequest(input: .path(input), format: .json)
        #expect(try AssetOperations.render(none).scene != "none")
        none.scene = .none
        #expect(try AssetOperations.render(none).scene == "none")
        none.scene = .animation("Nope")
        #expect(throws: RequestError.self) { try AssetOperations.render(none) }
    }
}

extension RenderOperationTests {
    @Test("every artboard into a folder: files named after the artboards, -INDEX where names repeat or are empty, every name with its index when one would meet another's; existing files kept without overwrite")
    func allArtboards() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.riv", AppFile(artboards: [.init("A"), .init("a"), .init(""), .init("B/C")]).bytes())
        let folder = directory.path("pictures") + "/"
        let result = try AssetOperations.render(RenderRequest(input: .path(input), artboard: .all, format: .svg, output: folder))
        #expect(result.pictures.map(\.output) == ["A-0.svg", "a-1.svg", "-2.svg", "B%2FC.svg"].map { folder + $0 })
        #expect(result.pictures.allSatisfy { $0.written } && result.inputFailures.isEmpty)
        #expect(try String(contentsOfFile: folder + "a-1.svg", encoding: .utf8).contains("<title>a</title>"))

        let again = try AssetOperations.render(RenderRequest(input: .path(input), artboard: .all, format: .svg, output: folder))
        #expect(again.pictures.allSatisfy { !$0.written && $0.failure?.remedy == .overwrite } && again.inputFailures.count == 4)
        let forced = try AssetOperations.render(RenderRequest(input: .path(input), artboard: .all, format: .svg, output: folder, overwrite: true))
        #expect(forced.pictures.allSatisfy { $0.written })

        let meeting = try directory.write("meet.riv", AppFile(artboards: [.init("A"), .init("A"), .init("A-1")]).bytes())
        let pngs = try AssetOperations.render(RenderRequest(input: .path(meeting), artboard: .all, format: .png, output: directory.path("meet"), width: 40))
        #expect(pngs.pictures.map(\.output) == ["A-0.png", "A-1.png", "A-1-2.png"].map { directory.path("meet") + "/" + $0 })
        #expect(pngs.pictures.allSatisfy { $0.written && $0.width == 40 && $0.height == 30 })
    }

    @Test("a PNG needs an output file; a width past the rasterizer's bounds is a request error; the output is never the input")
    func pngRequests() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.riv", AppFile.sample().bytes())
        #expect(throws: RequestError.self) { try AssetOperations.render(RenderRequest(input: .path(input), format: .png)) }
        #expect(throws: RequestError.self) { try AssetOperations.render(RenderRequest(input: .path(input), format: .png, output: directory.path("x.png"), width: 1 << 40)) }
        let png = try AssetOperations.render(RenderRequest(input: .path(input), format: .png, output: directory.path("x.png"), width: 80))
        #expect(png.width == 80 && png.height == 60 && png.output == directory.path("x.png"))
        let onInput = try AssetOperations.render(RenderRequest(input: .path(input), format: .png, output: input, overwrite: true))
        #expect(onInput.failure != nil && onInput.output == nil)
    }
}
