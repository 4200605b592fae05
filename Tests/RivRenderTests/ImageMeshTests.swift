import RivFormat
import RivPNG
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// Image meshes on a small artboard written with the project's encoder: a 2×1
/// picture (red, blue) drawn through a quad of two triangles, plain or skinned.
@Suite("image meshes")
struct ImageMeshTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey
    typealias Properties = SetupPoseTests.Properties

    /// An image (1) at (50, 50) with a mesh (2) whose four vertices span
    /// (−20, −10)...(20, 10) over the whole picture; with `skinned`, a root bone at
    /// (10, 5) moves every vertex through the mesh's skin.
    static func file(skinned: Bool) throws -> RivFile {
        let png = try PNGImage(rgba8: [255, 0, 0, 255, 0, 0, 255, 255], width: 2, height: 1).encodedQuickly()
        var objects: [(UInt16, Properties)] = [(TK.mesh, [SetupPoseTests.parent(1), (PK.meshTriangleIndexBytes, .bytes([0, 1, 2, 0, 2, 3]))])]
        if skinned {
            objects += [(TK.rootBone, [SetupPoseTests.parent(0), (PK.rootBoneX, .float32(10)), (PK.rootBoneY, .float32(5)), (PK.boneLength, .float32(10))]),
                        (TK.skin, [SetupPoseTests.parent(2)]),
                        (TK.tendon, [SetupPoseTests.parent(4), (PK.tendonBoneId, .uint(3))])]
        }
        let corners: [(Float, Float, Float, Float)] = [(-20, -10, 0, 0), (20, -10, 1, 0), (20, 10, 1, 1), (-20, 10, 0, 1)]
        for (x, y, u, v) in corners {
            let vertex = UInt64(objects.count + 2)
            objects.append((TK.meshVertex, [SetupPoseTests.parent(2), (PK.vertexX, .float32(x)), (PK.vertexY, .float32(y)),
                                            (PK.meshVertexU, .float32(u)), (PK.meshVertexV, .float32(v))]))
            if skinned { objects.append((TK.weight, [SetupPoseTests.parent(vertex), (PK.weightValues, .uint(255)), (PK.weightIndices, .uint(1))])) }
        }
        return try PictureTests.imageFile(png, objects: objects)
    }

    @Test("a mesh draws its image through its triangles under the image's world transform; a skinned one in the artboard's space")
    func drawsThroughItsTriangles() throws {
        let list = try ArtboardRenderer(file: try Self.file(skinned: false)).setupPose(artboardIndex: 0)
        let call = try #require(list.meshCalls.first)
        #expect(list.commands.count == 1 && list.notes.isEmpty)
        #expect(call.transform == .translation(50, 50) && call.width == 2 && call.height == 1 && call.indices == [0, 1, 2, 0, 2, 3])
        #expect(call.vertices.first == RenderPoint(x: -20, y: -10) && call.uvs[2] == RenderPoint(x: 1, y: 1))
        #expect(call.triangles.count == 2)
        #expect(list.jsonLines().contains("\"op\":\"drawImageMesh\""))
        #expect(list.svg().contains("<use href=\"#image0\""))
        // Left half red, right half blue (sampled bilinearly), nothing outside.
        let picture = try list.png()
        let left = try PictureTests.pixel(picture, 36, 50), right = try PictureTests.pixel(picture, 64, 50)
        #expect(left[0] > 200 && left[2] < 55 && left[3] == 255, "\(left)")
        #expect(right[2] > 200 && right[0] < 55 && right[3] == 255, "\(right)")
        #expect(try PictureTests.pixel(picture, 20, 50) == [0, 0, 0, 0])

        let skinned = try #require(try ArtboardRenderer(file: try Self.file(skinned: true)).setupPose(artboardIndex: 0).meshCalls.first)
        #expect(skinned.transform == .identity)
        #expect(skinned.vertices.first == RenderPoint(x: -10, y: -5))
    }

    @Test("a mesh whose triangles name a vertex it lacks is not drawn, with a note")
    func badIndices() throws {
        var bytes = Array(try Self.file(skinned: false).bytes(in: 0..<Int.max))
        // The index bytes 0 1 2 0 2 3 become 0 1 2 0 2 9.
        let at = try #require(bytes.indices.first { bytes[$0..<min($0 + 6, bytes.count)].elementsEqual([0, 1, 2, 0, 2, 3]) })
        bytes[at + 5] = 9
        let list = try ArtboardRenderer(file: try RivFile(bytes: bytes)).setupPose(artboardIndex: 0)
        #expect(list.commands.isEmpty && list.notes.map(\.feature) == ["mesh"])
    }

    @Test("the mesh fixtures draw as Rive's runtime draws them",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for skinned in [false, true] {
            #expect(try FixtureOracle.difference(try Self.file(skinned: skinned), scene: "none") == nil)
        }
    }
}
