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

    /// One artboard drawn by us and by the runtime (nil when it draws what the runtime
    /// lacks, or the runtime failed).
    typealias Drawing = (list: DisplayList, oracle: (calls: [[String: Any]], svg: String?)?)

    /// The default scene's drawings, with the runtime's SVG, keyed `path#index`: the
    /// three tests of that scene (``defaultSceneUses``) share them, so each artboard is
    /// drawn by us and by `riv_render` once per test process.
    static let defaultSceneDrawings = SharedResults<String, Drawing>()

    /// The tests that compare the default scene: the draw calls, our PNG and our SVG.
    static let defaultSceneUses = 3

    /// The comparison at the runtime's default scene, drawn once for the tests that
    /// share ``defaultSceneDrawings``.
    static func defaultScene(inspect: (_ name: String, ArtboardRenderer, Int, DisplayList, _ oracle: (calls: [[String: Any]], svg: String?)) throws -> Void) throws -> CorpusComparison {
        try CorpusComparison(scene: "default", svg: true, sharing: (defaultSceneDrawings, defaultSceneUses), draw: { try $0.render(artboardIndex: $1) }, inspect: inspect)
    }

    /// Draws each artboard with `draw`, the runtime with `scene` and `steps` (and its SVG
    /// when `svg`), binding the view model instance `viewModel` names (`riv_render --vm`;
    /// its default when nil); `inspect` sees each pair compared, named `file#index`. With
    /// `sharing`, each drawing is taken from its results, which hand it to that many uses.
    init(scene: String, steps: [Double] = [], viewModel: String? = nil, svg: Bool = false,
         sharing: (results: SharedResults<String, Drawing>, uses: Int)? = nil,
         draw: (ArtboardRenderer, Int) throws -> DisplayList,
         inspect: (_ name: String, ArtboardRenderer, Int, DisplayList, _ oracle: (calls: [[String: Any]], svg: String?)) throws -> Void = { _, _, _, _, _ in }) throws {
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            let renderer = ArtboardRenderer(file: file)
            for index in renderer.artboardNames.indices {
                func make() throws -> Drawing {
                    let list = try draw(renderer, index)
                    guard !list.notes.contains(where: { CorpusRenderTests.runtimeLacks.contains($0.feature) }) else { return (list, nil) }
                    return (list, try RuntimeOracle.drawing(url, artboardIndex: index, scene: scene, steps: steps, viewModel: viewModel, svg: svg))
                }
                let (list, drawn) = try sharing?.results.value(for: "\(url.path)#\(index)", uses: sharing?.uses ?? 1, make: make) ?? make()
                guard let oracle = drawn else { continue }
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
