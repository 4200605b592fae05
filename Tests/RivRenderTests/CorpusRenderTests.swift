import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

@Suite("the setup pose of real files against Rive's runtime")
struct CorpusRenderTests {
    /// Kinds that the oracle itself draws otherwise (no text, layout or scripting in it):
    /// artboards holding them are left out of the count.
    static let runtimeLacks: [String] = ["Text", "LayoutComponent", "ScriptedDrawable", "ScriptedLayout", "ScriptedPathEffect", "NestedArtboardLayout"]

    @Test("our draw calls match riv_render's at the setup pose", .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func setupPoseMatchesTheRuntime() throws {
        // The setup pose binds no view model instance; riv_render binds the default one unless told `--vm none`.
        let comparison = try CorpusComparison(scene: "none", viewModel: "none", draw: { try $0.setupPose(artboardIndex: $1) })
        print("setup pose: \(comparison.matched) of \(comparison.compared) corpus artboards (no text, layout or scripting) match the runtime's draw calls")
        try comparison.writeReport(to: "RIV_RENDER_REPORT")
        #expect(comparison.matched >= 256, "fewer artboards match the runtime than on 2026-12-07: \(comparison.failures.prefix(5))")
    }
}
