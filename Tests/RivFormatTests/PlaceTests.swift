import Foundation
import Testing
@testable import RivFormat
import RivTestSupport
import RivTestTags

/// Putting an image onto an artboard, checked with the reader and with Rive's runtime.
@Suite("Place")
struct PlaceTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    private static let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    /// The fixture's 8×8 PNG, written to `directory` as `stamp.png`.
    private func stamp(in directory: TemporaryDirectory, name: String = "stamp.png") throws -> URL {
        let png = try #require(try RivFile(path: Self.fixture).assets[0].embeddedBytes)
        return URL(fileURLWithPath: try directory.write(name, Array(png)))
    }

    @Test("the new object reads back with its position, scale, origin and asset; nothing else moved")
    func readsBack() throws {
        let directory = try TemporaryDirectory()
        let file = try RivFile(path: Self.fixture)
        var editor = RivEditor(file)
        let placed = try editor.placeImage(contentsOf: try stamp(in: directory), named: "partner-logo.png",
                                           ImagePlacement(artboard: "Card", x: 150, y: 40, sizing: .size(width: 32, height: 16),
                                                          originX: 0, originY: 1, drawOrder: .behind))
        #expect(placed == PlacedImage(asset: "partner-logo-6", reusedAsset: false, artboard: "Card", name: "partner-logo", objectIndex: 3,
                                      pixelSize: PixelSize(width: 8, height: 8), scaleX: 4, scaleY: 2, inFrontOfObjectIndex: nil))
        let output = try RivFile(bytes: editor.makeBytes())
        #expect(output.assets.map(\.uniqueName) == file.assets.map(\.uniqueName) + ["partner-logo-6"])
        #expect(output.assets.last?.pixelSize == PixelSize(width: 8, height: 8) && output.assets.last?.width == 8)
        let users = output.referencersByAsset
        #expect(users.last?.map { "\($0.artboard ?? "-")/\($0.name)@\($0.objectIndex ?? -1)" } == ["Card/partner-logo@3"])
        let unmoved = { (users: [[AssetReferencer]]) in users.map { $0.map { "\($0.artboard ?? "-")/\($0.name)@\($0.objectIndex ?? -1)" } } }
        #expect(unmoved(Array(users.dropLast())) == unmoved(file.referencersByAsset))
        let newUser = try #require(users.last?.first)
        let image = try #require(output.object(at: newUser.offset))
        func float(_ key: UInt16) -> Float? { image.property(key).map(output.floatValue(of:)) }
        #expect(float(PK.nodeX) == 150 && float(PK.nodeY) == 40)
        #expect(float(PK.transformComponentScaleX) == 4 && float(PK.transformComponentScaleY) == 2)
        #expect(float(PK.imageOriginX) == 0 && float(PK.imageOriginY) == 1)
        #expect(image.property(PK.componentParentId).map(output.uintValue(of:)) == 0)
        #expect(image.property(PK.imageAssetId).map(output.uintValue(of:)) == 5)
        #expect(output.inspect().artboards[1].objectCount == 4)
        let typed = try #require(output.imageObjects().last)
        #expect(typed == ImageObject(artboard: "Card", artboardIndex: 1, objectIndex: 3, name: "partner-logo", asset: "partner-logo-6",
                                     x: 150, y: 40, rotation: 0, scaleX: 4, scaleY: 2, originX: 0, originY: 1, opacity: 1,
                                     offset: newUser.offset), "read back without property keys")
        #expect(output.imageObjects().count == file.imageObjects().count + 1)
    }

    @Test("an image given as bytes is placed as the same image given as a file; bytes of no image are refused naming the name given")
    func placesBytes() throws {
        let directory = try TemporaryDirectory()
        let file = try RivFile(path: Self.fixture)
        let path = try stamp(in: directory)
        let placement = ImagePlacement(artboard: "Card", x: 150, y: 40, sizing: .size(width: 32, height: 16))
        var fromFile = RivEditor(file)
        try fromFile.placeImage(contentsOf: path, named: "partner-logo.png", placement)
        var fromBytes = RivEditor(file)
        let placed = try fromBytes.placeImage(try Data(contentsOf: path), named: "partner-logo.png", placement)
        #expect(placed.asset == "partner-logo-6" && placed.pixelSize == PixelSize(width: 8, height: 8))
        #expect(fromBytes.makeBytes() == fromFile.makeBytes())
        var refused = RivEditor(file)
        #expect(throws: RivEditError.self) { try refused.placeImage(Data("<html>".utf8), named: "dropped.png", placement) }
        do {
            try refused.placeImage(Data("<html>".utf8), named: "dropped.png", placement)
        } catch {
            #expect(error.code == .notAnImage && error.description.hasPrefix("dropped.png: "), "\(error)")
        }
    }

    @Test("a position, scale or origin no finite float32 holds is refused, naming it; nothing is placed")
    func valuesMustFitAFloat() throws {
        let directory = try TemporaryDirectory()
        let file = try RivFile(path: Self.fixture)
        for (placement, name) in [(ImagePlacement(x: 1e39, y: 0), "x"), (ImagePlacement(x: 0, y: -.infinity), "y"),
                                  (ImagePlacement(x: 0, y: 0, sizing: .scale(x: 1, y: 4e38)), "the vertical scale")] {
            var editor = RivEditor(file)
            do {
                try editor.placeImage(contentsOf: try stamp(in: directory), placement)
                Issue.record("\(name): placed")
            } catch let error as RivEditError {
                guard error.code == .valueOutOfRange else { Issue.record("\(error)"); continue }
                #expect(error.name == name)
            }
            #expect(!editor.hasChanges, "\(name): nothing is placed")
        }
    }

    @Test("in front: a draw rule on the image targets the artboard's first drawable; behind: none")
    func drawOrder() throws {
        let directory = try TemporaryDirectory()
        let file = try RivFile(path: Self.fixture)
        var editor = RivEditor(file)
        let placed = try editor.placeImage(contentsOf: try stamp(in: directory), ImagePlacement(x: 0, y: 0))
        // Main's first drawable is the image `hero` (2): the group before it is a Node, not a Drawable.
        #expect(placed.artboard == "Main" && placed.objectIndex == 8 && placed.inFrontOfObjectIndex == 2)
        let output = try RivFile(bytes: editor.makeBytes())
        let objects = Array(output.objects)
        let start = try #require(objects.firstIndex { $0.typeKey == TK.image && $0.property(PK.componentName).map(output.stringValue(of:)) == "stamp" })
        let added = Array(objects[start..<start + 3])
        #expect(added.map(\.typeKey) == [TK.image, TK.drawRules, TK.drawTarget])
        let rules = added[1], target = added[2]
        #expect(rules.property(PK.componentParentId).map(output.uintValue(of:)) == 8)
        #expect(rules.property(PK.drawRulesDrawTargetId).map(output.uintValue(of:)) == 10)
        #expect(target.property(PK.componentParentId).map(output.uintValue(of:)) == 9)
        #expect(target.property(PK.drawTargetDrawableId).map(output.uintValue(of:)) == 2)
        #expect(target.property(PK.drawTargetPlacementValue).map(output.uintValue(of:)) == 0)

        var behind = RivEditor(file)
        try behind.placeImage(contentsOf: try stamp(in: directory), ImagePlacement(x: 0, y: 0, drawOrder: .behind))
        #expect(!Array(try RivFile(bytes: behind.makeBytes()).objects).contains { $0.typeKey == TK.drawRules })
        #expect(output.inspect().artboards[0].objectCount == 11)
    }

    @Test("placing twice gives two images and two assets, or one shared asset when reusing identical bytes")
    func twice() throws {
        let directory = try TemporaryDirectory()
        let image = try stamp(in: directory)
        let file = try RivFile(path: Self.fixture)
        var editor = RivEditor(file)
        let first = try editor.placeImage(contentsOf: image, ImagePlacement(x: 10, y: 10, drawOrder: .behind))
        let second = try editor.placeImage(contentsOf: image, ImagePlacement(x: 90, y: 10, drawOrder: .behind))
        #expect(first.asset == "stamp-6" && second.asset == "stamp-7" && [first.objectIndex, second.objectIndex] == [8, 9])
        let twice = try RivFile(bytes: editor.makeBytes())
        #expect(twice.assets.count == 7 && twice.referencersByAsset.suffix(2).map(\.count) == [1, 1])

        var sharing = RivEditor(file)
        try sharing.placeImage(contentsOf: image, ImagePlacement(x: 10, y: 10))
        let shared = try sharing.placeImage(contentsOf: image, ImagePlacement(x: 90, y: 10, reuseIdenticalAsset: true))
        // The fixture's own hero-1 holds these bytes: reuse finds it first.
        #expect(shared.asset == "hero-1" && shared.reusedAsset && shared.objectIndex == 11)
        let output = try RivFile(bytes: sharing.makeBytes())
        #expect(output.assets.count == 6)
        #expect(output.referencersByAsset[0].map(\.name) == ["hero", "stamp"])
    }

    @Test("an unknown artboard lists the artboards; a file that is no image is refused")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        var editor = RivEditor(try RivFile(path: Self.fixture))
        #expect(throws: RivEditError.unknownArtboard(name: "Nope", artboards: ["Main", "Card"])) {
            try editor.placeImage(contentsOf: try stamp(in: directory), ImagePlacement(artboard: "Nope", x: 0, y: 0))
        }
        let hostile = (0..<500).map { "Board\u{1b}[2J\($0)" }
        let refusal = RivEditError.unknownArtboard(name: "\u{202e}Nope", artboards: hostile)
        #expect(refusal.description.hasPrefix("no artboard is named \"\\u{202e}Nope\"; the file's artboards: \"Board\\x1b[2J0\", "))
        #expect(refusal.description.hasSuffix(" and 488 more"))
        #expect(refusal.description.utf8.count < 400)
        let text = URL(fileURLWithPath: try directory.write("notes.png", Array("<html>not an image</html>".utf8)))
        #expect(throws: RivEditError.notAnImage(path: text.path, detected: .unknown)) {
            try editor.placeImage(contentsOf: text, ImagePlacement(x: 0, y: 0))
        }
        #expect(!editor.hasChanges)
    }

    @Test("on every corpus file the runtime loads, a placed image gives a file it loads, with the same artboards, every referencer as it was and one new Image of the new asset",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func corpusAgainstRuntime() throws {
        let directory = try TemporaryDirectory()
        let image = try stamp(in: directory, name: "white-label.png")
        var placed = 0
        var loaded = 0
        for url in SharedData.corpusFiles() {
            let file = try RivFile(contentsOf: url)
            guard !file.artboardNames.isEmpty else { continue }
            let before = try RuntimeOracle.list(url)
            guard before.runtimeResult == "success" else { continue }
            var editor = RivEditor(file)
            let result = try editor.placeImage(contentsOf: image, ImagePlacement(x: 12, y: 34, sizing: .scale(x: 2, y: 2)))
            placed += 1
            let output = directory.url.appendingPathComponent(url.lastPathComponent)
            try editor.write(to: output, overwrite: true)
            let after = try RuntimeOracle.list(output)
            let name = url.lastPathComponent
            #expect(after.runtimeResult == "success", "\(name)")
            guard after.runtimeResult == "success" else { continue }
            loaded += 1
            #expect(Array(after.referencersByUniqueName.dropLast()).map(\.uniqueName) == before.referencersByUniqueName.map(\.uniqueName), "\(name)")
            #expect(Array(after.referencersByUniqueName.dropLast()).map(\.referencers) == before.referencersByUniqueName.map(\.referencers), "\(name)")
            #expect(after.referencersByUniqueName.last?.uniqueName == result.asset, "\(name)")
            #expect(after.referencersByUniqueName.last?.referencers == ["\(file.artboardNames[0])/\(TK.image)/white-label"], "\(name)")
            #expect(try RivFile(contentsOf: output).artboardNames == file.artboardNames)
        }
        #expect(placed > 100 && loaded == placed, "\(loaded) of \(placed) placements loaded")
    }
}
