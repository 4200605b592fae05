import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// A view model value that the scene itself changes: one layer's animation keys a
/// custom property bound to the source, and another layer's view model condition
/// reads that value as it changes, step by step.
@Suite("scenes: view model values a bind to the source writes while the machine plays")
struct WrittenViewModelTests {
    typealias TK = SceneTests.TK
    typealias PK = SceneTests.PK
    typealias Properties = SceneTests.Properties

    /// A layer of the machine: entry (state 0) goes to state 3, the first of `states`.
    static func layer(_ name: String, _ states: [(animation: UInt64, transitions: [(to: UInt64, conditions: [(UInt16, Properties)])])]) -> [(UInt16, Properties)] {
        var records: [(UInt16, Properties)] = [(TK.stateMachineLayer, [(PK.stateMachineComponentName, .string(name))]),
                                               (TK.entryState, []), (TK.stateTransition, [(PK.stateTransitionStateToId, .uint(3))]), (TK.anyState, []), (TK.exitState, [])]
        for (animation, transitions) in states {
            records.append((TK.animationState, [(PK.animationStateAnimationId, .uint(animation))]))
            for (target, conditions) in transitions { records += [(TK.stateTransition, [(PK.stateTransitionStateToId, .uint(target))])] + conditions }
        }
        return records
    }

    /// The default instance's number is 0; the artboard's custom number (object 5) writes
    /// into it (a bind to the source); the animation "Count" keys that custom number 0
    /// until frame 30 (half a second), then 200. The machine's first layer plays
    /// "Count"; its second keys x 10 until the bound number is over 100, then x 90.
    /// With `nested`, a host bound to the same view model shows that artboard (as
    /// artboard 1) in a nested artboard running its machine; with `held` too, the nested
    /// artboard holds its own instance of the view model (its number 0).
    static func file(nested: Bool = false, held: Bool = false) throws -> RivFile {
        var encoder = SceneTests.viewModelArtboard(property: TK.viewModelPropertyNumber,
                                                   value: (TK.viewModelInstanceNumber, PK.viewModelInstanceNumberPropertyValue, .float32(0)))
        if nested {
            encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
            encoder.appendObject(typeKey: TK.nestedStateMachine, properties: [SetupPoseTests.parent(1), (PK.nestedAnimationAnimationId, .uint(0))])
            if held {
                encoder.appendObject(typeKey: TK.viewModelInstance, properties: [SetupPoseTests.parent(1), (PK.viewModelInstanceViewModelId, .uint(0))])
                encoder.appendObject(typeKey: TK.viewModelInstanceNumber, properties: [SetupPoseTests.parent(3), (PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                                      (PK.viewModelInstanceNumberPropertyValue, .float32(0))])
            }
            encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Shown")), (PK.layoutComponentWidth, .float32(200)),
                                                                    (PK.layoutComponentHeight, .float32(100)), (PK.artboardViewModelId, .uint(0))])
        }
        for (type, properties) in Self.shown(path: [0, 0]) { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    /// The artboard's objects: its shape, the custom number writing into the view model
    /// value `path` names, "Ten", "Ninety", "Count" and the machine reading that value.
    static func shown(path: [UInt8]) -> [(UInt16, Properties)] {
        let count: [(UInt16, Properties)] = [
            (TK.linearAnimation, [(PK.animationName, .string("Count")), (PK.linearAnimationFps, .uint(60)), (PK.linearAnimationDuration, .uint(60))]),
            (TK.keyedObject, [(PK.keyedObjectObjectId, .uint(5))]),
            (TK.keyedProperty, [(PK.keyedPropertyPropertyKey, .uint(UInt64(PK.customPropertyNumberPropertyValue)))]),
            (TK.keyFrameDouble, [(PK.keyFrameFrame, .uint(0)), (PK.keyFrameDoubleValue, .float32(0))]),
            (TK.keyFrameDouble, [(PK.keyFrameFrame, .uint(30)), (PK.keyFrameDoubleValue, .float32(200))]),
        ]
        let overHundred: [(UInt16, Properties)] = [
            (TK.transitionViewModelCondition, [(PK.transitionViewModelConditionOpValue, .uint(5))]),
            (TK.bindablePropertyNumber, []),
            (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.bindablePropertyNumberPropertyValue))), (PK.dataBindContextSourcePathIds, .bytes(path))]),
            (TK.transitionPropertyViewModelComparator, []),
            (TK.transitionValueNumberComparator, [(PK.transitionValueNumberComparatorValue, .float32(100))]),
        ]
        return SceneTests.shape
            + [(TK.customPropertyNumber, [SetupPoseTests.parent(0)]),
               (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.customPropertyNumberPropertyValue))), (PK.dataBindFlags, .uint(1)),
                                     (PK.dataBindContextSourcePathIds, .bytes(path))])]
            + SceneTests.held + count
            + [(TK.stateMachine, [(PK.animationName, .string("Machine"))])]
            + Self.layer("Counter", [(2, [])])
            + Self.layer("Switch", [(0, [(4, overHundred)]), (1, [])])
    }

    /// A host bound to view model "Main" (its number 1) whose list shows that many items
    /// of view model "Item" (through a `DataConverterNumberToList`): one instance of the
    /// artboard of ``shown(path:)`` bound to "Item", whose number (0) it writes and reads.
    static func listFile() throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.dataConverterNumberToList, properties: [(PK.dataConverterNumberToListViewModelId, .uint(1))])
        for (viewModel, name, value) in [(0, "Main", Float(1)), (1, "Item", 0)] {
            encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string(name))])
            encoder.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [(PK.viewModelComponentName, .string("value"))])
            encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(UInt64(viewModel)))])
            encoder.appendObject(typeKey: TK.viewModelInstanceNumber, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                                   (PK.viewModelInstanceNumberPropertyValue, .float32(value))])
        }
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100)), (PK.artboardViewModelId, .uint(0))])
        encoder.appendObject(typeKey: TK.artboardComponentList, properties: [SetupPoseTests.parent(0)])
        encoder.appendObject(typeKey: TK.dataBindContext, properties: [(PK.dataBindPropertyKey, .uint(UInt64(PK.artboardComponentListListSource))),
                                                                       (PK.dataBindConverterId, .uint(0)), (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Item")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100)), (PK.artboardViewModelId, .uint(1))])
        for (type, properties) in Self.shown(path: [1, 0]) { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("the condition reads the value the first layer's key frame wrote through the bind, from the step it changes on, not the instance's 0")
    func conditionReadsTheWrittenValue() throws {
        let file = try Self.file()
        func x(_ steps: [Double]) throws -> Double? { try SceneTests.x(in: file, steps: steps) }
        #expect(try x([0]) == 10)
        #expect(try x([0, 0.25]) == 10)
        #expect(try x([0, 0.75]) == 90)
        // At the first step the instance is not bound yet: nothing is written.
        #expect(try x([0.75]) == 10)
    }

    @Test("a nested artboard's or list item's machine reads what its own binds to the source wrote, as the top-level scene's does")
    func nestedConditionReadsTheWrittenValue() throws {
        for file in [try Self.file(nested: true), try Self.listFile()] {
            func x(_ steps: [Double]) throws -> Double? { try SceneTests.x(in: file, steps: steps) }
            #expect(try x([0]) == 10)
            #expect(try x([0, 0.25]) == 10)
            #expect(try x([0, 0.75]) == 90)
            #expect(try x([0.75]) == 10)
        }
    }

    @Test("riv_render's view model condition reads what the scene wrote as ours does, at the top level, in a nested artboard and in a list item", .tags(.oracle),
          .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        let files = [("top level", try Self.file()), ("nested", try Self.file(nested: true)), ("nested, held", try Self.file(nested: true, held: true)),
                     ("list item", try Self.listFile())]
        for (name, file) in files {
            for steps in [[0], [0, 0.25], [0, 0.75], [0.75]] {
                let difference = try FixtureOracle.difference(file, scene: "default", steps: steps)
                #expect(difference == nil, "\(name), steps \(steps): \(difference ?? "")")
            }
        }
    }
}
