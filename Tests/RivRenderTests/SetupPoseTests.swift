import Foundation
import RivFormat
@testable import RivRender
import RivTestSupport
import Testing

/// Small artboards written with the project's encoder, drawn at their setup pose.
@Suite("the setup pose of small artboards")
struct SetupPoseTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey
    typealias Properties = [(key: UInt16, value: PropertyValue)]

    /// A file with one artboard of 200×100 (its own properties added) holding `objects`.
    static func file(_ objects: [(UInt16, Properties)], artboard: Properties = []) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100)), (PK.layoutComponentClip, .uint(0))] + artboard)
        for (type, properties) in objects { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    static func parent(_ index: UInt64) -> (key: UInt16, value: PropertyValue) { (PK.componentParentId, .uint(index)) }

    /// A shape at (x, y) under `parentIndex` holding a 40×20 rectangle and a solid fill of `color`:
    /// four objects (shape, rectangle, fill, colour).
    static func filledRectangle(at x: Float, _ y: Float, parentIndex: UInt64, shapeIndex: UInt64, color: UInt32) -> [(UInt16, Properties)] {
        [(TK.shape, [parent(parentIndex), (PK.nodeX, .float32(x)), (PK.nodeY, .float32(y))]),
         (TK.rectangle, [parent(shapeIndex), (PK.parametricPathWidth, .float32(40)), (PK.parametricPathHeight, .float32(20))]),
         (TK.fill, [parent(shapeIndex)]),
         (TK.solidColor, [parent(shapeIndex + 2), (PK.solidColorColorValue, .color(color))])]
    }

    @Test("a rectangle's fill is one drawPath: the rectangle about its origin, under the shape's transform")
    func rectangleFill() throws {
        let file = try Self.file(Self.filledRectangle(at: 30, 40, parentIndex: 0, shapeIndex: 1, color: 0xFF11_2233))
        let list = try ArtboardRenderer(file: file).setupPose(artboardIndex: 0)
        #expect(list.commands.count == 1)
        let call = try #require(list.drawCalls.first)
        #expect(call.transform == .translation(30, 40))
        #expect(call.paint.color == 0xFF11_2233)
        #expect(call.paint.style == .fill)
        #expect(call.path.commands == [.move(RenderPoint(x: -20, y: -10)), .line(RenderPoint(x: 20, y: -10)), .line(RenderPoint(x: 20, y: 10)),
                                       .line(RenderPoint(x: -20, y: 10)), .line(RenderPoint(x: -20, y: -10)), .close])
        #expect(list.notes.isEmpty)
    }

    @Test("drawables later in the file are drawn first; opacity modulates the colour's alpha")
    func drawOrderAndOpacity() throws {
        let first = Self.filledRectangle(at: 10, 10, parentIndex: 0, shapeIndex: 1, color: 0xFFFF_0000)
        var second = Self.filledRectangle(at: 50, 50, parentIndex: 0, shapeIndex: 5, color: 0xFF00_00FF)
        second[0].1.append((PK.worldTransformComponentOpacity, .float32(0.5)))
        let list = try ArtboardRenderer(file: try Self.file(first + second)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.map(\.paint.color) == [0x8000_00FF, 0xFFFF_0000])
    }

    @Test("a clipping shape clips the drawables under its parent, with its source's path in the artboard's space")
    func clipping() throws {
        var objects = Self.filledRectangle(at: 100, 50, parentIndex: 0, shapeIndex: 1, color: 0xFF00_FF00)
        objects.append((TK.clippingShape, [Self.parent(1), (PK.clippingShapeSourceId, .uint(6))]))
        objects += Self.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 6, color: 0x0000_0000)
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        guard list.commands.count == 3, case .clipPath(let clip) = list.commands[1], case .drawPath(let clipped) = list.commands[2] else {
            Issue.record("expected draw, clip, draw: \(list.commands)")
            return
        }
        #expect(clip.path.commands.first == .move(RenderPoint(x: -20, y: -10)))
        #expect(clipped.clips == [0])
        #expect(list.drawCalls.first?.clips == [])
    }

    @Test("a parent loop and a parent out of range are dropped with notes, never followed")
    func parentLoop() throws {
        let objects: [(UInt16, Properties)] = [
            (TK.node, [Self.parent(2)]), (TK.node, [Self.parent(1)]),
            (TK.shape, [Self.parent(900)]),
        ] + Self.filledRectangle(at: 0, 0, parentIndex: 1, shapeIndex: 4, color: 0xFFFF_FFFF)
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.commands.isEmpty)
        #expect(list.notes.map(\.feature) == ["hierarchy"])
        #expect(list.notes.first?.message.contains("2 times") == true)
    }

    @Test("a polygon with an absurd count of points is drawn with a bounded number, and says so")
    func absurdPolygon() throws {
        let objects: [(UInt16, Properties)] = [
            (TK.shape, [Self.parent(0)]),
            (TK.polygon, [Self.parent(1), (PK.polygonPoints, .uint(UInt64(UInt32.max))), (PK.parametricPathWidth, .float32(10)), (PK.parametricPathHeight, .float32(10))]),
            (TK.fill, [Self.parent(1)]), (TK.solidColor, [Self.parent(3)]),
        ]
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.first?.path.commands.count == 10_002)
        #expect(list.notes.map(\.feature) == ["limit"])
    }

    @Test("an opacity that is not a number draws the colour transparent instead of crashing (fuzz invariant 15)")
    func notANumberOpacity() throws {
        var objects = Self.filledRectangle(at: 30, 40, parentIndex: 0, shapeIndex: 1, color: 0xFF11_2233)
        objects[0].1.append((PK.worldTransformComponentOpacity, .float32(.nan)))
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.map(\.paint.color) == [0x0011_2233])
    }

    @Test("a call whose transform is not finite is left out with a note; the finite ones are drawn (fuzz invariant 15)")
    func nonFiniteTransform() throws {
        let objects = Self.filledRectangle(at: .infinity, 40, parentIndex: 0, shapeIndex: 1, color: 0xFF11_2233)
            + Self.filledRectangle(at: 30, 40, parentIndex: 0, shapeIndex: 5, color: 0xFF00_00FF)
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.map(\.paint.color) == [0xFF00_00FF])
        #expect(list.drawCalls.allSatisfy { $0.transform.values.allSatisfy(\.isFinite) })
        #expect(list.notes.map(\.feature) == ["non-finite"])
    }

    @Test("a finite value past the float range is written as a number the JSON and SVG read, not inf (fuzz invariant 15)")
    func pastFloatRange() throws {
        // A node at x = 3e38 holds a shape at x = 3e38: the shape's world x is 6e38. A shape maps its
        // paths in single precision, as the runtime does, where 6e38 is infinite: that call is left
        // out with a note. A finite value past the float range can still reach the writers (an
        // artboard's width times its origin): it prints as the double.
        let objects: [(UInt16, Properties)] = [(TK.node, [Self.parent(0), (PK.nodeX, .float32(3e38))])]
            + Self.filledRectangle(at: 3e38, 0, parentIndex: 1, shapeIndex: 2, color: 0xFF11_2233)
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.isEmpty && list.notes.map(\.feature) == ["non-finite"])
        for line in list.jsonLines().split(separator: "\n") {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], "\(line)")
        }
        #expect(NumberText.number(6e38) == "6e+38" && NumberText.number(-Double(Float.greatestFiniteMagnitude) * 2) == "-6.805646932770577e+38")
    }

    @Test("the fuzz regression Fuzz/regressions/render-non-finite.riv (a NaN opacity, an infinite x) draws finite calls at every scene instead of trapping")
    func nonFiniteRegression() throws {
        // Written by hand: RIVE 7.0, a 200×100 artboard, a shape of opacity NaN and one at x = +infinity, each with a filled rectangle.
        let url = SharedData.packageRoot.appendingPathComponent("Fuzz/regressions/render-non-finite.riv")
        let renderer = ArtboardRenderer(file: try RivFile(bytes: Array(try Data(contentsOf: url))))
        for list in [try renderer.setupPose(artboardIndex: 0), try renderer.render(artboardIndex: 0),
                     try renderer.render(artboardIndex: 0, options: SceneOptions(steps: [0, 0.5, 1.25]))] {
            #expect(list.drawCalls.map(\.paint.color) == [0x0011_2233])
            #expect(list.notes.map(\.feature).contains("non-finite"))
        }
    }

    @Test("the JSON carries a schema version and the notes; the SVG escapes names and lists the notes in a comment")
    func writers() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("referenced.png")), (PK.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("<a&\"b\">\u{1}")), (PK.layoutComponentWidth, .float32(10)),
                                                                (PK.layoutComponentHeight, .float32(10))])
        encoder.appendObject(typeKey: TK.image, properties: [(PK.componentParentId, .uint(0)), (PK.imageAssetId, .uint(0))])
        let list = try ArtboardRenderer(file: try RivFile(bytes: encoder.bytes)).setupPose(artboardIndex: 0)
        let json = list.jsonLines()
        #expect(json.hasPrefix("{\"op\":\"header\",\"schemaVersion\":1,\"artboard\":\"<a&\\\"b\\\">\\u0001\""))
        #expect(json.contains("\"feature\":\"image\""))
        let svg = list.svg()
        #expect(svg.contains("<title>&lt;a&amp;&quot;b&quot;&gt;&#xFFFD;</title>"))
        #expect(svg.contains("viewBox=\"0 0 10 10\""))
        #expect(svg.contains("<!-- not drawn:\n  image: "))
        // The artboard clips by default: one clip of its bounds, nothing drawn.
        #expect(list.clipCalls.count == 1)
    }

    @Test("an artboard index or name that does not exist is a typed error")
    func missingArtboard() throws {
        let renderer = ArtboardRenderer(file: try Self.file([]))
        #expect(throws: RenderError.noArtboardAtIndex(3, count: 1)) { try renderer.setupPose(artboardIndex: 3) }
        #expect(throws: RenderError.noArtboardNamed("Other", available: ["Main"])) { try renderer.artboardIndex(named: "Other") }
    }

    @Test("a refusal shows the file's names escaped for a terminal, and at most a dozen of them")
    func hostileNamesInRefusals() {
        let names = (0..<40).map { "Board\u{1b}]0;\($0)" }
        let text = RenderError.noArtboardNamed("\u{202e}x", available: names).description
        #expect(text.hasPrefix("the file has no artboard named \"\\u{202e}x\" (it has: \"Board\\x1b]0;0\", \"Board\\x1b]0;1\", "), "\(text)")
        #expect(text.hasSuffix("\"Board\\x1b]0;11\" and 28 more)"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }
}

extension SetupPoseTests {
    @Test("a clockwise fill draws a hole backwards, as the runtime's local clockwise path")
    func clockwiseHole() throws {
        var objects = Self.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)
        objects[1].1.append((PK.pathIsHole, .uint(1)))
        objects[2].1.append((PK.fillFillRule, .uint(2)))
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(call.fillRule == .clockwise)
        #expect(call.path.commands == [.move(RenderPoint(x: -20, y: -10)), .line(RenderPoint(x: -20, y: 10)), .line(RenderPoint(x: 20, y: 10)),
                                       .line(RenderPoint(x: 20, y: -10)), .line(RenderPoint(x: -20, y: -10)), .close])
    }

    @Test("draw rules move a drawable next to its target's drawable: placed before it in the list, it is drawn over it")
    func drawRules() throws {
        // Two shapes (1 red, 5 blue): blue is drawn first by hierarchy order. Rules on
        // shape 5 with a target "before shape 1" (placement 0) draw it over red.
        var objects = Self.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFFFF_0000)
        objects += Self.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 5, color: 0xFF00_00FF)
        objects.append((TK.drawRules, [Self.parent(5), (PK.drawRulesDrawTargetId, .uint(10))]))
        objects.append((TK.drawTarget, [Self.parent(9), (PK.drawTargetDrawableId, .uint(1)), (PK.drawTargetPlacementValue, .uint(0))]))
        let plain = try ArtboardRenderer(file: try Self.file(Array(objects.prefix(8)))).setupPose(artboardIndex: 0)
        #expect(plain.drawCalls.map(\.paint.color) == [0xFF00_00FF, 0xFFFF_0000])
        let ruled = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        #expect(ruled.drawCalls.map(\.paint.color) == [0xFFFF_0000, 0xFF00_00FF])
    }
}

extension SetupPoseTests {
    /// A file of two artboards: the first nests the artboard `nestedID` points at (at 10, 20), the second holds a rectangle.
    static func nestingFile(nestedID: UInt64) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        for name in ["Host", "Guest"] {
            encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string(name)), (PK.layoutComponentWidth, .float32(200)),
                                                                    (PK.layoutComponentHeight, .float32(100)), (PK.layoutComponentClip, .uint(0))])
            if name == "Host" {
                encoder.appendObject(typeKey: TK.nestedArtboard, properties: [parent(0), (PK.nestedArtboardArtboardId, .uint(nestedID)),
                                                                              (PK.nodeX, .float32(10)), (PK.nodeY, .float32(20))])
            } else {
                for (type, properties) in filledRectangle(at: 5, 5, parentIndex: 0, shapeIndex: 1, color: 0xFF12_3456) {
                    encoder.appendObject(typeKey: type, properties: properties)
                }
            }
        }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("a nested artboard draws the artboard it shows under its own transform")
    func nestedArtboard() throws {
        let list = try ArtboardRenderer(file: try Self.nestingFile(nestedID: 1)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(list.drawCalls.count == 1)
        #expect(call.transform == .translation(15, 25))
        #expect(call.paint.color == 0xFF12_3456)
    }

    @Test("an artboard that nests itself is drawn to a bounded depth, with a note")
    func selfNesting() throws {
        let list = try ArtboardRenderer(file: try Self.nestingFile(nestedID: 0)).setupPose(artboardIndex: 0)
        #expect(list.commands.isEmpty)
        #expect(list.notes.map(\.feature) == ["nesting limit"])
    }
}

extension SetupPoseTests {
    /// A file whose first artboard (10×10) nests its second, which holds `guest`, 600 times.
    static func nestedSixHundredTimes(_ guest: [(UInt16, Properties)]) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.layoutComponentWidth, .float32(10)), (PK.layoutComponentHeight, .float32(10)),
                                                                (PK.layoutComponentClip, .uint(0))])
        for _ in 0..<600 {
            encoder.appendObject(typeKey: TK.nestedArtboard, properties: [Self.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
        }
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.layoutComponentWidth, .float32(10)), (PK.layoutComponentHeight, .float32(10)),
                                                                (PK.layoutComponentClip, .uint(0))])
        for (type, properties) in guest { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("an artboard multiplied by nesting stops at the point budget, with a note, instead of growing without bound")
    func pointBudget() throws {
        let file = try Self.nestedSixHundredTimes([(TK.shape, [Self.parent(0)]),
                                                   (TK.polygon, [Self.parent(1), (PK.polygonPoints, .uint(1_000)), (PK.parametricPathWidth, .float32(10))]),
                                                   (TK.fill, [Self.parent(1)]), (TK.solidColor, [Self.parent(3)])])
        let list = try ArtboardRenderer(file: file, limits: RenderLimits(points: 50_000)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.count == 49)
        #expect(list.notes.map(\.feature) == ["point budget"])
    }

    @Test("clip paths count against the point budget: a large clip multiplied by nesting is pushed empty past it, never growing without bound (fuzz invariant 15)")
    func clipPointBudget() throws {
        // A 1 000-sided polygon (1 001 points, no paint) clips a filled 40×20 rectangle (5 points) in each instance.
        let file = try Self.nestedSixHundredTimes([(TK.shape, [Self.parent(0)]),
                                                   (TK.polygon, [Self.parent(1), (PK.polygonPoints, .uint(1_000)), (PK.parametricPathWidth, .float32(10))])]
            + Self.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 3, color: 0xFF00_0000)
            + [(TK.clippingShape, [Self.parent(3), (PK.clippingShapeSourceId, .uint(1))])])
        let list = try ArtboardRenderer(file: file, limits: RenderLimits(points: 50_000)).setupPose(artboardIndex: 0)
        let clipPoints = list.clipCalls.map(\.path.pointCount), drawPoints = list.drawCalls.map(\.path.pointCount)
        #expect(clipPoints.reduce(0, +) + drawPoints.reduce(0, +) <= 50_000)
        #expect(clipPoints.filter { $0 > 0 } == Array(repeating: 1_001, count: 49))
        #expect(list.drawCalls.count == 49)
        #expect(list.notes.map(\.feature) == ["point budget"])
    }
}

extension SetupPoseTests {
    @Test("an image draws its embedded picture about its origin under its world transform; the SVG inlines it")
    func image() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("pic.png")), (PK.fileAssetAssetId, .uint(7))])
        encoder.appendObject(typeKey: TK.fileAssetContents, properties: [(PK.fileAssetContentsBytes, .bytes(Payload.png(64)))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.layoutComponentWidth, .float32(200)), (PK.layoutComponentHeight, .float32(100)),
                                                                (PK.layoutComponentClip, .uint(0))])
        encoder.appendObject(typeKey: TK.image, properties: [Self.parent(0), (PK.imageAssetId, .uint(0)), (PK.nodeX, .float32(50)), (PK.nodeY, .float32(50))])
        let list = try ArtboardRenderer(file: try RivFile(bytes: encoder.bytes)).setupPose(artboardIndex: 0)
        let call = try #require(list.imageCalls.first)
        #expect(call.transform == .translation(49.5, 49.5) && call.width == 1 && call.height == 1 && call.asset == 0)
        #expect(list.images.map(\.mimeType) == ["image/png"])
        #expect(list.svg().contains("<image width=\"1\" height=\"1\" preserveAspectRatio=\"none\" transform=\"matrix(1 0 0 1 49.5 49.5)\" href=\"data:image/png;base64,iVBOR"))
        #expect(list.notes.isEmpty)
    }
}

extension SetupPoseTests {
    @Test("an outer feather sets the paint's feather and moves the drawing by its offset in the artboard's space; the SVG blurs by half of it")
    func feather() throws {
        var objects = Self.filledRectangle(at: 30, 40, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)
        objects.append((TK.feather, [Self.parent(3), (PK.featherStrength, .float32(9)), (PK.featherOffsetX, .float32(2))]))
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(call.paint.feather == 9)
        #expect(call.transform == .translation(32, 40))
        #expect(list.svg().contains("<feGaussianBlur stdDeviation=\"4.5\"/>"))
        #expect(list.notes.isEmpty)
    }
}

extension SetupPoseTests {
    @Test("the artboard's own fill is left out when its colour is fully transparent; a shape's transparent fill is still drawn")
    func transparentArtboardFill() throws {
        let objects: [(UInt16, Properties)] = [(TK.fill, [Self.parent(0)]), (TK.solidColor, [Self.parent(1), (PK.solidColorColorValue, .color(0x00D1_4C10))])]
            + Self.filledRectangle(at: 30, 40, parentIndex: 0, shapeIndex: 3, color: 0x0000_FF00)
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        #expect(list.drawCalls.map(\.paint.color) == [0x0000_FF00])
        let opaque: [(UInt16, Properties)] = [(TK.fill, [Self.parent(0)]), (TK.solidColor, [Self.parent(1), (PK.solidColorColorValue, .color(0x01D1_4C10))])]
        #expect(try ArtboardRenderer(file: try Self.file(opaque)).setupPose(artboardIndex: 0).drawCalls.count == 1)
    }

    @Test("a shape's path is mapped into its space in single precision: points the runtime's floats make equal are pruned as empty segments")
    func singlePrecisionPruning() throws {
        var objects = Self.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)
        objects[1].1 = [Self.parent(1), (PK.nodeX, .float32(1000)), (PK.parametricPathWidth, .float32(1e-6)), (PK.parametricPathHeight, .float32(20))]
        let list = try ArtboardRenderer(file: try Self.file(objects)).setupPose(artboardIndex: 0)
        let call = try #require(list.drawCalls.first)
        #expect(call.path.commands == [.move(RenderPoint(x: 1000, y: -10)), .line(RenderPoint(x: 1000, y: 10)), .line(RenderPoint(x: 1000, y: -10)), .close])
    }
}
