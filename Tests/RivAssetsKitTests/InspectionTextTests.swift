import Foundation
import Testing
@testable import RivAssetsKit
@testable import RivFormat

/// `inspect`'s text: what it counts and how it keeps lines readable.
@Suite("inspect text")
struct InspectionTextTests {
    @Test("manifests left out of the asset count are said to be; a view model with many properties lists one per line")
    func manifestsAndManyProperties() {
        let many = (1...9).map { ViewModelPropertyInspection(name: "p\($0)", type: "number") }
        let few = [ViewModelPropertyInspection(name: "on", type: "boolean")]
        let inspection = RivInspection(viewModels: [ViewModelInspection(name: "big", properties: many, instances: ["Default"]),
                                                    ViewModelInspection(name: "small", properties: few, instances: [])])
        var file = InspectedFile(input: "x.riv", error: nil, inspection: inspection)
        file.manifestCount = 1
        let lines = InspectionText.lines(for: file)
        #expect(lines[0] == "x.riv: 0 artboards, 2 view models, 0 assets; 1 manifest left out (list shows it)")
        #expect(lines[1] == "  view model \"big\": 9 properties; instances \"Default\"")
        #expect(Array(lines[2...10]) == (1...9).map { "    property p\($0) (number)" })
        #expect(lines[11] == "  view model \"small\": on (boolean)")
    }
}
