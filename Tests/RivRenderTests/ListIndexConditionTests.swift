import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// A view model condition on a list item's index: an integer bindable property
/// bound to a `ViewModelInstanceSymbolListIndex`, compared with a number.
@Suite("scenes: view model conditions on a list index")
struct ListIndexConditionTests {
    typealias TK = SceneTests.TK
    typealias PK = SceneTests.PK
    typealias Properties = SceneTests.Properties

    /// The shape keyed at x 10 in the first state, which goes to a state keying x 90
    /// when the bound list index (`index`) equals 2.
    static func file(index: UInt64) throws -> RivFile {
        var encoder = SceneTests.viewModelArtboard(property: TK.viewModelPropertySymbolListIndex,
                                                   value: (TK.viewModelInstanceSymbolListIndex, PK.viewModelInstanceSymbolListIndexPropertyValue, .uint(index)))
        for (type, properties) in Self.indexMachine(path: [0, 0], equals: 2) { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    /// The shape keyed at x 10 in the first state, going to a state keying x 90 when the
    /// integer bindable bound by the id path `path` equals `value`.
    static func indexMachine(path: [UInt8], equals value: Float) -> [(UInt16, Properties)] {
        let condition: [(UInt16, Properties)] = [
            (TK.transitionViewModelCondition, [(PK.transitionViewModelConditionOpValue, .uint(0))]),
            (TK.bindablePropertyInteger, []),
            (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.bindablePropertyIntegerPropertyValue))), (PK.dataBindContextSourcePathIds, .bytes(path))]),
            (TK.transitionPropertyViewModelComparator, []),
            (TK.transitionValueNumberComparator, [(PK.transitionValueNumberComparatorValue, .float32(value))]),
        ]
        return SceneTests.shape + SceneTests.held + SceneTests.machine([
            (TK.animationState, [(PK.animationStateAnimationId, .uint(0))], [([(PK.stateTransitionStateToId, .uint(4))], condition)]),
            (TK.animationState, [(PK.animationStateAnimationId, .uint(1))], []),
        ])
    }

    @Test("the bound list index is compared as a number: equal to 2 takes the transition, 0 does not")
    func comparesTheIndex() throws {
        func x(_ index: UInt64) throws -> Double? {
            let list = try ArtboardRenderer(file: try Self.file(index: index)).render(artboardIndex: 0)
            #expect(!list.notes.map(\.feature).contains("transition condition"))
            return list.drawCalls.first?.transform.values[4]
        }
        #expect(try x(2) == 90)
        #expect(try x(0) == 10)
    }

    @Test("view model conditions on a list index draw as riv_render draws them",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for index: UInt64 in [2, 0] {
            let difference = try FixtureOracle.difference(try Self.file(index: index), scene: "default")
            #expect(difference == nil, "index \(index): \(difference ?? "")")
        }
    }
}
