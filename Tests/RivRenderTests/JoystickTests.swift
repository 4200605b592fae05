import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// Joysticks at rest on a small artboard written with the project's encoder: a
/// rectangle whose shape's x and y two animations key, applied by a joystick.
@Suite("joysticks at rest")
struct JoystickTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey
    typealias Properties = SetupPoseTests.Properties

    /// The shape (1) and its rectangle, fill and colour, a joystick (5) at `x`, `y`
    /// with `flags` naming animation 0 for x and 1 for y; animation 0 keys the shape's
    /// x from 0 to 100 over a second, animation 1 its y likewise.
    /// With `handle`, a node (6) at that point drives the joystick, whose 100 × 100 box is
    /// centred on (100, 50).
    static func file(x: Float, y: Float, flags: UInt64 = 0, handle: (Float, Float)? = nil) throws -> RivFile {
        func keying(_ name: String, _ key: UInt16) -> [(UInt16, Properties)] {
            [(TK.linearAnimation, [(PK.animationName, .string(name)), (PK.linearAnimationFps, .uint(60)), (PK.linearAnimationDuration, .uint(60))]),
             (TK.keyedObject, [(PK.keyedObjectObjectId, .uint(1))]),
             (TK.keyedProperty, [(PK.keyedPropertyPropertyKey, .uint(UInt64(key)))]),
             (TK.keyFrameDouble, [(PK.keyFrameFrame, .uint(0)), (PK.keyFrameDoubleValue, .float32(0)), (PK.interpolatingKeyFrameInterpolationType, .uint(1))]),
             (TK.keyFrameDouble, [(PK.keyFrameFrame, .uint(60)), (PK.keyFrameDoubleValue, .float32(100)), (PK.interpolatingKeyFrameInterpolationType, .uint(1))])]
        }
        let joystick: (UInt16, Properties) = (TK.joystick, [SetupPoseTests.parent(0), (PK.joystickX, .float32(x)), (PK.joystickY, .float32(y)),
                                                             (PK.joystickXId, .uint(0)), (PK.joystickYId, .uint(1)), (PK.joystickJoystickFlags, .uint(flags))])
        var objects = SceneTests.shape + [joystick]
        if let (handleX, handleY) = handle {
            objects[4].1 += [(PK.joystickHandleSourceId, .uint(6)), (PK.joystickPosX, .float32(100)), (PK.joystickPosY, .float32(50))]
            objects.append((TK.node, [SetupPoseTests.parent(0), (PK.nodeX, .float32(handleX)), (PK.nodeY, .float32(handleY))]))
        }
        return try SetupPoseTests.file(objects + keying("X", PK.nodeX) + keying("Y", PK.nodeY))
    }

    @Test("a joystick applies its x and y animations at the times its x and y pick, at rest and over the default scene")
    func appliesItsAnimations() throws {
        let renderer = ArtboardRenderer(file: try Self.file(x: 0.5, y: -0.5))
        let rest = try renderer.setupPose(artboardIndex: 0)
        #expect(try #require(rest.drawCalls.first).transform == .translation(75, 25))
        #expect(!rest.notes.contains { $0.feature == "Joystick" || $0.feature == "joystick" })
        // The default scene (animation X at 0) writes x = 0; the joystick then wins.
        let scene = try renderer.render(artboardIndex: 0)
        #expect(try #require(scene.drawCalls.first).transform == .translation(75, 25))
        let inverted = try ArtboardRenderer(file: try Self.file(x: 0.5, y: -0.5, flags: 3)).setupPose(artboardIndex: 0)
        #expect(try #require(inverted.drawCalls.first).transform == .translation(25, 75))
    }

    @Test("a joystick driven by a handle takes its x and y from where the handle stands in its box")
    func followsItsHandle() throws {
        let renderer = ArtboardRenderer(file: try Self.file(x: 0, y: 0, handle: (125, 25)))
        let rest = try renderer.setupPose(artboardIndex: 0)
        #expect(try #require(rest.drawCalls.first).transform == .translation(75, 25))
        #expect(!rest.notes.contains { $0.feature == "joystick" })
        #expect(try #require(try renderer.render(artboardIndex: 0).drawCalls.first).transform == .translation(75, 25))
    }

    @Test("the joystick fixture draws as Rive's runtime draws it, at rest and at its default scene",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for (flags, handle): (UInt64, (Float, Float)?) in [(0, nil), (3, nil), (0, (125, 25)), (1, (60, 90))] {
            let file = try Self.file(x: 0.5, y: -0.5, flags: flags, handle: handle)
            #expect(try FixtureOracle.difference(file, scene: "none") == nil)
            #expect(try FixtureOracle.difference(file, scene: "default", steps: [0, 0.5]) == nil)
        }
    }
}
