import Foundation
import Testing
import RivAssetsKit
import RivTestSupport

/// The README's pictures (`docs/`) are what `render` draws of the fixture today:
/// `Scripts/render-readme-pictures.sh` makes them with the same requests.
@Suite("README pictures")
struct ReadmePictureTests {
    @Test("docs/drawn-shapes.svg and .png are the fixture's Poster as render draws it (SVG, and PNG 640 px wide)")
    func current() throws {
        let root = SharedData.packageRoot
        let input = root.appendingPathComponent("Fixtures/drawn-shapes.riv").path
        let directory = try TemporaryDirectory()
        for (name, format, width) in [("drawn-shapes.svg", RenderRequest.Format.svg, nil), ("drawn-shapes.png", .png, 640)] as [(String, RenderRequest.Format, Int?)] {
            let result = try AssetOperations.render(RenderRequest(input: .path(input), format: format, output: directory.path(name), width: width))
            #expect(result.failure == nil && result.notes.isEmpty, "\(result)")
            let committed = try Data(contentsOf: root.appendingPathComponent("docs/" + name))
            #expect(Array(committed) == (try directory.bytes(name)), "run Scripts/render-readme-pictures.sh: docs/\(name) is not what render draws")
        }
    }
}
