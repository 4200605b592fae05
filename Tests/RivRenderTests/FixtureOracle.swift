import Foundation
import RivFormat
import RivRender
import RivTestSupport

/// Draws one of the project's own fixtures with `riv_render` too, and compares the calls.
enum FixtureOracle {
    /// The first difference between our calls for artboard 0 of `file` at `scene`
    /// (`none` or `default`, after `steps`) and the runtime's (binding the view model
    /// instance `viewModel` names, `riv_render --vm`); nil when they match or
    /// when the runtime is absent or wrote nothing (the caller's test is enabled only
    /// where it is present).
    static func difference(_ file: RivFile, scene: String, steps: [Double] = [], viewModel: String? = nil) throws -> String? {
        let directory = try TemporaryDirectory()
        let url = URL(fileURLWithPath: try directory.write("fixture.riv", Array(file.bytes(in: 0..<file.byteCount))))
        guard let oracle = try RuntimeOracle.drawing(url, artboardIndex: 0, scene: scene, steps: steps, viewModel: viewModel, svg: false) else { return "the runtime drew nothing" }
        let renderer = ArtboardRenderer(file: file)
        let list = scene == "none" ? try renderer.setupPose(artboardIndex: 0) : try renderer.render(artboardIndex: 0, options: SceneOptions(steps: steps))
        return OracleComparison(list, oracle: oracle.calls).difference
    }
}
