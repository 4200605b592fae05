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

    @Test("a trim of an unknown mode is noted and not applied")
    func unknownMode() throws {
        let list = try Self.trimmedRectangle([(PK.trimPathEnd, .float32(0.5))])
        #expect(list.drawCalls.first?.path.commands.count == 6)
        #expect(list.notes.contains { $0.feature == "TrimPath" })
    }
}
