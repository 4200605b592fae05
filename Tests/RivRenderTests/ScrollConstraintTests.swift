import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// Scroll constraints at rest, on small artboards written with the project's encoder:
/// a viewport and its content (layout components), the constraint under the content and
/// a layout component holding a rectangle at (50, 40) under it.
@Suite("scroll constraints at rest")
struct ScrollConstraintTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey

    /// The artboard with a scroll constraint of `properties` (objects: 1 the layout style,
    /// 2 the viewport, 3 the content, 4 the constraint, 5 the scrolled item, 6 to 9 its rectangle).
    static func file(_ properties: SetupPoseTests.Properties) throws -> RivFile {
        let style = (PK.layoutComponentStyleId, PropertyValue.uint(1))
        var objects: [(UInt16, SetupPoseTests.Properties)] = [
            (TK.layoutComponentStyle, [SetupPoseTests.parent(0)]),
            (TK.layoutComponent, [SetupPoseTests.parent(0), style]),
            (TK.layoutComponent, [SetupPoseTests.parent(2), style]),
            (TK.scrollConstraint, [SetupPoseTests.parent(3)] + properties),
            (TK.layoutComponent, [SetupPoseTests.parent(3), style]),
        ]
        objects += SetupPoseTests.filledRectangle(at: 50, 40, parentIndex: 5, shapeIndex: 6, color: 0xFF00_0000)
        return try SetupPoseTests.file(objects)
    }

    static func translation(_ properties: SetupPoseTests.Properties) throws -> RenderTransform? {
        try ArtboardRenderer(file: try file(properties)).setupPose(artboardIndex: 0).drawCalls.first?.transform
    }

    static let offsets: SetupPoseTests.Properties = [(PK.scrollConstraintScrollOffsetX, .float32(30)), (PK.scrollConstraintScrollOffsetY, .float32(15))]

    @Test("a finite scroll stays at 0 without layout, whatever its stored offset: every box measures 0, so the range it may travel is 0...0")
    func finiteScrollIsClamped() throws {
        let transform = try #require(try Self.translation(Self.offsets + [(PK.draggableConstraintDirectionValue, .uint(2))]))
        #expect(abs(transform.tx - 50) < 1e-9 && abs(transform.ty - 40) < 1e-9)
    }

    @Test("an infinite scroll moves its content by the stored offset on the axes its direction constrains, blended in by the strength")
    func infiniteScrollMoves() throws {
        let infinite: SetupPoseTests.Properties = Self.offsets + [(PK.scrollConstraintInfinite, .uint(1))]
        let both = try #require(try Self.translation(infinite + [(PK.draggableConstraintDirectionValue, .uint(2))]))
        #expect(abs(both.tx - 80) < 1e-9 && abs(both.ty - 55) < 1e-9)
        let vertical = try #require(try Self.translation(infinite))
        #expect(abs(vertical.tx - 50) < 1e-9 && abs(vertical.ty - 55) < 1e-9)
        let half = try #require(try Self.translation(infinite + [(PK.draggableConstraintDirectionValue, .uint(0)), (PK.constraintStrength, .float32(0.5))]))
        #expect(abs(half.tx - 65) < 1e-9 && abs(half.ty - 40) < 1e-9)
    }

    @Test("the scroll constraint is applied, not noted")
    func notNoted() throws {
        let list = try ArtboardRenderer(file: try Self.file(Self.offsets)).setupPose(artboardIndex: 0)
        #expect(!list.notes.contains { $0.feature == "ScrollConstraint" })
    }

    @Test("riv_render draws scroll constraints at rest as we do", .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        let infinite: SetupPoseTests.Properties = Self.offsets + [(PK.scrollConstraintInfinite, .uint(1))]
        for properties in [Self.offsets + [(PK.draggableConstraintDirectionValue, .uint(2))], infinite, infinite + [(PK.draggableConstraintDirectionValue, .uint(2))],
                           infinite + [(PK.draggableConstraintDirectionValue, .uint(0)), (PK.constraintStrength, .float32(0.5))]] {
            let file = try Self.file(properties)
            #expect(try FixtureOracle.difference(file, scene: "none") == nil)
            #expect(try FixtureOracle.difference(file, scene: "default") == nil)
        }
    }
}
