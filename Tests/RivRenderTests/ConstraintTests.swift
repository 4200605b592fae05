import RivFormat
import RivRender
import Testing

/// Constraints on small artboards written with the project's encoder.
@Suite("constraints at the setup pose")
struct ConstraintTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey

    /// A node at (10, 20) (object 1), then a filled rectangle's shape at (100, 50)
    /// (objects 2 to 5) under `constraint`'s properties, a constraint of `kind` on the shape.
    static func constrained(_ kind: UInt16, _ constraint: SetupPoseTests.Properties, node: SetupPoseTests.Properties = []) throws -> DisplayList {
        var objects: [(UInt16, SetupPoseTests.Properties)] = [(TK.node, [SetupPoseTests.parent(0), (PK.nodeX, .float32(10)), (PK.nodeY, .float32(20))] + node)]
        objects += SetupPoseTests.filledRectangle(at: 100, 50, parentIndex: 0, shapeIndex: 2, color: 0xFF00_0000)
        objects.append((kind, [SetupPoseTests.parent(2)] + constraint))
        return try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
    }

    @Test("a translation constraint at half strength moves the shape halfway to its target")
    func translation() throws {
        let list = try Self.constrained(TK.translationConstraint, [(PK.targetedConstraintTargetId, .uint(1)), (PK.constraintStrength, .float32(0.5))])
        let call = try #require(list.drawCalls.first)
        #expect(call.transform == .translation(55, 35))
        #expect(!list.notes.contains { $0.feature == "TranslationConstraint" })
    }

    @Test("a translation constraint's maximum clamps the copied position")
    func translationClamp() throws {
        let list = try Self.constrained(TK.translationConstraint, [(PK.targetedConstraintTargetId, .uint(1)), (PK.transformComponentConstraintMax, .uint(1)),
                                                                   (PK.transformComponentConstraintMaxValue, .float32(5))])
        #expect(list.drawCalls.first?.transform == .translation(5, 20))
    }

    @Test("a translation constraint with offset adds a root bone's own x and y")
    func translationOffsetOnRootBone() throws {
        var objects: [(UInt16, SetupPoseTests.Properties)] = [
            (TK.node, [SetupPoseTests.parent(0), (PK.nodeX, .float32(10)), (PK.nodeY, .float32(20))]),
            (TK.rootBone, [SetupPoseTests.parent(0), (PK.rootBoneX, .float32(30)), (PK.boneLength, .float32(5))]),
            (TK.translationConstraint, [SetupPoseTests.parent(2), (PK.targetedConstraintTargetId, .uint(1)), (PK.transformComponentConstraintOffset, .uint(1))]),
        ]
        objects += SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 2, shapeIndex: 4, color: 0xFF00_0000)
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.first?.transform == .translation(40, 20))
    }

    @Test("a distance constraint pulls the shape to within its distance of the target, and leaves it when it is already closer")
    func distance() throws {
        let pulled = try Self.constrained(TK.distanceConstraint, [(PK.targetedConstraintTargetId, .uint(1)), (PK.distanceConstraintDistance, .float32(10))],
                                          node: [(PK.nodeX, .float32(100)), (PK.nodeY, .float32(20))])
        #expect(pulled.drawCalls.first?.transform == .translation(100, 30))
        let left = try Self.constrained(TK.distanceConstraint, [(PK.targetedConstraintTargetId, .uint(1))], node: [(PK.nodeX, .float32(100)), (PK.nodeY, .float32(20))])
        #expect(left.drawCalls.first?.transform == .translation(100, 50))
    }

    @Test("a rotation constraint copies the target's rotation, keeping the shape where it is")
    func rotation() throws {
        let list = try Self.constrained(TK.rotationConstraint, [(PK.targetedConstraintTargetId, .uint(1))],
                                        node: [(PK.transformComponentRotation, .float32(Float.pi / 2))])
        let call = try #require(list.drawCalls.first)
        #expect(abs(call.transform.a) < 1e-6 && abs(call.transform.b - 1) < 1e-6 && abs(call.transform.c + 1) < 1e-6)
        #expect(call.transform.tx == 100 && call.transform.ty == 50)
    }

    @Test("a scale constraint and a transform constraint take the target's scale, or its whole transform")
    func scaleAndTransform() throws {
        let node: SetupPoseTests.Properties = [(PK.transformComponentScaleX, .float32(2)), (PK.transformComponentScaleY, .float32(3))]
        let scaled = try #require(try Self.constrained(TK.scaleConstraint, [(PK.targetedConstraintTargetId, .uint(1))], node: node).drawCalls.first)
        #expect(scaled.transform == RenderTransform(a: 2, b: 0, c: 0, d: 3, tx: 100, ty: 50))
        let moved = try #require(try Self.constrained(TK.transformConstraint, [(PK.targetedConstraintTargetId, .uint(1))], node: node).drawCalls.first)
        #expect(moved.transform == RenderTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
    }

    @Test("an IK constraint bends a two-bone chain so that its tip reaches the target")
    func twoBoneIK() throws {
        var objects: [(UInt16, SetupPoseTests.Properties)] = [
            (TK.node, [SetupPoseTests.parent(0), (PK.nodeX, .float32(50)), (PK.nodeY, .float32(50))]),
            (TK.rootBone, [SetupPoseTests.parent(0), (PK.boneLength, .float32(50))]),
            (TK.bone, [SetupPoseTests.parent(2), (PK.boneLength, .float32(50))]),
            (TK.ikConstraint, [SetupPoseTests.parent(3), (PK.targetedConstraintTargetId, .uint(1)), (PK.ikConstraintParentBoneCount, .uint(1))]),
        ]
        objects += SetupPoseTests.filledRectangle(at: 50, 0, parentIndex: 3, shapeIndex: 5, color: 0xFF00_0000)
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(abs(call.transform.tx - 50) < 1e-6 && abs(call.transform.ty - 50) < 1e-6)
        #expect(abs(call.transform.a - 1) < 1e-6 && abs(call.transform.b) < 1e-6)
        #expect(!list.notes.contains { $0.feature == "IKConstraint" })
    }

    @Test("a follow path constraint puts the shape halfway along its target's outline, turned along it")
    func followPath() throws {
        var objects = SetupPoseTests.filledRectangle(at: 100, 50, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)
        objects += SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 5, color: 0xFF00_0000)
        objects.append((TK.followPathConstraint, [SetupPoseTests.parent(5), (PK.targetedConstraintTargetId, .uint(1)),
                                                  (PK.followPathConstraintDistance, .float32(0.5))]))
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(abs(call.transform.tx - 120) < 1e-4 && abs(call.transform.ty - 60) < 1e-4)
        #expect(abs(call.transform.a) < 1e-6 && abs(call.transform.b - 1) < 1e-6)
        #expect(!list.notes.contains { $0.feature == "FollowPathConstraint" })
    }

    @Test("constraints that target each other stop the update order with a note, never hang")
    func cycle() throws {
        var objects = SetupPoseTests.filledRectangle(at: 10, 10, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)
        objects += SetupPoseTests.filledRectangle(at: 50, 50, parentIndex: 0, shapeIndex: 5, color: 0xFF00_0000)
        objects.append((TK.translationConstraint, [SetupPoseTests.parent(1), (PK.targetedConstraintTargetId, .uint(5))]))
        objects.append((TK.translationConstraint, [SetupPoseTests.parent(5), (PK.targetedConstraintTargetId, .uint(1))]))
        let list = try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.notes.contains { $0.feature == "dependency cycle" })
    }
}
