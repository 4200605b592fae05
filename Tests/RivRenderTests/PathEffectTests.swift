import RivFormat
import RivRender
import Testing

/// Path effects (trim paths) on small artboards written with the project's encoder.
@Suite("path effects at the setup pose")
struct PathEffectTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey

    /// A 40×20 rectangle at (100, 50) stroked black, its stroke trimmed by `trim`'s properties.
    static func trimmedRectangle(_ trim: SetupPoseTests.Properties, fill: Bool = false) throws -> DisplayList {
        let paint: UInt16 = fill ? TK.fill : TK.stroke
        let objects: [(UInt16, SetupPoseTests.Properties)] = [
            (TK.shape, [SetupPoseTests.parent(0), (PK.nodeX, .float32(100)), (PK.nodeY, .float32(50))]),
            (TK.rectangle, [SetupPoseTests.parent(1), (PK.parametricPathWidth, .float32(40)), (PK.parametricPathHeight, .float32(20))]),
            (paint, [SetupPoseTests.parent(1)]),
            (TK.solidColor, [SetupPoseTests.parent(3), (PK.solidColorColorValue, .color(0xFF00_0000))]),
            (TK.trimPath, [SetupPoseTests.parent(3)] + trim),
        ]
        return try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
    }

    /// The path's points, rounded to 1e-3.
    static func points(_ path: RenderPath) -> [String] {
        func text(_ p: RenderPoint) -> String { "\((p.x * 1000).rounded() / 1000),\((p.y * 1000).rounded() / 1000)" }
        return path.commands.map { command in
            switch command {
            case .move(let p): "M" + text(p)
            case .line(let p): "L" + text(p)
            case .cubic(let a, let b, let c): "C" + [a, b, c].map(text).joined(separator: " ")
            case .close: "Z"
            }
        }
    }

    @Test("a sequential trim from 0 to 0.5 keeps the first half of the rectangle's outline, drawn with the clockwise rule")
    func trimStartEnd() throws {
        let list = try Self.trimmedRectangle([(PK.trimPathEnd, .float32(0.5)), (PK.trimPathModeValue, .uint(1))])
        let call = try #require(list.drawCalls.first)
        #expect(Self.points(call.path) == ["M-20.0,-10.0", "L20.0,-10.0", "L20.0,10.0"])
        #expect(call.fillRule == .clockwise)
        #expect(!list.notes.contains { $0.feature == "TrimPath" })
    }

    @Test("an offset moves the trimmed window along the outline; a trimmed fill closes its piece")
    func trimOffsetAndFill() throws {
        let trim: SetupPoseTests.Properties = [(PK.trimPathEnd, .float32(0.5)), (PK.trimPathOffset, .float32(1.25)), (PK.trimPathModeValue, .uint(2))]
        let stroke = try #require(try Self.trimmedRectangle(trim).drawCalls.first)
        #expect(Self.points(stroke.path) == ["M10.0,-10.0", "L20.0,-10.0", "L20.0,10.0", "L-10.0,10.0"])
        let fill = try #require(try Self.trimmedRectangle(trim, fill: true).drawCalls.first)
        #expect(Self.points(fill.path) == ["M10.0,-10.0", "L20.0,-10.0", "L20.0,10.0", "L-10.0,10.0", "Z"])
        #expect(fill.fillRule == .nonZero)
    }

    @Test("an inner feather clips the fill to its path and draws the ring between the path and its padded bounds")
    func innerFeather() throws {
        var objects = SetupPoseTests.filledRectangle(at: 100, 50, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)
        objects.append((TK.feather, [SetupPoseTests.parent(3), (PK.featherInner, .uint(1)), (PK.featherStrength, .float32(4))]))
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
        guard list.commands.count == 2, case .clipPath(let clip) = list.commands[0], case .drawPath(let ring) = list.commands[1] else {
            Issue.record("expected clip, draw: \(list.commands)")
            return
        }
        #expect(Self.points(clip.path) == ["M-20.0,-10.0", "L20.0,-10.0", "L20.0,10.0", "L-20.0,10.0", "L-20.0,-10.0", "Z"])
        #expect(clip.fillRule == .clockwise && clip.transform == .translation(100, 50))
        #expect(Self.points(ring.path) == ["M-26.0,-16.0", "L26.0,-16.0", "L26.0,16.0", "L-26.0,16.0", "Z",
                                           "M-20.0,-10.0", "L-20.0,10.0", "L20.0,10.0", "L20.0,-10.0", "L-20.0,-10.0", "Z"])
        #expect(ring.clips == [0] && ring.paint.feather == 4)
        #expect(!list.notes.contains { $0.feature == "inner feather" })
    }

    @Test("a dash path lays dashes and gaps of its dashes' lengths along the stroke")
    func dash() throws {
        let objects: [(UInt16, SetupPoseTests.Properties)] = [
            (TK.shape, [SetupPoseTests.parent(0), (PK.nodeX, .float32(100)), (PK.nodeY, .float32(50))]),
            (TK.rectangle, [SetupPoseTests.parent(1), (PK.parametricPathWidth, .float32(40)), (PK.parametricPathHeight, .float32(20))]),
            (TK.stroke, [SetupPoseTests.parent(1)]),
            (TK.solidColor, [SetupPoseTests.parent(3), (PK.solidColorColorValue, .color(0xFF00_0000))]),
            (TK.dashPath, [SetupPoseTests.parent(3)]),
            (TK.dash, [SetupPoseTests.parent(5), (PK.dashLength, .float32(30))]),
        ]
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(Self.points(call.path) == ["M-20.0,-10.0", "L10.0,-10.0", "M20.0,10.0", "L-10.0,10.0"])
        #expect(list.notes.isEmpty)
    }

    @Test("a target effect applies the effects of the group effect it names")
    func targetEffect() throws {
        let objects: [(UInt16, SetupPoseTests.Properties)] = [
            (TK.groupEffect, [SetupPoseTests.parent(0)]),
            (TK.trimPath, [SetupPoseTests.parent(1), (PK.trimPathEnd, .float32(0.5)), (PK.trimPathModeValue, .uint(1))]),
            (TK.shape, [SetupPoseTests.parent(0), (PK.nodeX, .float32(100)), (PK.nodeY, .float32(50))]),
            (TK.rectangle, [SetupPoseTests.parent(3), (PK.parametricPathWidth, .float32(40)), (PK.parametricPathHeight, .float32(20))]),
            (TK.stroke, [SetupPoseTests.parent(3)]),
            (TK.solidColor, [SetupPoseTests.parent(5), (PK.solidColorColorValue, .color(0xFF00_0000))]),
            (TK.targetEffect, [SetupPoseTests.parent(5), (PK.targetEffectTargetId, .uint(1))]),
        ]
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(Self.points(call.path) == ["M-20.0,-10.0", "L20.0,-10.0", "L20.0,10.0"])
        #expect(list.notes.isEmpty)
    }

    @Test("a trim whose end lies a hundred times round its path stops after a few turns, with a note")
    func trimWrapLimit() throws {
        let list = try Self.trimmedRectangle([(PK.trimPathEnd, .float32(100)), (PK.trimPathModeValue, .uint(1))])
        let call = try #require(list.drawCalls.first)
        #expect(call.path.commands.count < 100)
        #expect(list.notes.contains { $0.feature == "effect limit" })
    }

    @Test("a trim of an unknown mode is noted and not applied")
    func unknownMode() throws {
        let list = try Self.trimmedRectangle([(PK.trimPathEnd, .float32(0.5))])
        #expect(list.drawCalls.first?.path.commands.count == 6)
        #expect(list.notes.contains { $0.feature == "TrimPath" })
    }
}
