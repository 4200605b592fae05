import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing

@Suite("the default scene of real files against Rive's runtime")
struct CorpusSceneTests {
    @Test("our draw calls match riv_render's at the runtime's default scene after advanceAndApply(0)",
          .enabled(if: RuntimeOracle.renderExecutable != nil, "../shared/tools/rive-runtime-oracle/riv_render is absent"))
    func defaultSceneMatchesTheRuntime() throws {
        var compared = 0, matched = 0, namedAlike = 0, setupPoseMatched = 0
        var failures: [String] = []
        var causes: [String: Int] = [:]
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            let renderer = ArtboardRenderer(file: file)
            for index in renderer.artboardNames.indices {
                let list = try renderer.render(artboardIndex: index)
                guard !list.notes.contains(where: { CorpusRenderTests.runtimeLacks.contains($0.feature) }),
                      let oracle = try RuntimeOracle.drawCalls(url, artboardIndex: index, scene: "default") else { continue }
                compared += 1
                if oracle.first?["scene"] as? String == list.scene { namedAlike += 1 }
                // What drawing the setup pose instead would give: the scene's own share.
                if OracleComparison(try renderer.setupPose(artboardIndex: index), oracle: oracle).difference == nil { setupPoseMatched += 1 }
                if let difference = OracleComparison(list, oracle: oracle).difference {
                    let features = list.notes.map(\.feature)
                    failures.append("\(url.lastPathComponent)#\(index) \(list.scene) [\(features.joined(separator: ","))]: \(difference)")
                    causes[features.first ?? "unexplained", default: 0] += 1
                } else {
                    matched += 1
                }
            }
        }
        print("default scene: \(matched) of \(compared) corpus artboards (no text, layout or scripting) match the runtime's draw calls "
              + "(\(setupPoseMatched) with the setup pose drawn instead); \(namedAlike) name the runtime's scene; mismatches by first note: \(causes.sorted { $0.value > $1.value })")
        if let report = ProcessInfo.processInfo.environment["RIV_SCENE_REPORT"] {
            try failures.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
        #expect(namedAlike == compared)
        #expect(matched >= 157, "fewer artboards match the runtime at the default scene than on 2026-12-06: \(failures.prefix(5))")
    }

    @Test("our draw calls match riv_render's after several steps of the default scene (--time 0 --time 0.5 --time 1.25)",
          .enabled(if: RuntimeOracle.renderExecutable != nil, "../shared/tools/rive-runtime-oracle/riv_render is absent"))
    func stepsMatchTheRuntime() throws {
        let steps = [0, 0.5, 1.25]
        var compared = 0, matched = 0
        var failures: [String] = []
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            let renderer = ArtboardRenderer(file: file)
            for index in renderer.artboardNames.indices {
                let list = try renderer.render(artboardIndex: index, options: SceneOptions(steps: steps))
                guard !list.notes.contains(where: { CorpusRenderTests.runtimeLacks.contains($0.feature) }),
                      let oracle = try RuntimeOracle.drawCalls(url, artboardIndex: index, scene: "default", steps: steps) else { continue }
                compared += 1
                if let difference = OracleComparison(list, oracle: oracle).difference {
                    failures.append("\(url.lastPathComponent)#\(index) \(list.scene) [\(list.notes.map(\.feature).joined(separator: ","))]: \(difference)")
                } else {
                    matched += 1
                }
            }
        }
        print("default scene after steps \(steps): \(matched) of \(compared) corpus artboards match the runtime's draw calls")
        if let report = ProcessInfo.processInfo.environment["RIV_SCENE_STEPS_REPORT"] {
            try failures.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
        #expect(matched >= 157, "fewer artboards match the runtime after steps than on 2026-12-06: \(failures.prefix(5))")
    }
}
