import Foundation
import RivAssetsKit
import RivTestSupport
import Testing

@Suite("AssetOperations.render")
struct RenderOperationTests {
    @Test("without an output the document comes back in the report; an unreadable input is a failure, a missing artboard a request error")
    func render() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("app.riv", AppFile.sample().bytes())
        let report = try AssetOperations.render(RenderRequest(input: input, artboard: .named("Card"), format: .json))
        #expect(report.artboard == "Card" && report.artboardIndex == 1 && report.failure == nil && report.output == nil)
        #expect(report.document?.hasPrefix("{\"op\":\"header\",\"schemaVersion\":1,\"artboard\":\"Card\"") == true)
        let missing = try AssetOperations.render(RenderRequest(input: directory.path("missing.riv")))
        #expect(missing.failure?.path == directory.path("missing.riv") && missing.document == nil)
        #expect(throws: RequestError.self) { try AssetOperations.render(RenderRequest(input: input, artboard: .index(9))) }
        var none = RenderRequest(input: input, format: .json)
        #expect(try AssetOperations.render(none).scene != "none")
        none.scene = .none
        #expect(try AssetOperations.render(none).scene == "none")
        none.scene = .animation("Nope")
        #expect(throws: RequestError.self) { try AssetOperations.render(none) }
    }
}
