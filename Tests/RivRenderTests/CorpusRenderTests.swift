import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing

@Suite("the setup pose of real files against Rive's runtime")
struct CorpusRenderTests {
    /// Kinds that the oracle itself draws otherwise (no text, layout or scripting in it):
    /// artboards holding them are left out of the count.
    static let runtimeLacks: [String] = ["Text", "LayoutComponent", "ScriptedDrawable", "ScriptedLayout", "ScriptedPathEffect", "NestedArtboardLayout"]

    @Test("our draw calls match riv_render's at the setup pose", .enabled(if: RuntimeOracle.renderExecutable != nil, "../shared/tools/rive-runtime-oracle/riv_render is absent"))
    func setupPoseMatchesTheRuntime() throws {
        var compared = 0, matched = 0
        var failures: [String] = []
        try Self.forEachArtboard(svg: false) { name, list, oracle in
            compared += 1
            let comparison = OracleComparison(list, oracle: oracle.calls)
            if let difference = comparison.difference {
                failures.append("\(name) [\(list.notes.map(\.feature).joined(separator: ","))]: \(difference)")
            } else {
                matched += 1
            }
        }
        print("setup pose: \(matched) of \(compared) corpus artboards (no text, layout or scripting) match the runtime's draw calls")
        if let report = ProcessInfo.processInfo.environment["RIV_RENDER_REPORT"] {
            try failures.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
        #expect(matched >= 161, "fewer artboards match the runtime than on 2026-12-06: \(failures.prefix(5))")
    }

    /// Calls `body` with each corpus artboard that uses no text, layout or scripting (named
    /// `file#index`), its setup pose and the oracle's drawing of it (with its SVG when `svg`),
    /// for those the oracle draws.
    static func forEachArtboard(svg: Bool, _ body: (String, DisplayList, (calls: [[String: Any]], svg: String?)) throws -> Void) throws {
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            let renderer = ArtboardRenderer(file: file)
            for index in renderer.artboardNames.indices {
                let list = try renderer.setupPose(artboardIndex: index)
                guard !list.notes.contains(where: { runtimeLacks.contains($0.feature) }),
                      let oracle = try RuntimeOracle.drawing(url, artboardIndex: index, svg: svg) else { continue }
                try body("\(url.lastPathComponent)#\(index)", list, oracle)
            }
        }
    }
}
