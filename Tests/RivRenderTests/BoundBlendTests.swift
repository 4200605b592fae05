import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// A direct blend state whose animation's mix a view model number gives (blend source 2).
@Suite("scenes: direct blends mixed by a bound number")
struct BoundBlendTests {
    typealias TK = SceneTests.TK
    typealias PK = SceneTests.PK

    /// The default instance's number is `value`; the direct blend applies "Ten" (x 10) at
    /// the mix the bindable number before it holds (its bind's value) with `bound`;
    /// without a bind the runtime mixes nothing in, whatever the number stores (20).
    static func file(value: Float, bound: Bool) throws -> RivFile {
        var encoder = SceneTests.viewModelArtboard(property: TK.viewModelPropertyNumber,
                                                   value: (TK.viewModelInstanceNumber, PK.viewModelInstanceNumberPropertyValue, .float32(value)))
        let objects = SceneTests.shape + SceneTests.held + SceneTests.machine([(TK.blendStateDirect, [], [])])
            + [(TK.bindablePropertyNumber, [(PK.bindablePropertyNumberPropertyValue, .float32(20))])]
            + (bound ? [(TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.bindablePropertyNumberPropertyValue))), (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])] : [])
            + [(TK.blendAnimationDirect, [(PK.blendAnimationAnimationId, .uint(0)), (PK.blendAnimationDirectBlendSource, .uint(2))])]
        for (type, properties) in objects { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("the bound number / 100, clamped to 0...1, is the animation's mix; without a bind, nothing is mixed in")
    func boundMix() throws {
        func x(_ value: Float, bound: Bool = true) throws -> Double? {
            try ArtboardRenderer(file: try Self.file(value: value, bound: bound)).render(artboardIndex: 0).drawCalls.first?.transform.values[4]
        }
        #expect(try x(50) == 5)
        #expect(try x(250) == 10)
        #expect(try x(50, bound: false) == 0)
    }

    @Test("direct blends mixed by a bound number draw as riv_render draws them",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for (value, bound): (Float, Bool) in [(50, true), (250, true), (50, false)] {
            let difference = try FixtureOracle.difference(try Self.file(value: value, bound: bound), scene: "default")
            #expect(difference == nil, "value \(value), bound \(bound): \(difference ?? "")")
        }
    }
}
