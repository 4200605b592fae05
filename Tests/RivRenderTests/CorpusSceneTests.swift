import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

@Suite("the default scene of real files against Rive's runtime")
struct CorpusSceneTests {
    @Test("our draw calls match riv_render's at the runtime's default scene after advanceAndApply(0)",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func defaultSceneMatchesTheRuntime() throws {
        var namedAlike = 0, setupPoseMatched = 0
        let comparison = try CorpusComparison.defaultScene { _, renderer, index, list, oracle in
            if oracle.calls.first?["scene"] as? String == list.scene { namedAlike += 1 }
            // What drawing the setup pose instead would give: the scene's own share.
            if OracleComparison(try renderer.setupPose(artboardIndex: index), oracle: oracle.calls).difference == nil { setupPoseMatched += 1 }
        }
        print("default scene: \(comparison.matched) of \(comparison.compared) corpus artboards (no text, layout or scripting) match the runtime's draw calls "
              + "(\(setupPoseMatched) with the setup pose drawn instead); \(namedAlike) name the runtime's scene; "
              + "mismatches by first note: \(comparison.causes.sorted { $0.value > $1.value })")
        try comparison.writeReport(to: "RIV_SCENE_REPORT")
        #expect(namedAlike == comparison.compared)
        #expect(comparison.matched >= 255, "fewer artboards match the runtime at the default scene than on 2026-12-07: \(comparison.failures.prefix(5))")
    }

    @Test("our draw calls match riv_render's after several steps of the default scene (--time 0 --time 0.5 --time 1.25)",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func stepsMatchTheRuntime() throws {
        let steps = [0, 0.5, 1.25]
        let comparison = try CorpusComparison(scene: "default", steps: steps, draw: { try $0.render(artboardIndex: $1, options: SceneOptions(steps: steps)) })
        print("default scene after steps \(steps): \(comparison.matched) of \(comparison.compared) corpus artboards match the runtime's draw calls")
        try comparison.writeReport(to: "RIV_SCENE_STEPS_REPORT")
        #expect(comparison.matched >= 253, "fewer artboards match the runtime after steps than on 2026-12-07: \(comparison.failures.prefix(5))")
    }
}
