import Foundation
import RivFormat
import RivRender
import RivTestSupport

/// Every corpus artboard that uses no text, layout or scripting, drawn by us and by
/// `riv_render`, compared call for call.
struct CorpusComparison {
    /// Artboards compared, and those whose calls match.
    private(set) var compared = 0, matched = 0
    /// One line per artboard that differs: file#index, scene, notes, first difference.
    private(set) var failures: [String] = []
    /// Differing artboards counted by their first note's feature.
    private(set) var causes: [String: Int] = [:]

    /// Draws each artboard with `draw`, the runtime with `scene` and `steps` (and its SVG
    /// when `svg`), binding the view model instance `viewModel` names (`riv_render --vm`;
    /// its default when nil); `inspect` sees each pair compared, named `file#index`.
    init(scene: String, steps: [Double] = [], viewModel: String? = nil, svg: Bool = false, draw: (ArtboardRenderer, Int) throws -> DisplayList,
         inspect: (_ name: String, ArtboardRenderer, Int, DisplayList, _ oracle: (calls: [[String: Any]], svg: String?)) throws -> Void = { _, _, _, _, _ in }) throws {
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            let renderer = ArtboardRenderer(file: file)
            for index in renderer.artboardNames.indices {
                let list = try draw(renderer, index)
                guard !list.notes.contains(where: { CorpusRenderTests.runtimeLacks.contains($0.feature) }),
                      let oracle = try RuntimeOracle.drawing(url, artboardIndex: index, scene: scene, steps: steps, viewModel: viewModel, svg: svg) else { continue }
                compared += 1
                try inspect("\(url.lastPathComponent)#\(index)", renderer, index, list, oracle)
                if let difference = OracleComparison(list, oracle: oracle.calls).difference {
                    let features = list.notes.map(\.feature)
                    failures.append("\(url.lastPathComponent)#\(index) \(list.scene) [\(features.joined(separator: ","))]: \(difference)")
                    causes[features.first ?? "unexplained", default: 0] += 1
                } else {
                    matched += 1
                }
            }
        }
    }

    /// Writes the failures to the file the environment variable `variable` names, if any.
    func writeReport(to variable: String) throws {
        guard let path = ProcessInfo.processInfo.environment[variable] else { return }
        try failures.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
