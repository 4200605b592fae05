import Foundation
import Testing
import RivFormat
import RivTestSupport
import RivTestTags

/// The prediction of Rive's runtime verdict: its reading rules on built files, the
/// real files it loads, and damaged copies of them checked against the runtime itself.
@Suite("Runtime prediction")
struct RuntimePredictionTests {
    private func file(major: UInt64 = 7, toc: [RivHeader.TableOfContentsEntry] = [], _ build: (inout RivFileBuilder) -> Void) -> [UInt8] {
        var encoder = RivFileBuilder(majorVersion: major, fileID: 1, tableOfContents: toc)
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        build(&encoder)
        return encoder.bytes
    }

    @Test("a well-formed file loads with nothing to say")
    func wellFormed() {
        let prediction = RuntimePrediction(bytes: file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [(Schema.PropertyKey.componentName, .string("Main"))])
            encoder.appendObject(typeKey: Schema.TypeKey.node, properties: [(Schema.PropertyKey.componentParentId, .uint(0))])
        })
        #expect(prediction.result == .success && prediction.refusal == nil && prediction.crash == nil)
        #expect(prediction.firstOutOfStepOffset == nil && prediction.outOfStepCount == 0 && prediction.danglingParent == nil)
    }

    @Test("another major version is unsupportedVersion; a header cut short is malformed")
    func header() {
        #expect(RuntimePrediction(bytes: file(major: 6) { _ in }).result == .unsupportedVersion)
        #expect(RuntimePrediction(bytes: Array("RIVE".utf8) + [7]).refusal?.code == "runtime-bad-header")
        #expect(RuntimePrediction(bytes: Array("RIFF".utf8)).result == .malformed)
        // A major version that does not fit an int moves the reader to the end: reading
        // the minor version then runs off it, and the header is refused, not the version.
        let tooLarge: [UInt8] = Array("RIVE".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 1, 0]
        #expect(RuntimePrediction(bytes: tooLarge).refusal?.code == "runtime-bad-header")
    }

    @Test("a uint value over 32 bits is a range error, even where the strict reader reads it")
    func rangeError() throws {
        let bytes = file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.fileAssetAssetId, .uint(1 << 33))])
        }
        let prediction = RuntimePrediction(bytes: bytes)
        #expect(prediction.result == .malformed)
        #expect(prediction.refusal?.code == "runtime-range-error")
    }

    @Test("a key neither the runtime nor the ToC knows drops the object there and the stream resumes at its value")
    func outOfStep() throws {
        let unknownKey: UInt16 = 9999
        // The value 0 right after the unknown key is read as a new object of type 0 that ends at once.
        let resumesCleanly = file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.node, properties: [(unknownKey, .uint(0))])
        }
        let clean = RuntimePrediction(bytes: resumesCleanly)
        #expect(clean.result == .success)
        #expect(clean.outOfStepCount == 1 && clean.firstOutOfStepOffset != nil)
        #expect(throws: RivError.self) { try RivFile(bytes: resumesCleanly) }

        // Read out of step, the value [2, 4, 127] is a Node (2) whose name (4) claims 127 bytes: past the end.
        let outOfStepValue: PropertyValue = .bytes([UInt8(Schema.PropertyKey.componentName), 127])
        let runsOff = file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.node, properties: [(unknownKey, outOfStepValue)])
        }
        #expect(RuntimePrediction(bytes: runsOff).result == .malformed)
        // Listed in the ToC, the same key is skipped by its field type.
        let listed = file(toc: [.init(key: unknownKey, fieldType: .bytes)]) { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.node, properties: [(unknownKey, outOfStepValue)])
        }
        #expect(RuntimePrediction(bytes: listed).result == .success)
    }

    @Test("a bool a type does not declare is skipped without reading a byte; a callback is read as a varuint")
    func fallbackReads() {
        // Node does not declare NestedArtboard.isPaused (a bool): the runtime reads no value,
        // so the 0 after the key ends the object, and the next 0 is an object of type 0.
        func node(_ key: UInt16, then tail: [UInt8]) -> RuntimePrediction {
            var bytes = file { _ in }
            bytes.append(UInt8(Schema.TypeKey.node))
            var value = UInt64(key)
            while value >= 0x80 { bytes.append(UInt8(value & 0x7F) | 0x80); value >>= 7 }
            bytes.append(UInt8(value))
            return RuntimePrediction(bytes: bytes + tail)
        }
        #expect(node(Schema.PropertyKey.nestedArtboardIsPaused, then: [0]).result == .success)
        #expect(node(Schema.PropertyKey.nestedArtboardIsPaused, then: [0, 0]).result == .malformed)
        #expect(node(Schema.PropertyKey.componentParentId, then: [0]).result == .malformed)
        #expect(node(Schema.PropertyKey.componentParentId, then: [0, 0]).result == .success)
        let trigger: UInt16 = 395  // Event.trigger, a callback
        #expect(node(trigger, then: [0, 0]).result == .success)
        #expect(node(trigger, then: [0]).result == .malformed)
    }

    @Test("a transition to a state its layer lacks, or a layer without entry, exit and any state, fails the import")
    func stateMachines() {
        func machine(states: [UInt16], transitionTo target: UInt64) -> [UInt8] {
            file { encoder in
                encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
                encoder.appendObject(typeKey: Schema.TypeKey.stateMachine, properties: [])
                encoder.appendObject(typeKey: Schema.TypeKey.stateMachineLayer, properties: [])
                for state in states { encoder.appendObject(typeKey: state, properties: []) }
                encoder.appendObject(typeKey: Schema.TypeKey.stateTransition, properties: [(Schema.PropertyKey.stateTransitionStateToId, .uint(target))])
            }
        }
        let complete: [UInt16] = [Schema.TypeKey.anyState, Schema.TypeKey.entryState, Schema.TypeKey.exitState]
        #expect(RuntimePrediction(bytes: machine(states: complete, transitionTo: 2)).result == .success)
        #expect(RuntimePrediction(bytes: machine(states: complete, transitionTo: 3)).refusal?.code == "runtime-missing-state")
        #expect(RuntimePrediction(bytes: machine(states: Array(complete.dropLast()), transitionTo: 0)).refusal?.code == "runtime-missing-state")
    }

    @Test("a component whose parent id names no container is a dangling parent, taken out beside a valid one")
    func danglingParent() {
        let prediction = artboard([(Schema.TypeKey.node, 0, []), (Schema.TypeKey.node, 5, [])])
        #expect(prediction.result == .success && prediction.crash == nil)
        #expect(prediction.danglingParent?.code == "runtime-dangling-parent")
    }

    @Test("when every component of an artboard names no container, validation takes none out: a crash")
    func firstPassHole() {
        let prediction = artboard([(Schema.TypeKey.node, 5, [])])
        #expect(prediction.result == .success)
        #expect(prediction.crash?.code == "crash-null-parent")
    }

    /// An artboard holding `components`, each given by its type, parent id and other properties.
    private func artboard(_ components: [(type: UInt16, parent: UInt64, extra: [(UInt16, PropertyValue)])]) -> RuntimePrediction {
        RuntimePrediction(bytes: file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            for component in components {
                encoder.appendObject(typeKey: component.type, properties: [(Schema.PropertyKey.componentParentId, .uint(component.parent))] + component.extra)
            }
        })
    }

    @Test("a loop of parents hangs only where a Path or Drawable walks it; the check runs after a read error too")
    func parentCycle() {
        let node = Schema.TypeKey.node, shape = Schema.TypeKey.shape
        #expect(artboard([(node, 0, []), (node, 1, []), (node, 2, [])]).crash == nil)
        #expect(artboard([(node, 2, []), (node, 1, [])]).crash == nil)
        let loop = artboard([(shape, 2, []), (node, 1, [])])
        #expect(loop.result == .success)
        #expect(loop.crash?.code == "crash-parent-cycle")
        // A text style outside a Text fails validation, which breaks the loop first.
        #expect(artboard([(shape, 2, []), (Schema.TypeKey.textStylePaint, 1, [])]).crash == nil)
        // The runtime resolves the import stack before it looks at the read error.
        let damagedTail = RuntimePrediction(bytes: file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: shape, properties: [(Schema.PropertyKey.componentParentId, .uint(2))])
            encoder.appendObject(typeKey: node, properties: [(Schema.PropertyKey.componentParentId, .uint(1))])
        } + [UInt8(node), UInt8(Schema.PropertyKey.componentName), 50])
        #expect(damagedTail.result == .malformed && damagedTail.refusal?.code == "runtime-truncated")
        #expect(damagedTail.crash?.code == "crash-parent-cycle")
    }

    @Test("a component that uses an asset, read after the Backboard but before any Artboard, is freed yet resolved: a crash")
    func freedReferencer() {
        func stream(backboard: Bool, _ build: (inout RivFileBuilder) -> Void) -> RuntimePrediction {
            var encoder = RivFileBuilder(majorVersion: 7, fileID: 1, tableOfContents: [])
            if backboard { encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: []) }
            build(&encoder)
            return RuntimePrediction(bytes: encoder.bytes)
        }
        for type in [Schema.TypeKey.image, Schema.TypeKey.textStylePaint, Schema.TypeKey.audioEvent] {
            let early = stream(backboard: true) { encoder in
                encoder.appendObject(typeKey: type, properties: [])
                encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            }
            #expect(early.crash?.code == "crash-freed-referencer", "\(Schema.typeName(type))")
        }
        let inArtboard = stream(backboard: true) { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.image, properties: [])
        }
        #expect(inArtboard.crash == nil)
        // Without a Backboard nothing registers; the artboard and all under it are dropped.
        let noBackboard = stream(backboard: false) { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.image, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.node, properties: [(Schema.PropertyKey.componentParentId, .uint(7))])
        }
        #expect(noBackboard.result == .success && noBackboard.crash == nil)
        // An artboard that fails to initialise stops the resolving before the backboard.
        let refused = stream(backboard: true) { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.image, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.shape, properties: [(Schema.PropertyKey.drawableBlendModeValue, .uint(5))])
        }
        #expect(refused.result == .malformed && refused.crash == nil)
    }

    @Test("a scripted listener action or transition condition read where no state machine is being read is freed yet resolved: a crash; inside a state machine it loads (both checked against the runtime when it is present)")
    func freedScriptedReferencer() throws {
        func stream(_ objects: [UInt16]) -> [UInt8] {
            var encoder = RivFileBuilder(majorVersion: 7, fileID: 1, tableOfContents: [])
            encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
            encoder.appendObject(typeKey: 529, properties: [(Schema.PropertyKey.assetName, .string("main")), (Schema.PropertyKey.fileAssetAssetId, .uint(0))])
            encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(Array("return {}".utf8)))])
            for type in objects { encoder.appendObject(typeKey: type, properties: []) }
            return encoder.bytes
        }
        let directory = try TemporaryDirectory()
        let cases: [(objects: [UInt16], crashes: Bool)] = [
            ([Schema.TypeKey.scriptedListenerAction], true),
            ([Schema.TypeKey.scriptedTransitionCondition], true),
            ([Schema.TypeKey.artboard, Schema.TypeKey.stateMachine, Schema.TypeKey.stateMachineListenerSingle, Schema.TypeKey.scriptedListenerAction], false),
        ]
        for (index, example) in cases.enumerated() {
            let bytes = stream(example.objects)
            let prediction = RuntimePrediction(bytes: bytes)
            #expect((prediction.crash?.code == "crash-freed-referencer") == example.crashes, "\(example.objects): \(prediction)")
            if RuntimeOracle.isPresent {
                let verdict = try RuntimeOracle.list(URL(fileURLWithPath: try directory.write("scripted-\(index).riv", bytes)), timeout: 10)
                #expect((verdict.runtimeResult == "crash") == example.crashes, "\(example.objects): runtime \(verdict.runtimeResult)")
            }
        }
    }

    @Test("a DrawTarget or Tendon whose drawable or bone is missing is dereferenced; a second paint mutator fails the artboard")
    func missingReferences() {
        let shape = Schema.TypeKey.shape
        func target(_ drawable: UInt64) -> RuntimePrediction {
            artboard([(shape, 0, []), (Schema.TypeKey.drawRules, 1, []),
                      (Schema.TypeKey.drawTarget, 2, [(Schema.PropertyKey.drawTargetDrawableId, .uint(drawable))])])
        }
        #expect(target(1).crash == nil)
        #expect(target(99).crash?.code == "crash-null-drawable")
        func tendon(_ bone: UInt64) -> RuntimePrediction {
            artboard([(Schema.TypeKey.rootBone, 0, []), (shape, 0, []), (Schema.TypeKey.pointsPath, 2, []), (Schema.TypeKey.skin, 3, []),
                      (Schema.TypeKey.tendon, 4, [(Schema.PropertyKey.tendonBoneId, .uint(bone))])])
        }
        #expect(tendon(1).crash == nil)
        #expect(tendon(2).crash?.code == "crash-null-bone")
        func paints(_ count: Int) -> RuntimePrediction {
            artboard([(shape, 0, []), (Schema.TypeKey.fill, 1, [])] + Array(repeating: (Schema.TypeKey.solidColor, 2, []), count: count))
        }
        #expect(paints(1).result == .success)
        #expect(paints(2).result == .malformed && paints(2).refusal?.code == "runtime-double-paint")
    }

    @Test("a length past the end is malformed; a string length the runtime cannot allocate is a crash")
    func lengthsPastEnd() {
        func contents(key: UInt16, length: UInt64) -> RuntimePrediction {
            var bytes = file { _ in }
            bytes.append(UInt8(Schema.TypeKey.fileAssetContents))
            for var value in [UInt64(key), length] {
                while value >= 0x80 { bytes.append(UInt8(value & 0x7F) | 0x80); value >>= 7 }
                bytes.append(UInt8(value))
            }
            return RuntimePrediction(bytes: bytes + [1, 2, 3])
        }
        let bytes = contents(key: Schema.PropertyKey.fileAssetContentsBytes, length: 1 << 40)
        #expect(bytes.result == .malformed && bytes.crash == nil)
        let name = Schema.PropertyKey.componentName
        #expect(contents(key: name, length: 1 << 30).crash == nil)
        #expect(contents(key: name, length: 1 << 36).result == .malformed)
        #expect(contents(key: name, length: 1 << 36).crash?.code == "crash-string-allocation")
    }

    @Test("every corpus file gets the runtime's verdict; those it loads have nothing else to say",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpus() throws {
        var compared = 0
        for record in try SharedData.expectedRecords() {
            let relative = try #require(record["path"] as? String)
            let url = try #require(SharedData.corpus?.appendingPathComponent(relative))
            let prediction = RuntimePrediction(bytes: try Data(contentsOf: url))
            #expect(prediction.result.rawValue == record["runtimeResult"] as? String, "\(url.lastPathComponent): \(prediction)")
            #expect(prediction.crash == nil && prediction.outOfStepCount == 0 && prediction.danglingParent == nil, "\(url.lastPathComponent)")
            compared += 1
        }
        #expect(compared == SharedData.corpusFiles().count)
    }

    @Test("a drawable with a blend mode the runtime does not know fails the artboard and the import")
    func blendMode() {
        func drawable(blendMode: UInt64) -> RuntimePrediction {
            RuntimePrediction(bytes: file { encoder in
                encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
                encoder.appendObject(typeKey: Schema.TypeKey.shape, properties: [(Schema.PropertyKey.drawableBlendModeValue, .uint(blendMode))])
            })
        }
        #expect(drawable(blendMode: 3).result == .success)
        #expect(drawable(blendMode: 28).result == .success)
        #expect(drawable(blendMode: 5).refusal?.code == "runtime-invalid-blend-mode")
        #expect(drawable(blendMode: 29).result == .malformed)
    }

    @Test("a constraint under no transform, or a font axis under no text style, fails the artboard before its state machines are set up")
    func wrongParentKind() {
        let shape = Schema.TypeKey.shape, fill = Schema.TypeKey.fill, constraint = Schema.TypeKey.rotationConstraint
        // Checked against the runtime: malformed, and the null input of the state machine is never reached.
        let underFill = RuntimePrediction(bytes: file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: shape, properties: [(Schema.PropertyKey.componentParentId, .uint(0))])
            encoder.appendObject(typeKey: fill, properties: [(Schema.PropertyKey.componentParentId, .uint(1))])
            encoder.appendObject(typeKey: constraint, properties: [(Schema.PropertyKey.componentParentId, .uint(2))])
            encoder.appendObject(typeKey: Schema.TypeKey.stateMachine, properties: [])
            encoder.appendObject(typeKey: 9000, properties: [])
        })
        #expect(underFill.result == .malformed)
        #expect(underFill.refusal?.code == "runtime-invalid-parent")
        #expect(underFill.crash == nil)
        #expect(artboard([(shape, 0, []), (fill, 1, []), (constraint, 1, [])]).result == .success)
        #expect(artboard([(Schema.TypeKey.node, 0, []), (Schema.TypeKey.textStyleAxis, 1, [])]).refusal?.code == "runtime-invalid-parent")
        // An IK or distance constraint without a transform target stops before its parent check.
        let target = Schema.PropertyKey.targetedConstraintTargetId
        #expect(artboard([(shape, 0, []), (fill, 1, []), (Schema.TypeKey.ikConstraint, 2, [])]).result == .success)
        #expect(artboard([(shape, 0, []), (fill, 1, []), (Schema.TypeKey.distanceConstraint, 2, [(target, .uint(2))])]).result == .success)
        #expect(artboard([(shape, 0, []), (fill, 1, []), (Schema.TypeKey.ikConstraint, 2, [(target, .uint(1))])]).refusal?.code == "runtime-invalid-parent")
    }

    @Test("trim paths, dash paths and path effects need a fill or stroke, a dash its dash path, and a trim path a mode of 1 or 2")
    func cleanPhaseChecks() {
        let shape = Schema.TypeKey.shape, stroke = Schema.TypeKey.stroke, color = Schema.TypeKey.solidColor
        let trim = Schema.TypeKey.trimPath, mode = Schema.PropertyKey.trimPathModeValue
        func stroked(_ effect: UInt16, _ extra: [(UInt16, PropertyValue)] = []) -> RuntimePrediction {
            artboard([(shape, 0, []), (stroke, 1, []), (color, 2, []), (effect, 2, extra)])
        }
        // Each checked against the runtime.
        #expect(stroked(trim, [(mode, .uint(1))]).result == .success)
        #expect(stroked(trim, [(mode, .uint(2))]).result == .success)
        #expect(stroked(trim).refusal?.code == "runtime-invalid-trim-mode")
        #expect(stroked(trim, [(mode, .uint(3))]).refusal?.code == "runtime-invalid-trim-mode")
        #expect(artboard([(Schema.TypeKey.node, 0, []), (trim, 1, [(mode, .uint(1))])]).refusal?.code == "runtime-invalid-parent")
        #expect(stroked(Schema.TypeKey.targetEffect).result == .success)
        #expect(artboard([(Schema.TypeKey.node, 0, []), (Schema.TypeKey.dashPath, 1, [])]).refusal?.code == "runtime-invalid-parent")
        #expect(stroked(Schema.TypeKey.dash).refusal?.code == "runtime-invalid-parent")
        #expect(artboard([(shape, 0, []), (stroke, 1, []), (color, 2, []), (Schema.TypeKey.dashPath, 2, []), (Schema.TypeKey.dash, 4, [])]).result == .success)
    }

    @Test("a view model value read in a later artboard than its view model instance is deleted twice when the file is released: a crash whatever the verdict")
    func sharedViewModelValue() {
        func stream(instanceInFirstArtboard: Bool, tail: [UInt8] = []) -> RuntimePrediction {
            RuntimePrediction(bytes: file { encoder in
                encoder.appendObject(typeKey: Schema.TypeKey.viewModel, properties: [])
                if !instanceInFirstArtboard { encoder.appendObject(typeKey: Schema.TypeKey.viewModelInstance, properties: []) }
                encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
                if instanceInFirstArtboard {
                    encoder.appendObject(typeKey: Schema.TypeKey.viewModelInstance, properties: [])
                    encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
                }
                encoder.appendObject(typeKey: Schema.TypeKey.viewModelInstanceNumber, properties: [])
            } + tail)
        }
        #expect(stream(instanceInFirstArtboard: true).crash?.code == "crash-shared-view-model-value")
        let damaged = stream(instanceInFirstArtboard: true, tail: [2, 5])
        #expect(damaged.result == .malformed)
        #expect(damaged.crash?.code == "crash-shared-view-model-value")
        #expect(stream(instanceInFirstArtboard: false).crash == nil)
    }

    @Test("a first-pass hole crashes only where a parent id names no object; a parent that holds no children is survived")
    func firstPassHoleNeedsNullParent() {
        let style = Schema.TypeKey.layoutComponentStyle, color = Schema.TypeKey.solidColor
        #expect(artboard([(style, 1, [])]).crash == nil)
        #expect(artboard([(color, 2, []), (color, 1, [])]).crash == nil)
        #expect(artboard([(Schema.TypeKey.straightVertex, 9, [])]).crash?.code == "crash-null-parent")
    }

    @Test("a null input of a state machine whose artboard was already set up is never dereferenced")
    func nullInputAfterItsArtboard() {
        let prediction = RuntimePrediction(bytes: file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.shape, properties: [(Schema.PropertyKey.componentParentId, .uint(0))])
            encoder.appendObject(typeKey: Schema.TypeKey.stateMachine, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: 9000, properties: [])
        })
        #expect(prediction.result == .success)
        #expect(prediction.crash == nil)
    }

    @Test("an object dropped inside a state machine becomes a null input: a crash")
    func nullInput() {
        let prediction = RuntimePrediction(bytes: file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.stateMachine, properties: [])
            encoder.appendObject(typeKey: 9000, properties: [])
        })
        #expect(prediction.result == .success)
        #expect(prediction.crash?.code == "crash-null-input")
    }
}
