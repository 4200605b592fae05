import RivFormat
import RivRender
import Testing

/// Bones and skins on small artboards written with the project's encoder.
@Suite("bones and skins at the setup pose")
struct BoneTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey

    /// A root bone of length 50 turned by `rotation` with a child bone of length 30,
    /// and an open path of two vertices, (50, 0) bound to the root bone and (80, 0)
    /// to the child, bound where the bones lie unturned.
    static func chain(rotation: Float) throws -> DisplayList {
        let objects: [(UInt16, SetupPoseTests.Properties)] = [
            (TK.rootBone, [SetupPoseTests.parent(0), (PK.boneLength, .float32(50)), (PK.transformComponentRotation, .float32(rotation))]),
            (TK.bone, [SetupPoseTests.parent(1), (PK.boneLength, .float32(30))]),
            (TK.shape, [SetupPoseTests.parent(0)]),
            (TK.pointsPath, [SetupPoseTests.parent(3)]),
            (TK.straightVertex, [SetupPoseTests.parent(4), (PK.vertexX, .float32(50)), (PK.vertexY, .float32(0))]),
            (TK.weight, [SetupPoseTests.parent(5), (PK.weightValues, .uint(255)), (PK.weightIndices, .uint(1))]),
            (TK.straightVertex, [SetupPoseTests.parent(4), (PK.vertexX, .float32(80)), (PK.vertexY, .float32(0))]),
            (TK.weight, [SetupPoseTests.parent(7), (PK.weightValues, .uint(255)), (PK.weightIndices, .uint(2))]),
            (TK.skin, [SetupPoseTests.parent(4)]),
            (TK.tendon, [SetupPoseTests.parent(9), (PK.tendonBoneId, .uint(1))]),
            (TK.tendon, [SetupPoseTests.parent(9), (PK.tendonBoneId, .uint(2)), (PK.tendonTx, .float32(50))]),
            (TK.fill, [SetupPoseTests.parent(3)]),
            (TK.solidColor, [SetupPoseTests.parent(12), (PK.solidColorColorValue, .color(0xFF00_0000))]),
        ]
        return try ArtboardRenderer(file: try SetupPoseTests.file(objects)).setupPose(artboardIndex: 0)
    }

    @Test("at the bind pose a skinned path stays where it was drawn")
    func bindPose() throws {
        let call = try #require(try Self.chain(rotation: 0).drawCalls.first)
        #expect(PathEffectTests.points(call.path) == ["M50.0,0.0", "L80.0,0.0"])
    }

    @Test("turning the root bone a quarter turn carries both vertices with the chain; no bones note")
    func turnedChain() throws {
        let list = try Self.chain(rotation: .pi / 2)
        let call = try #require(list.drawCalls.first)
        #expect(PathEffectTests.points(call.path) == ["M-0.0,50.0", "L-0.0,80.0"] || PathEffectTests.points(call.path) == ["M0.0,50.0", "L0.0,80.0"])
        #expect(!list.notes.contains { ["bones", "Bone", "RootBone", "Skin"].contains($0.feature) })
    }
}
