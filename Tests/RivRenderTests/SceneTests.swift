import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// Small artboards with animations and state machines, written with the project's
/// encoder: one rectangle whose shape's x is keyed, read back from the draw call.
@Suite("scenes: key frames, animations and state machines")
struct SceneTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey
    typealias Properties = [(key: UInt16, value: PropertyValue)]

    /// The shape (index 1) and its rectangle, fill and colour: four objects.
    static let shape = SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)

    /// A linear animation keying the shape's x with `frames` (frame, value, interpolation type, interpolator id).
    static func animation(_ name: String, _ frames: [(UInt64, Float, UInt64?, UInt64?)], fps: UInt64 = 60, duration: UInt64 = 60,
                          extra: Properties = []) -> [(UInt16, Properties)] {
        [(TK.linearAnimation, [(PK.animationName, .string(name)), (PK.linearAnimationFps, .uint(fps)), (PK.linearAnimationDuration, .uint(duration))] + extra),
         (TK.keyedObject, [(PK.keyedObjectObjectId, .uint(1))]),
         (TK.keyedProperty, [(PK.keyedPropertyPropertyKey, .uint(UInt64(PK.nodeX)))])]
            + frames.map { frame, value, type, interpolator in
                (TK.keyFrameDouble, [(PK.keyFrameFrame, .uint(frame)), (PK.keyFrameDoubleValue, .float32(value))]
                    + (type.map { [(PK.interpolatingKeyFrameInterpolationType, .uint($0))] } ?? []) + (interpolator.map { [(PK.interpolatingKeyFrameInterpolatorId, .uint($0))] } ?? []))
            }
    }

    /// The x at which the rectangle is drawn.
    static func x(_ objects: [(UInt16, Properties)], scene: RenderScene = .default, steps: [Double] = [], inputs: [SceneInput] = []) throws -> Double {
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).render(artboardIndex: 0, scene: scene, options: SceneOptions(steps: steps, inputs: inputs))
        return try #require(list.drawCalls.first).transform.values[4]
    }

    /// The x at which the first call of `file`'s artboard 0 is drawn after `steps`.
    static func x(in file: RivFile, steps: [Double]) throws -> Double? {
        try ArtboardRenderer(file: file).render(artboardIndex: 0, options: SceneOptions(steps: steps)).drawCalls.first?.transform.values[4]
    }

    @Test("key frames: linear, hold, cubic ease and elastic interpolation at a time between two frames")
    func interpolation() throws {
        let linear = Self.shape + Self.animation("A", [(0, 0, 1, nil), (60, 100, 1, nil)])
        #expect(try Self.x(linear, steps: [0.25]) == 25)
        #expect(try Self.x(linear) == 0)
        let hold = Self.shape + Self.animation("A", [(0, 0, 0, nil), (60, 100, 1, nil)])
        #expect(try Self.x(hold, steps: [0.75]) == 0)
        // Without an interpolation type a key frame holds (the type's default is 0).
        #expect(try Self.x(Self.shape + Self.animation("A", [(0, 0, nil, nil), (60, 100, 1, nil)]), steps: [0.75]) == 0)
        // A cubic ease (x1 .42, y1 0, x2 .58, y2 1) at index 5: the factor 0.25 eased.
        let cubic = Self.shape + [(TK.cubicEaseInterpolator, [])] + Self.animation("A", [(0, 0, 2, 5), (60, 100, 1, nil)])
        #expect(abs(try Self.x(cubic, steps: [0.25]) - 100 * Self.ease(0.25, x1: 0.42, y1: 0, x2: 0.58, y2: 1)) < 1e-3)
        // Elastic out, amplitude 1, period 1: 2^-5 · sin(π/2) + 1 at the factor 0.5.
        let elastic = Self.shape + [(TK.elasticInterpolator, [])] + Self.animation("A", [(0, 0, 4, 5), (60, 100, 1, nil)])
        #expect(abs(try Self.x(elastic, steps: [0.5]) - 103.125) < 1e-3)
        // A key frame naming no interpolator drops its keyed object, as the runtime does.
        let dangling = Self.shape + Self.animation("A", [(0, 50, 2, 3), (60, 100, 1, nil)])
        #expect(try Self.x(dangling, steps: [0.5]) == 0)
    }

    /// The cubic ease's value at `f`, from the curve by bisection in double precision.
    static func ease(_ f: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double { 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bezier(middle, x1, x2) < f { low = middle } else { high = middle }
        }
        return bezier(low, y1, y2)
    }

    @Test("one-shot clamps, loop wraps, ping-pong reflects, the work area bounds them; each --time is one step")
    func loops() throws {
        let frames: [(UInt64, Float, UInt64?, UInt64?)] = [(0, 0, 1, nil), (60, 100, 1, nil)]
        #expect(try Self.x(Self.shape + Self.animation("A", frames), steps: [1.25]) == 100)
        #expect(try Self.x(Self.shape + Self.animation("A", frames, extra: [(PK.linearAnimationLoopValue, .uint(1))]), steps: [1.25]) == 25)
        #expect(try Self.x(Self.shape + Self.animation("A", frames, extra: [(PK.linearAnimationLoopValue, .uint(2))]), steps: [1.25]) == 75)
        #expect(try Self.x(Self.shape + Self.animation("A", frames, extra: [(PK.linearAnimationLoopValue, .uint(2))]), steps: [0.5, 0.75]) == 75)
        // Work area 30...60, looping: starts at frame 30 and wraps back to it.
        let work = Self.shape + Self.animation("A", frames, extra: [(PK.linearAnimationLoopValue, .uint(1)), (PK.linearAnimationEnableWorkArea, .uint(1)),
                                                                    (PK.linearAnimationWorkStart, .uint(30)), (PK.linearAnimationWorkEnd, .uint(60))])
        #expect(try Self.x(work) == 50)
        #expect(try Self.x(work, steps: [0.75]) == 75)
        // A ping-pong over a thousand periods lands where the runtime's reflections would.
        #expect(try Self.x(Self.shape + Self.animation("A", frames, extra: [(PK.linearAnimationLoopValue, .uint(2))]), steps: [2048.25]) == 25)
    }

    /// A machine with a bool input `on` and a number input `level`, whose layer holds
    /// entry, any, exit and then `states`.
    static func machine(_ states: [(UInt16, Properties, transitions: [(Properties, conditions: [(UInt16, Properties)])])]) -> [(UInt16, Properties)] {
        var records: [(UInt16, Properties)] = [
            (TK.stateMachine, [(PK.animationName, .string("Machine"))]),
            (TK.stateMachineBool, [(PK.stateMachineComponentName, .string("on"))]),
            (TK.stateMachineNumber, [(PK.stateMachineComponentName, .string("level")), (PK.stateMachineNumberValue, .float32(25))]),
            (TK.stateMachineLayer, [(PK.stateMachineComponentName, .string("Layer"))]),
        ]
        // Entry (state 0) goes to state 3, the first of `states`.
        records += [(TK.entryState, []), (TK.stateTransition, [(PK.stateTransitionStateToId, .uint(3))]), (TK.anyState, []), (TK.exitState, [])]
        for (type, properties, transitions) in states {
            records.append((type, properties))
            for (transition, conditions) in transitions {
                records.append((TK.stateTransition, transition))
                records += conditions
            }
        }
        return records
    }

    static let held = Self.animation("Ten", [(0, 10, 1, nil)]) + Self.animation("Ninety", [(0, 90, 1, nil)])

    @Test("a transition on a bool input: the stored value keeps the first state, --input true takes the second in the same step")
    func transitionOnInput() throws {
        let objects = Self.shape + Self.held + Self.machine([
            (TK.animationState, [(PK.animationStateAnimationId, .uint(0))],
             [([(PK.stateTransitionStateToId, .uint(4))], [(TK.transitionBoolCondition, [(PK.transitionInputConditionInputId, .uint(0)), (PK.transitionValueConditionOpValue, .uint(0))])])]),
            (TK.animationState, [(PK.animationStateAnimationId, .uint(1))], []),
        ])
        #expect(try Self.x(objects) == 10)
        #expect(try Self.x(objects, inputs: [SceneInput(name: "on", value: .bool(true))]) == 90)
        #expect(throws: RenderError.noInputNamed("of", stateMachine: "Machine", available: ["on", "level"])) {
            try Self.x(objects, inputs: [SceneInput(name: "of", value: .bool(true))])
        }
        #expect(throws: RenderError.inputKindMismatch("on", expected: "bool")) { try Self.x(objects, inputs: [SceneInput(name: "on", value: .number(1))]) }
        #expect(try Self.x(objects, scene: .animation("Ninety")) == 90)
        #expect(throws: RenderError.noStateMachineNamed("Other", available: ["Machine"])) { try Self.x(objects, scene: .stateMachine("Other")) }
    }

    @Test("a transition with a duration mixes in over its steps: nothing at the first step, half after half its time")
    func transitionDuration() throws {
        var objects = Self.shape + Self.held + Self.machine([(TK.animationState, [(PK.animationStateAnimationId, .uint(0))], [])])
        let entry = try #require(objects.firstIndex { $0.0 == TK.stateTransition })
        objects[entry].1.append((PK.stateTransitionDuration, .uint(1000)))
        #expect(try Self.x(objects) == 0)
        #expect(try Self.x(objects, steps: [0, 0.5]) == 5)
        #expect(try Self.x(objects, steps: [0, 2]) == 10)
    }

    @Test("blend states: 1D mixes the two neighbours of the input's value, applied one over the other; direct applies each at its mix")
    func blends() throws {
        let oneD = Self.shape + Self.held + Self.machine([
            (TK.blendState1DInput, [(PK.blendState1DInputInputId, .uint(1))], []),
        ]) + [(TK.blendAnimation1D, [(PK.blendAnimationAnimationId, .uint(0)), (PK.blendAnimation1DValue, .float32(0))]),
              (TK.blendAnimation1D, [(PK.blendAnimationAnimationId, .uint(1)), (PK.blendAnimation1DValue, .float32(100))])]
        // level 25: Ten at 0.75 over x 0 (7.5), then Ninety at 0.25 over that.
        #expect(abs(try Self.x(oneD) - 28.125) < 1e-4)
        #expect(abs(try Self.x(oneD, inputs: [SceneInput(name: "level", value: .number(100))]) - 90) < 1e-4)
        let direct = Self.shape + Self.held + Self.machine([(TK.blendStateDirect, [], [])])
            + [(TK.blendAnimationDirect, [(PK.blendAnimationAnimationId, .uint(0)), (PK.blendAnimationDirectBlendSource, .uint(1)), (PK.blendAnimationDirectMixValue, .float32(50))])]
        #expect(try Self.x(direct) == 5)
        // What is not reproduced is noted: a 1D blend's reset flag, a mix read from a view model without a bindable number.
        let resetting = Self.shape + Self.held + Self.machine([(TK.blendState1DInput, [(PK.blendState1DInputInputId, .uint(1)), (PK.layerStateFlags, .uint(2))], [])])
            + [(TK.blendAnimation1D, [(PK.blendAnimationAnimationId, .uint(0))])]
        #expect(try ArtboardRenderer(file: try SetupPoseTests.file(resetting)).render(artboardIndex: 0).notes.map(\.feature) == ["blend reset"])
        let bound = Self.shape + Self.held + Self.machine([(TK.blendStateDirect, [], [])])
            + [(TK.blendAnimationDirect, [(PK.blendAnimationAnimationId, .uint(0)), (PK.blendAnimationDirectBlendSource, .uint(2))])]
        #expect(try ArtboardRenderer(file: try SetupPoseTests.file(bound)).render(artboardIndex: 0).notes.map(\.feature) == ["data binding"])
    }

    @Test("an artboard without animations or state machines plays the runtime's auto-generated machine; none is the setup pose")
    func autoGenerated() throws {
        let file = try SetupPoseTests.file(Self.shape)
        let renderer = ArtboardRenderer(file: file)
        #expect(try renderer.render(artboardIndex: 0).scene == "Auto Generated State Machine")
        #expect(try renderer.render(artboardIndex: 0, scene: .none).scene == "none")
        #expect(try renderer.render(artboardIndex: 0, options: SceneOptions(steps: [0.25, 0.5])).jsonLines().contains("\"time\":0.75"))
    }

    @Test("bad input: two states that go to each other stop after the runtime's 100 changes with a note; fps 0, NaN steps and too many steps never trap")
    func badInput() throws {
        let cycle = Self.shape + Self.held + Self.machine([
            (TK.animationState, [(PK.animationStateAnimationId, .uint(0))], [([(PK.stateTransitionStateToId, .uint(4))], [])]),
            (TK.animationState, [(PK.animationStateAnimationId, .uint(1))], [([(PK.stateTransitionStateToId, .uint(3))], [])]),
        ])
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(cycle)).render(artboardIndex: 0)
        #expect(list.notes.map(\.feature).contains("state changes"))
        // A random state: the runtime draws lots; the first allowed transition is taken, with a note.
        let random = Self.shape + Self.held + Self.machine([
            (TK.animationState, [(PK.animationStateAnimationId, .uint(0)), (PK.layerStateFlags, .uint(1))], [([(PK.stateTransitionStateToId, .uint(4))], [])]),
            (TK.animationState, [(PK.animationStateAnimationId, .uint(1))], []),
        ])
        let randomList = try ArtboardRenderer(file: try SetupPoseTests.file(random)).render(artboardIndex: 0)
        #expect(randomList.notes.map(\.feature) == ["random transition"] && randomList.drawCalls.first?.transform.values[4] == 90)
        let still = Self.shape + Self.animation("A", [(0, 0, 1, nil), (60, 100, 1, nil)], fps: 0, extra: [(PK.linearAnimationLoopValue, .uint(2))])
        _ = try Self.x(still, steps: [0.5, 1e30, -1e30])
        let pingPong = Self.shape + Self.animation("A", [(0, 0, 1, nil), (60, 100, 1, nil)], extra: [(PK.linearAnimationLoopValue, .uint(2))])
        _ = try Self.x(pingPong, steps: [1e30, -1e30, 3e38])
        #expect(throws: RenderError.self) { try Self.x(still, steps: [.nan]) }
        #expect(throws: RenderError.self) { try Self.x(still, steps: Array(repeating: 0, count: SceneOptions.stepLimit + 1)) }
        // A transition to a state the layer lacks: the runtime rejects the file; not played, noted.
        let rejected = Self.shape + Self.held + Self.machine([(TK.animationState, [(PK.animationStateAnimationId, .uint(0))], [([(PK.stateTransitionStateToId, .uint(40))], [])])])
        let rejectedList = try ArtboardRenderer(file: try SetupPoseTests.file(rejected)).render(artboardIndex: 0)
        #expect(rejectedList.notes.map(\.feature).contains("scene") && rejectedList.drawCalls.first?.transform.values[4] == 0)
    }

    @Test("the default view model instance is bound after the first step: its value wins over a key frame then, the key frame on later steps")
    func dataBinding() throws {
        var encoder = Self.viewModelArtboard(property: TK.viewModelPropertyNumber, value: (TK.viewModelInstanceNumber, PK.viewModelInstanceNumberPropertyValue, .float32(250)))
        let bind: (UInt16, Properties) = (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.nodeX))), (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        for (type, properties) in [Self.shape[0], bind] + Self.shape.dropFirst() + Self.animation("A", [(0, 10, 1, nil), (60, 100, 1, nil)]) {
            encoder.appendObject(typeKey: type, properties: properties)
        }
        let renderer = ArtboardRenderer(file: try RivFile(bytes: encoder.bytes))
        func x(_ steps: [Double]) throws -> Double? {
            try renderer.render(artboardIndex: 0, options: SceneOptions(steps: steps)).drawCalls.first?.transform.values[4]
        }
        #expect(try x([]) == 250)
        #expect(try x([0, 0.5]) == 55)
        #expect(try renderer.setupPose(artboardIndex: 0).drawCalls.first?.transform.values[4] == 0)
        #expect(try renderer.render(artboardIndex: 0).notes.isEmpty)
    }

    @Test("a nested artboard plays the state machine its NestedStateMachine names, with its nested inputs, at the setup pose too; without one it stays at rest")
    func nestedScene() throws {
        let renderer = ArtboardRenderer(file: try Self.nestedFile())
        // Drawn last to first: the second nested artboard (at rest, x 0) first, then the one playing (input on: x 90).
        #expect(try renderer.render(artboardIndex: 0).drawCalls.map { $0.transform.values[4] } == [0, 90])
        // The host's setup pose still advances its nested artboards by 0, as the runtime's Artboard::advance does.
        #expect(try renderer.setupPose(artboardIndex: 0).drawCalls.map { $0.transform.values[4] } == [0, 90])
    }

    @Test("riv_render plays nested artboards' machines at the host's setup pose as we do", .tags(.oracle),
          .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func nestedSceneAtSetupPoseMatchesTheRuntime() throws {
        #expect(try FixtureOracle.difference(try Self.nestedFile(), scene: "none") == nil)
        #expect(try FixtureOracle.difference(try Self.nestedFile(), scene: "default") == nil)
    }

    /// A host (artboard 0) showing artboard 1 twice: the first nested artboard plays its
    /// machine with the bool input on (its state keys x 90), the second plays nothing.
    static func nestedFile() throws -> RivFile {
        var encoder = Self.nestingHost(input: (TK.nestedBool, [(PK.nestedInputInputId, .uint(0)), (PK.nestedBoolNestedValue, .uint(1))]))
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Shown")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100))])
        let shown = Self.shape + Self.held + Self.machine([
            (TK.animationState, [(PK.animationStateAnimationId, .uint(0))],
             [([(PK.stateTransitionStateToId, .uint(4))], [(TK.transitionBoolCondition, [(PK.transitionInputConditionInputId, .uint(0)), (PK.transitionValueConditionOpValue, .uint(0))])])]),
            (TK.animationState, [(PK.animationStateAnimationId, .uint(1))], []),
        ])
        for (type, properties) in shown { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    /// A file whose host artboard (0) nests artboard 1 (object 1), running its first state
    /// machine (object 2) with one nested `input` (object 3).
    static func nestingHost(input: (type: UInt16, properties: Properties)) -> RivFileBuilder {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Host")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100))])
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
        encoder.appendObject(typeKey: TK.nestedStateMachine, properties: [SetupPoseTests.parent(1), (PK.nestedAnimationAnimationId, .uint(0))])
        encoder.appendObject(typeKey: input.type, properties: [SetupPoseTests.parent(2)] + input.properties)
        return encoder
    }

    @Test("a view model condition compares the default instance's bound value with a constant (a number, a string), not the stored one")
    func viewModelCondition() throws {
        func x(bound: Bool, text: Bool = false) throws -> Double? {
            try ArtboardRenderer(file: try Self.conditionFile(bound: bound, text: text)).render(artboardIndex: 0).drawCalls.first?.transform.values[4]
        }
        #expect(try x(bound: true) == 90)
        #expect(try x(bound: false) == 10)
        #expect(try x(bound: true, text: true) == 90)
        #expect(try x(bound: false, text: true) == 10)
    }

    @Test("a view model condition on a bindable never holds in a machine without a data context (an artboard without a view model), whatever its stored value")
    func viewModelConditionWithoutContext() throws {
        let file = try Self.conditionFile(bound: false, stored: 150, viewModel: false)
        #expect(try ArtboardRenderer(file: file).render(artboardIndex: 0).drawCalls.first?.transform.values[4] == 10)
    }

    @Test("riv_render evaluates view model conditions without a data context as we do", .tags(.oracle),
          .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func viewModelConditionWithoutContextMatchesTheRuntime() throws {
        #expect(try FixtureOracle.difference(try Self.conditionFile(bound: false, stored: 150, viewModel: false), scene: "default") == nil)
    }

    /// A machine going from the state keying x 10 to the one keying x 90 when a bindable (stored
    /// `stored`, bound to the default instance's 250 or "on" when `bound`) is over 100, or
    /// equal to "on" for `text`; the artboard has the view model only with `viewModel`.
    static func conditionFile(bound: Bool, text: Bool = false, stored: Float = 50, viewModel: Bool = true) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.viewModel, properties: [])
        encoder.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [])
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [])
        encoder.appendObject(typeKey: text ? TK.viewModelInstanceString : TK.viewModelInstanceNumber,
                             properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0))]
                                 + [text ? (PK.viewModelInstanceStringPropertyValue, .string("on")) : (PK.viewModelInstanceNumberPropertyValue, .float32(250))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100))] + (viewModel ? [(PK.artboardViewModelId, .uint(0))] : []))
        // Number: bound 250 > 100; text: bound "on" equal to "on" (the stored values, 50 and "off", fail).
        let bindable: (UInt16, Properties) = text ? (TK.bindablePropertyString, [(PK.bindablePropertyStringPropertyValue, .string("off"))])
            : (TK.bindablePropertyNumber, [(PK.bindablePropertyNumberPropertyValue, .float32(stored))])
        let constant: (UInt16, Properties) = text ? (TK.transitionValueStringComparator, [(PK.transitionValueStringComparatorValue, .string("on"))])
            : (TK.transitionValueNumberComparator, [(PK.transitionValueNumberComparatorValue, .float32(100))])
        let condition: [(UInt16, Properties)] = [(TK.transitionViewModelCondition, [(PK.transitionViewModelConditionOpValue, .uint(text ? 0 : 5))]), bindable]
            + (bound ? [(TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.bindablePropertyNumberPropertyValue))),
                                               (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])] : [])
            + [(TK.transitionPropertyViewModelComparator, []), constant]
        let objects = Self.shape + Self.held + Self.machine([
            (TK.animationState, [(PK.animationStateAnimationId, .uint(0))], [([(PK.stateTransitionStateToId, .uint(4))], condition)]),
            (TK.animationState, [(PK.animationStateAnimationId, .uint(1))], []),
        ])
        for (type, properties) in objects { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }
}

extension SceneTests {
    @Test("a nested artboard binds in its host's data context, or in the nested view model instance its id path names in front of it")
    func nestedDataContext() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        // View model 0, "Inner", with two instances; view model 1, "Host", whose second property refers to an Inner instance.
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Inner"))])
        encoder.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [(PK.viewModelComponentName, .string("x"))])
        for x: Float in [30, 70] {
            encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(0))])
            encoder.appendObject(typeKey: TK.viewModelInstanceNumber, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                                  (PK.viewModelInstanceNumberPropertyValue, .float32(x))])
        }
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Host"))])
        encoder.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [(PK.viewModelComponentName, .string("size"))])
        encoder.appendObject(typeKey: TK.viewModelPropertyViewModel, properties: [(PK.viewModelComponentName, .string("inner")),
                                                                                 (PK.viewModelPropertyViewModelViewModelReferenceId, .uint(0))])
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(1))])
        encoder.appendObject(typeKey: TK.viewModelInstanceViewModel, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(1)),
                                                                                 (PK.viewModelInstanceViewModelPropertyValue, .uint(1))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Host")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100)), (PK.artboardViewModelId, .uint(1))])
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1)),
                                                                      (PK.nestedArtboardDataBindPathIds, .bytes([1, 1]))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Shown")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100))])
        let bind: (UInt16, Properties) = (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.nodeX))), (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        for (type, properties) in [Self.shape[0], bind] + Self.shape.dropFirst() { encoder.appendObject(typeKey: type, properties: properties) }
        let renderer = ArtboardRenderer(file: try RivFile(bytes: encoder.bytes))
        // Drawn last to first: the second nested artboard binds Inner's second instance (x 70); the first, in
        // the host's context alone, finds no Inner there and keeps its stored x, with a note.
        let list = try renderer.render(artboardIndex: 0)
        #expect(list.drawCalls.map { $0.transform.values[4] } == [70, 0])
        #expect(list.notes.map(\.feature) == ["data binding"])
        #expect(try renderer.setupPose(artboardIndex: 0).drawCalls.map { $0.transform.values[4] } == [0, 0])
    }
}

extension SceneTests {
    /// An encoder holding data converters of the types `converters`, a view model
    /// ("Model") with one property of type `property`, its one instance's value for it
    /// (`value`: its type, key and value), and the start of an artboard of 200×100
    /// bound to that view model.
    static func viewModelArtboard(converters: [UInt16] = [], property: UInt16, value: (type: UInt16, key: UInt16, value: PropertyValue)) -> RivFileBuilder {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        for converter in converters { encoder.appendObject(typeKey: converter, properties: []) }
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Model"))])
        encoder.appendObject(typeKey: property, properties: [(PK.viewModelComponentName, .string("value"))])
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(0))])
        encoder.appendObject(typeKey: value.type, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0)), (value.key, value.value)])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100)), (PK.artboardViewModelId, .uint(0))])
        return encoder
    }

    @Test("a bind to the source writes its target's value into the view model value, which the binds to the target then read")
    func bindToSource() throws {
        var encoder = Self.viewModelArtboard(property: TK.viewModelPropertyColor, value: (TK.viewModelInstanceColor, PK.viewModelInstanceColorPropertyValue, .color(0xFF00_FF00)))
        func bind(flags: UInt64) -> (UInt16, Properties) {
            (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.solidColorColorValue))), (PK.dataBindFlags, .uint(flags)),
                                  (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        }
        let source = SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF11_2233)
        let target = SetupPoseTests.filledRectangle(at: 50, 0, parentIndex: 0, shapeIndex: 5, color: 0xFF44_5566)
        for (type, properties) in source + [bind(flags: 1)] + target + [bind(flags: 0)] { encoder.appendObject(typeKey: type, properties: properties) }
        let list = try ArtboardRenderer(file: try RivFile(bytes: encoder.bytes)).render(artboardIndex: 0)
        #expect(list.drawCalls.map(\.paint.color) == [0xFF11_2233, 0xFF11_2233])
        #expect(list.notes.isEmpty)
    }
}

extension SceneTests {
    @Test("a bind through a scripted converter passes the value on as it is, as the runtime without scripting does, with a note")
    func scriptedConverter() throws {
        var encoder = Self.viewModelArtboard(converters: [TK.scriptedDataConverter], property: TK.viewModelPropertyColor,
                                             value: (TK.viewModelInstanceColor, PK.viewModelInstanceColorPropertyValue, .color(0xFF00_FF00)))
        let bind: (UInt16, Properties) = (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.solidColorColorValue))), (PK.dataBindConverterId, .uint(0)),
                                                               (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        for (type, properties) in Self.shape + [bind] { encoder.appendObject(typeKey: type, properties: properties) }
        let list = try ArtboardRenderer(file: try RivFile(bytes: encoder.bytes)).render(artboardIndex: 0)
        #expect(list.drawCalls.map(\.paint.color) == [0xFF00_FF00])
        #expect(list.notes.map(\.feature) == ["data binding"])
    }
}

extension SceneTests {
    @Test("a view model instance chosen by name is bound instead of the default one; a name the view model lacks is an error naming its instances")
    func chosenInstance() throws {
        let renderer = ArtboardRenderer(file: try RivFile(bytes: ThemeFile.bytes()))
        func color(_ instance: String?) throws -> UInt32? {
            try renderer.render(artboardIndex: 0, options: SceneOptions(viewModelInstance: instance)).drawCalls.first?.paint.color
        }
        #expect(try color(nil) == 0xFF00_FF00)
        #expect(try color("Day") == 0xFF00_FF00)
        #expect(try color("Night") == 0xFF00_00FF)
        #expect(throws: RenderError.noViewModelInstanceNamed("Dusk", available: ["Day", "Night"])) { try color("Dusk") }
    }

    @Test("the setup pose binds no view model instance: naming one for it is an error, never a silently unbound picture")
    func instanceAtSetupPose() throws {
        let renderer = ArtboardRenderer(file: try RivFile(bytes: ThemeFile.bytes()))
        #expect(throws: RenderError.viewModelInstanceAtSetupPose("Night")) {
            try renderer.render(artboardIndex: 0, scene: .none, options: SceneOptions(viewModelInstance: "Night"))
        }
        #expect(try renderer.setupPose(artboardIndex: 0).drawCalls.count == 1)
    }

    @Test("a transition with a duration sets the entered state's ids at its first apply, at mix 0, as AnimationStateInstance::apply does (a solo switches at once)")
    func idsAtMixZero() throws {
        let objects = Self.soloSwitch(duration: 500)
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).render(artboardIndex: 0)
        #expect(list.drawCalls.map(\.paint.color) == [0xFF00_00FF])
        #expect(try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0).drawCalls.map(\.paint.color) == [0xFFFF_0000])
    }

    @Test("riv_render switches the solo at mix 0 as we do", .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func idsAtMixZeroMatchTheRuntime() throws {
        let file = try SetupPoseTests.file(Self.soloSwitch(duration: 500))
        #expect(try FixtureOracle.difference(file, scene: "default") == nil)
        #expect(try FixtureOracle.difference(file, scene: "default", steps: [0, 0.25]) == nil)
    }

    /// A solo (index 1) showing a red rectangle (2) over a blue one (6), and a machine whose
    /// entry goes, over `duration` milliseconds, to a state whose animation makes the blue one active.
    static func soloSwitch(duration: UInt64) -> [(UInt16, Properties)] {
        [(TK.solo, [SetupPoseTests.parent(0), (PK.soloActiveComponentId, .uint(2))])]
            + SetupPoseTests.filledRectangle(at: 10, 0, parentIndex: 1, shapeIndex: 2, color: 0xFFFF_0000)
            + SetupPoseTests.filledRectangle(at: 90, 0, parentIndex: 1, shapeIndex: 6, color: 0xFF00_00FF)
            + [(TK.linearAnimation, [(PK.animationName, .string("Blue")), (PK.linearAnimationFps, .uint(60)), (PK.linearAnimationDuration, .uint(60))]),
               (TK.keyedObject, [(PK.keyedObjectObjectId, .uint(1))]),
               (TK.keyedProperty, [(PK.keyedPropertyPropertyKey, .uint(UInt64(PK.soloActiveComponentId)))]),
               (TK.keyFrameId, [(PK.keyFrameFrame, .uint(0)), (PK.keyFrameIdValue, .uint(6))]),
               (TK.stateMachine, [(PK.animationName, .string("Machine"))]),
               (TK.stateMachineLayer, [(PK.stateMachineComponentName, .string("Layer"))]),
               (TK.entryState, []), (TK.stateTransition, [(PK.stateTransitionStateToId, .uint(3)), (PK.stateTransitionDuration, .uint(duration))]),
               (TK.anyState, []), (TK.exitState, []),
               (TK.animationState, [(PK.animationStateAnimationId, .uint(0))])]
    }
}
