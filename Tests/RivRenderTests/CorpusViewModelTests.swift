import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

@Suite("render --vm: the view model instance chosen by name, in real files, against Rive's runtime")
struct CorpusViewModelTests {
    @Test("our draw calls with each instance chosen by name match riv_render --vm V:I, for the artboards whose view model has several",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func chosenInstancesMatchTheRuntime() throws {
        var compared = 0, matched = 0
        var failures: [String] = []
        for url in SharedData.corpusFiles() {
            guard let file = try? RivFile(contentsOf: url) else { continue }
            let viewModels = file.inspect().viewModels
            let renderer = ArtboardRenderer(file: file)
            for (index, artboard) in file.artboardObjects().enumerated() {
                guard let id = artboard.artboard.property(Schema.PropertyKey.artboardViewModelId).map(file.uintValue(of:)),
                      id < UInt64(viewModels.count), viewModels[Int(id)].instances.count > 1 else { continue }
                let names = viewModels[Int(id)].instances
                // A name picks the first instance of that name: compare those.
                for (instance, name) in names.enumerated() where names.firstIndex(of: name) == instance {
                    // The inspection lists the instances nested artboards hold too, after the file's: not chosen by name.
                    let chosen = Result { () throws(RenderError) -> DisplayList in try renderer.render(artboardIndex: index, options: SceneOptions(viewModelInstance: name)) }
                    if case .failure(.noViewModelInstanceNamed) = chosen { continue }
                    let list = try chosen.get()
                    guard !list.notes.contains(where: { CorpusRenderTests.runtimeLacks.contains($0.feature) }),
                          let oracle = try RuntimeOracle.drawing(url, artboardIndex: index, scene: "default", viewModel: "\(id):\(instance)", svg: false) else { continue }
                    compared += 1
                    if let difference = OracleComparison(list, oracle: oracle.calls).difference {
                        failures.append("\(url.lastPathComponent)#\(index) --vm \"\(name)\" [\(list.notes.map(\.feature).joined(separator: ","))]: \(difference)")
                    } else {
                        matched += 1
                    }
                }
            }
        }
        print("render --vm: \(matched) of \(compared) (corpus artboard, view model instance) pairs match the runtime's draw calls; differing: \(failures)")
        #expect(compared > 0)
        #expect(matched >= 18, "fewer instances match the runtime than on 2026-12-06: \(failures.prefix(5))")
    }
}
