import RivFormat
import RivPNG
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// N-slicing on a small artboard written with the project's encoder: an 8×8 image
/// scaled 3 × 2, cut by two x axes (pixels) and two y axes (fractions) into nine
/// patches, the top left one hidden and the middle one repeated.
@Suite("N-slicing")
struct NSlicerTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey
    typealias Properties = SetupPoseTests.Properties

    /// The image (1) with its N-slicer (2), axes at 2 and 6 px across and a quarter and
    /// three quarters down, and `tileModes` (patch index, style).
    static func file(tileModes: [(patch: UInt64, style: UInt64)] = [(0, 2), (4, 1)]) throws -> RivFile {
        var pixels: [UInt8] = []
        for index in 0..<64 { pixels += [UInt8(index * 4), UInt8(255 - index * 4), 128, 255] }
        let png = try PNGImage(rgba8: pixels, width: 8, height: 8).encodedQuickly()
        var objects: [(UInt16, Properties)] = [
            (TK.nSlicer, [SetupPoseTests.parent(1)]),
            (TK.axisX, [SetupPoseTests.parent(2), (PK.axisOffset, .float32(2))]),
            (TK.axisX, [SetupPoseTests.parent(2), (PK.axisOffset, .float32(6))]),
            (TK.axisY, [SetupPoseTests.parent(2), (PK.axisOffset, .float32(0.25)), (PK.axisNormalized, .uint(1))]),
            (TK.axisY, [SetupPoseTests.parent(2), (PK.axisOffset, .float32(0.75)), (PK.axisNormalized, .uint(1))]),
        ]
        for (patch, style) in tileModes {
            objects.append((TK.nSlicerTileMode, [SetupPoseTests.parent(2), (PK.nSlicerTileModePatchIndex, .uint(patch)), (PK.nSlicerTileModeStyle, .uint(style))]))
        }
        return try PictureTests.imageFile(png, image: [(PK.transformComponentScaleX, .float32(3)), (PK.transformComponentScaleY, .float32(2))], objects: objects)
    }

    @Test("an N-slicer draws the image as a mesh of patches: the corners keep their pixels under the scale, the middle repeats in tiles")
    func slices() throws {
        let list = try ArtboardRenderer(file: try Self.file()).setupPose(artboardIndex: 0)
        #expect(list.notes.isEmpty)
        let call = try #require(list.meshCalls.first)
        #expect(call.transform == RenderTransform(a: 3, b: 0, c: 0, d: 2, tx: 38, ty: 42))
        // The first patch drawn is the top middle one: x from 2 px to 6 px of the picture
        // (8 × 0.25 / 3 and the rest of the width less 2 px / 3), y from 0 to 2 px / 2.
        let x0 = Double(Float(2) / 3), x1 = Double(Float(8) - Float(2) / 3)
        #expect(call.vertices.prefix(4).map { [$0.x, $0.y] }.allSatisfy { abs($0[0] - x0) < 1e-5 || abs($0[0] - x1) < 1e-5 })
        #expect(call.uvs.prefix(4) == [RenderPoint(x: 0.25, y: 0), RenderPoint(x: 0.75, y: 0), RenderPoint(x: 0.75, y: 0.25), RenderPoint(x: 0.25, y: 0.25)])
        // Seven stretched patches and the middle one in 5 × 3 tiles, four vertices each.
        #expect(call.vertices.count == 4 * (7 + 15) && call.indices.count == 6 * (7 + 15))
        let stretched = try #require(try ArtboardRenderer(file: try Self.file(tileModes: [])).setupPose(artboardIndex: 0).meshCalls.first)
        #expect(stretched.vertices.count == 36)
        let hidden = try ArtboardRenderer(file: try Self.file(tileModes: (0..<9).map { ($0, 2) })).setupPose(artboardIndex: 0)
        #expect(hidden.commands.isEmpty)
    }

    @Test("a repeated patch stops at the point budget, with a note")
    func budget() throws {
        let list = try ArtboardRenderer(file: try Self.file(), limits: RenderLimits(points: 100)).setupPose(artboardIndex: 0)
        #expect(list.commands.isEmpty && list.notes.map(\.feature) == ["point budget"])
    }

    @Test("the N-slicer fixtures draw as Rive's runtime draws them",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for modes: [(patch: UInt64, style: UInt64)] in [[(0, 2), (4, 1)], [], [(1, 1), (3, 1), (8, 2)]] {
            #expect(try FixtureOracle.difference(try Self.file(tileModes: modes), scene: "none") == nil)
        }
    }
}
