import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// A host whose animation keys the nested input of the machine its nested artboard
/// runs: the nested machine reads, at each step, the value the host's same step set.
@Suite("scenes: nested inputs a host's key frames set")
struct NestedInputStepsTests {
    typealias TK = SceneTests.TK
    typealias PK = SceneTests.PK

    /// A host (artboard 0) whose only animation holds its nested number input at 0 until
    /// frame 30 (half a second), then at 100; the nested artboard's machine stays in the
    /// state keying x 10 until its input `level` is over 50, then plays a ramp of x from
    /// 0 to 100 over a second.
    static func file() throws -> RivFile {
        var encoder = SceneTests.nestingHost(input: (TK.nestedNumber, [(PK.nestedInputInputId, .uint(1)), (PK.nestedNumberNestedValue, .float32(0))]))
        let host: [(UInt16, SceneTests.Properties)] = [
            (TK.linearAnimation, [(PK.animationName, .string("Switch")), (PK.linearAnimationFps, .uint(60)), (PK.linearAnimationDuration, .uint(60))]),
            (TK.keyedObject, [(PK.keyedObjectObjectId, .uint(3))]),
            (TK.keyedProperty, [(PK.keyedPropertyPropertyKey, .uint(UInt64(PK.nestedNumberNestedValue)))]),
            (TK.keyFrameDouble, [(PK.keyFrameFrame, .uint(0)), (PK.keyFrameDoubleValue, .float32(0))]),
            (TK.keyFrameDouble, [(PK.keyFrameFrame, .uint(30)), (PK.keyFrameDoubleValue, .float32(100))]),
        ]
        for (type, properties) in host { encoder.appendObject(typeKey: type, properties: properties) }
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Shown")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100))])
        let over50: (UInt16, SceneTests.Properties) = (TK.transitionNumberCondition, [(PK.transitionInputConditionInputId, .uint(1)), (PK.transitionValueConditionOpValue, .uint(5)),
                                                                                     (PK.transitionNumberConditionValue, .float32(50))])
        let shown = SceneTests.shape + SceneTests.animation("Ten", [(0, 10, 1, nil)]) + SceneTests.animation("Ramp", [(0, 0, 1, nil), (60, 100, 1, nil)])
            + SceneTests.machine([
                (TK.animationState, [(PK.animationStateAnimationId, .uint(0))], [([(PK.stateTransitionStateToId, .uint(4))], [over50])]),
                (TK.animationState, [(PK.animationStateAnimationId, .uint(1))], []),
            ])
        for (type, properties) in shown { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("the nested machine sees the host's value step by step: still 0 at the first step, 100 from the step at 0.75 s, where the ramp starts")
    func inputFollowsTheHostsSteps() throws {
        let file = try Self.file()
        func x(_ steps: [Double]) throws -> Double? { try SceneTests.x(in: file, steps: steps) }
        #expect(try x([0]) == 10)
        // Entered at the second step, the ramp stands at its start (given the last value from
        // the first step, it would have run 0.75 s: x 75).
        #expect(try x([0, 0.75]) == 0)
        #expect(try x([0, 0.75, 0.5]) == 50)
    }

    @Test("riv_render hands the host's key framed nested input to the nested machine step by step as we do", .tags(.oracle),
          .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for steps in [[0], [0, 0.75], [0, 0.75, 0.5]] {
            let difference = try FixtureOracle.difference(try Self.file(), scene: "default", steps: steps)
            #expect(difference == nil, "steps \(steps): \(difference ?? "")")
        }
    }
}
