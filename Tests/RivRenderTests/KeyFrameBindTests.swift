import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// Key frames whose value a data bind gives, and nested artboards that stand a
/// remapped animation at a time: small artboards written with the project's encoder.
@Suite("scenes: bound key frames and remapped nested animations")
struct KeyFrameBindTests {
    typealias TK = SceneTests.TK
    typealias PK = SceneTests.PK
    typealias Properties = SceneTests.Properties

    /// An artboard bound to a view model whose default instance holds the number 250,
    /// its shape's x keyed 10 at frame 0 and 100 at frame 60; the first frame bound to
    /// that number (path `first`), the second to `second` when given.
    static func file(first: [UInt8]?, second: [UInt8]?, machine: Bool = false) throws -> RivFile {
        var encoder = SceneTests.viewModelArtboard(property: TK.viewModelPropertyNumber,
                                                   value: (TK.viewModelInstanceNumber, PK.viewModelInstanceNumberPropertyValue, .float32(250)))
        func bind(_ path: [UInt8]?) -> [(UInt16, Properties)] {
            path.map { [(TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.keyFrameDoubleValue))), (PK.dataBindContextSourcePathIds, .bytes($0))])] } ?? []
        }
        let animation = SceneTests.animation("A", [(0, 10, 1, nil), (60, 100, 1, nil)])
        let frames = Array(animation.suffix(2))
        let states = machine ? SceneTests.machine([(TK.animationState, [(PK.animationStateAnimationId, .uint(0))], [])]) : []
        let objects = SceneTests.shape + animation.dropLast(2) + [frames[0]] + bind(first) + [frames[1]] + bind(second) + states
        for (type, properties) in objects { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    static func x(_ file: RivFile, steps: [Double] = []) throws -> Double? {
        try ArtboardRenderer(file: file).render(artboardIndex: 0, options: SceneOptions(steps: steps)).drawCalls.first?.transform.values[4]
    }

    @Test("in a state machine a bound key frame holds its source's value from the first step; a bind that finds no source, or an animation played alone, leaves the holder's 0")
    func boundKeyFrames() throws {
        let bound = try Self.file(first: [0, 0], second: nil, machine: true)
        #expect(try Self.x(bound) == 250)
        #expect(try Self.x(bound, steps: [0, 0.5]) == 175)
        #expect(try ArtboardRenderer(file: bound).render(artboardIndex: 0).notes.isEmpty)
        // The second frame's bind names a view model the context lacks: its holder keeps 0.
        let unresolved = try Self.file(first: [0, 0], second: [5, 0], machine: true)
        #expect(try Self.x(unresolved, steps: [0, 0.5]) == 125)
        // An animation played alone reads its holders' initial values: 0, then the second frame's own 100.
        #expect(try Self.x(try Self.file(first: [0, 0], second: nil), steps: [0, 0.5]) == 50)
        // The setup pose applies no animation.
        #expect(try ArtboardRenderer(file: bound).setupPose(artboardIndex: 0).drawCalls.first?.transform.values[4] == 0)
    }

    /// A host whose nested artboard shows an artboard keying its shape's x 10 at frame 0
    /// and 100 at frame 60 (`loop`), through a `NestedRemapAnimation` at `time`.
    static func remapped(time: Float, loop: UInt64 = 0) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Host")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100))])
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
        encoder.appendObject(typeKey: TK.nestedRemapAnimation, properties: [SetupPoseTests.parent(1), (PK.nestedAnimationAnimationId, .uint(0)),
                                                                            (PK.nestedRemapAnimationTime, .float32(time))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Shown")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100))])
        let objects = SceneTests.shape + SceneTests.animation("A", [(0, 10, 1, nil), (60, 100, 1, nil)], extra: [(PK.linearAnimationLoopValue, .uint(loop))])
        for (type, properties) in objects { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("a nested artboard's remapped animation stands at its time, a fraction of its length, wrapped for a loop, and does not advance")
    func remappedAnimation() throws {
        #expect(try Self.x(try Self.remapped(time: 0.5)) == 55)
        #expect(try Self.x(try Self.remapped(time: 0.5), steps: [0, 0.5]) == 55)
        #expect(try Self.x(try Self.remapped(time: 1.25, loop: 1)) == 32.5)
        #expect(try ArtboardRenderer(file: try Self.remapped(time: 0.5)).render(artboardIndex: 0).notes.isEmpty)
    }

    @Test("bound key frames and remapped nested animations draw as riv_render draws them",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        let files = [("animation", try Self.file(first: [0, 0], second: nil)), ("bound", try Self.file(first: [0, 0], second: nil, machine: true)),
                     ("unresolved", try Self.file(first: [0, 0], second: [5, 0], machine: true)),
                     ("remapped", try Self.remapped(time: 0.5)), ("loop", try Self.remapped(time: 1.25, loop: 1)), ("ping-pong", try Self.remapped(time: 1.25, loop: 2))]
        for (name, file) in files {
            let first = try FixtureOracle.difference(file, scene: "default"), steps = try FixtureOracle.difference(file, scene: "default", steps: [0, 0.5])
            #expect(first == nil, "\(name): \(first ?? "")")
            #expect(steps == nil, "\(name) after steps: \(steps ?? "")")
        }
    }
}
