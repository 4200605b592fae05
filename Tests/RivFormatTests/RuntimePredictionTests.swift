import Foundation
import Testing
import RivFormat
import RivTestSupport

/// The prediction of Rive's runtime verdict: its reading rules on built files, the
/// real files it loads, and damaged copies of them checked against the runtime itself.
@Suite("Runtime prediction")
struct RuntimePredictionTests {
    private func file(major: UInt64 = 7, toc: [RivHeader.TableOfContentsEntry] = [], _ build: (inout RivEncoder) -> Void) -> [UInt8] {
        var encoder = RivEncoder(majorVersion: major, fileID: 1, tableOfContents: toc)
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

    @Test("a component whose parent id names no container is a dangling parent, not a refusal")
    func danglingParent() {
        let prediction = RuntimePrediction(bytes: file { encoder in
            encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
            encoder.appendObject(typeKey: Schema.TypeKey.node, properties: [(Schema.PropertyKey.componentParentId, .uint(5))])
        })
        #expect(prediction.result == .success)
        #expect(prediction.danglingParent?.code == "runtime-dangling-parent")
    }

    @Test("components whose parents lead back to them are a crash; a chain that reaches the artboard is not")
    func parentCycle() {
        func nodes(parents: [UInt64]) -> RuntimePrediction {
            RuntimePrediction(bytes: file { encoder in
                encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [])
                for parent in parents {
                    encoder.appendObject(typeKey: Schema.TypeKey.node, properties: [(Schema.PropertyKey.componentParentId, .uint(parent))])
                }
            })
        }
        #expect(nodes(parents: [0, 1, 2]).crash == nil)
        let loop = nodes(parents: [0, 3, 2])
        #expect(loop.result == .success)
        #expect(loop.crash?.code == "crash-parent-cycle")
        #expect(nodes(parents: [1]).crash?.code == "crash-parent-cycle")
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
          .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
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
