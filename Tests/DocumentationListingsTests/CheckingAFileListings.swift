import Foundation
import RivFormat
import RivTestSupport
import Testing

/// The code of the article "Checking a file before it ships" (RivFormat).
@Suite("Documentation: checking a file before it ships")
struct CheckingAFileListings {
    /// The bundled fixture with two artboards, a state machine, a text run and an unused image.
    private let animation = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv")

    @Test("the listing says the runtime loads a good file and not a file cut short")
    func predictTheVerdict() throws {
        // listing: check-predict
        func wouldLoad(_ animation: URL) throws -> Bool {
            let prediction = RuntimePrediction(bytes: try Data(contentsOf: animation))
            if let crash = prediction.crash {
                print("\(animation.lastPathComponent): the runtime would crash \(crash)")
                return false
            }
            if let refusal = prediction.refusal {
                print("\(animation.lastPathComponent): the runtime refuses it \(refusal)")
            }
            return prediction.result == .success
        }
        // end listing
        #expect(try wouldLoad(animation))
        let folder = try TemporaryDirectory()
        let bytes = try Data(contentsOf: animation)
        let cut = URL(fileURLWithPath: try folder.write("cut.riv", Array(bytes.prefix(bytes.count / 2))))
        #expect(try !wouldLoad(cut))
    }

    @Test("the listing names the state machine inputs and text runs of every artboard")
    func listTheNames() throws {
        // listing: check-names
        func namesAnAppUses(in animation: URL) throws -> [String] {
            let inspection = try RivFile(contentsOf: animation).inspect()
            var names: [String] = []
            for artboard in inspection.artboards {
                for machine in artboard.stateMachines {
                    names += machine.inputs.map { "\(artboard.name)/\(machine.name)/\($0.name) (\($0.type))" }
                }
                names += artboard.textRuns.map { "\(artboard.name)/text \($0.name)" }
            }
            return names
        }
        // end listing
        #expect(try namesAnAppUses(in: animation)
                == ["Main/flow/hover (bool)", "Main/flow/level (number)", "Main/flow/fire (trigger)", "Main/text headline"])
    }

    @Test("the listing finds the image no object uses")
    func findUnusedAssets() throws {
        // listing: check-unused
        func unusedAssets(of animation: URL) throws -> [String] {
            try RivFile(contentsOf: animation).inspect().unusedAssets
        }
        // end listing
        #expect(try unusedAssets(of: animation) == ["unused-3"])
    }
}
