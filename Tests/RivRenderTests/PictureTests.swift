import RivFormat
import RivPNG
import RivRender
import RivTestSupport
import Testing

/// Display lists drawn to PNG by RivRaster.
@Suite("the PNG of small artboards")
struct PictureTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey

    /// The straight RGBA of `picture`'s pixel at (x, y).
    static func pixel(_ picture: RenderedPicture, _ x: Int, _ y: Int) throws -> [UInt8] {
        let image = try PNGImage(decoding: picture.png)
        let at = (y * image.header.width + x) * 4
        return image.rgba16()[at..<at + 4].map { UInt8($0 >> 8) }
    }

    @Test("a rectangle at the artboard's size and at a width: its colour inside, transparent where nothing is drawn; the height keeps the aspect")
    func rectangle() throws {
        let file = try SetupPoseTests.file(SetupPoseTests.filledRectangle(at: 30, 40, parentIndex: 0, shapeIndex: 1, color: 0xFF11_2233))
        let list = try ArtboardRenderer(file: file).setupPose(artboardIndex: 0)
        let full = try list.png()
        #expect(full.width == 200 && full.height == 100 && full.notes.isEmpty)
        #expect(try Self.pixel(full, 30, 40) == [0x11, 0x22, 0x33, 255])
        #expect(try Self.pixel(full, 150, 80) == [0, 0, 0, 0])
        let half = try list.png(width: 100)
        #expect(half.width == 100 && half.height == 50)
        #expect(try Self.pixel(half, 15, 20) == [0x11, 0x22, 0x33, 255])
        #expect(try list.pictureSize(width: 333) == (333, 167))
    }

    @Test("an absurd width and an artboard without area are typed errors, before anything is allocated")
    func bounds() throws {
        let list = try ArtboardRenderer(file: try SetupPoseTests.file([])).setupPose(artboardIndex: 0)
        #expect(throws: RenderError.pictureTooLarge(width: 1_000_000, height: 500_000)) { try list.png(width: 1_000_000) }
        #expect(throws: RenderError.self) { try list.png(width: 16384) }
        var empty = list
        empty.width = 0
        #expect(throws: RenderError.emptyArtboard(width: 0, height: 100)) { try empty.png() }
    }

    /// A file whose artboard (200×100) holds an image (object 1, with `image`'s own
    /// properties added) of the embedded `bytes` at (50, 50), then `objects`.
    static func imageFile(_ bytes: [UInt8], image: SetupPoseTests.Properties = [], objects: [(UInt16, SetupPoseTests.Properties)] = []) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("pic.png")), (PK.fileAssetAssetId, .uint(7))])
        encoder.appendObject(typeKey: TK.fileAssetContents, properties: [(PK.fileAssetContentsBytes, .bytes(bytes))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.layoutComponentWidth, .float32(200)), (PK.layoutComponentHeight, .float32(100)),
                                                                (PK.layoutComponentClip, .uint(0))])
        encoder.appendObject(typeKey: TK.image, properties: [SetupPoseTests.parent(0), (PK.imageAssetId, .uint(0)), (PK.nodeX, .float32(50)), (PK.nodeY, .float32(50))] + image)
        for (type, properties) in objects { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("an embedded PNG is decoded and drawn pixel for pixel about the image's origin; a damaged one is left out with a note")
    func image() throws {
        // Red, green / blue, white: 2×2, drawn over (49, 49)-(51, 51).
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let png = try PNGImage(rgba8: pixels, width: 2, height: 2).encodedQuickly()
        let picture = try ArtboardRenderer(file: try Self.imageFile(png)).setupPose(artboardIndex: 0).png()
        #expect(picture.notes.isEmpty)
        #expect(try Self.pixel(picture, 49, 49) == [255, 0, 0, 255])
        #expect(try Self.pixel(picture, 50, 49) == [0, 255, 0, 255])
        #expect(try Self.pixel(picture, 49, 50) == [0, 0, 255, 255])
        #expect(try Self.pixel(picture, 50, 50) == [255, 255, 255, 255])
        #expect(try Self.pixel(picture, 48, 49) == [0, 0, 0, 0])

        // A PNG header with no image data behind it: its size is known, its pixels are not.
        let damaged = try ArtboardRenderer(file: try Self.imageFile(Payload.png(64))).setupPose(artboardIndex: 0)
        #expect(damaged.imageCalls.count == 1)
        let left = try damaged.png()
        #expect(left.notes.map(\.feature) == ["image"] && left.notes[0].message.hasPrefix("image asset 0 (image/png) is left out: "))
        #expect(try Self.pixel(left, 49, 49) == [0, 0, 0, 0])
    }
}
