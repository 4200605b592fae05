import Foundation
import RivFormat

/// Makes the inputs of each case on disk, streaming, and checks each kind of file
/// once with the library's reader.
struct InputMaker {
    let layout: BenchLayout
    private let pattern = PayloadPattern(seed: 0x5EED_2026)

    private var sizes: BenchSizes { layout.sizes }

    /// The unique name of case 1's one image (`hero.png`, asset id 1), which the
    /// replacements name; `check` confirms the library reads it so.
    static let heroUniqueName = "hero-1"

    /// Properties above 160 that the generated files use, declared in the table of
    /// contents the way Rive's editor declares them.
    private static let tableOfContents: [RivHeader.TableOfContentsEntry] = [
        .init(key: 203, fieldType: .bytes), .init(key: 204, fieldType: .varUInt), .init(key: 212, fieldType: .bytes),
    ]

    private enum Key {
        static let name: UInt16 = 4, parentID: UInt16 = 5, artboardWidth: UInt16 = 7
        static let x: UInt16 = 13, y: UInt16 = 14, rotation: UInt16 = 15, scaleX: UInt16 = 16, scaleY: UInt16 = 17
        static let width: UInt16 = 20, height: UInt16 = 21, cornerRadius: UInt16 = 31, color: UInt16 = 37
        static let assetName: UInt16 = 203, assetID: UInt16 = 204, imageWidth: UInt16 = 207, imageHeight: UInt16 = 208
        static let cdnUUID: UInt16 = 359
    }

    private enum TypeKey {
        static let artboard: UInt16 = 1, node: UInt16 = 2, shape: UInt16 = 3, rectangle: UInt16 = 7
        static let solidColor: UInt16 = 18, backboard: UInt16 = 23, image: UInt16 = 105, font: UInt16 = 141
    }

    // MARK: Case 1

    /// `large.riv` (one image of `largeAssetBytes`), `small.riv` (the same with a
    /// `smallAssetBytes` image) and the two images on their own.
    func makeLargeAssetInputs() throws(BenchError) {
        try makeFolder(layout.largeFolder)
        try writeImageFile(layout.largeRiv, imageBytes: sizes.largeAssetBytes)
        try writeImageFile(layout.smallRiv, imageBytes: sizes.smallAssetBytes)
        try writePayload(layout.largePayload, count: sizes.largeAssetBytes, magic: PayloadPattern.png)
        try writePayload(layout.smallPayload, count: sizes.smallAssetBytes, magic: PayloadPattern.png)
        try check(layout.largeRiv, embedded: [sizes.largeAssetBytes], objectCount: 8, uniqueNames: [Self.heroUniqueName])
        try check(layout.smallRiv, embedded: [sizes.smallAssetBytes], objectCount: 8, uniqueNames: [Self.heroUniqueName])
    }

    private func writeImageFile(_ path: String, imageBytes: Int) throws(BenchError) {
        let writer = try RivStreamWriter(path: path, fileID: 1, tableOfContents: Self.tableOfContents)
        try writer.append([
            (TypeKey.backboard, []),
            (TypeKey.image, [(Key.assetName, .string("hero.png")), (Key.assetID, .uint(1)),
                             (Key.imageWidth, .float32(4096)), (Key.imageHeight, .float32(4096))]),
        ])
        try writer.appendContents(count: imageBytes, magic: PayloadPattern.png, pattern: pattern)
        try writer.append([(TypeKey.artboard, [(Key.name, .string("Main")), (Key.artboardWidth, .float32(500))])]
            + (1...4).map { node(index: $0) })
        try writer.close()
    }

    // MARK: Case 2

    /// `objects.riv`: three embedded assets, a referenced and a hosted image, then
    /// `objectCount` small objects of four kinds (about 25 bytes each).
    func makeManyObjectInputs() throws(BenchError) {
        try makeFolder(layout.objectsFolder)
        let writer = try RivStreamWriter(path: layout.objectsRiv, fileID: 2, tableOfContents: Self.tableOfContents)
        let embedded: [(UInt16, String, [UInt8])] = [
            (TypeKey.image, "background.png", PayloadPattern.png), (TypeKey.image, "badge.png", PayloadPattern.png),
            (TypeKey.font, "Inter.ttf", PayloadPattern.trueType),
        ]
        try writer.append([(TypeKey.backboard, [])])
        for (offset, (typeKey, name, magic)) in embedded.enumerated() {
            try writer.append([(typeKey, [(Key.assetName, .string(name)), (Key.assetID, .uint(UInt64(offset + 1)))])])
            try writer.appendContents(count: sizes.objectFileAssetBytes, magic: magic, pattern: pattern)
        }
        try writer.append([
            (TypeKey.image, [(Key.assetName, .string("avatar.png")), (Key.assetID, .uint(4))]),
            (TypeKey.image, [(Key.assetName, .string("map.png")), (Key.assetID, .uint(5)),
                             (Key.cdnUUID, .bytes(Array(0..<16)))]),
            (TypeKey.artboard, [(Key.name, .string("Main")), (Key.artboardWidth, .float32(500))]),
        ])
        let batch = 50_000
        for start in stride(from: 0, to: sizes.objectCount, by: batch) {
            try writer.append((start..<min(start + batch, sizes.objectCount)).map(smallObject))
        }
        try writer.close()
        try check(layout.objectsRiv, embedded: [sizes.objectFileAssetBytes, sizes.objectFileAssetBytes, sizes.objectFileAssetBytes, 0, 0],
                  objectCount: sizes.objectCount + 10)
    }

    private func smallObject(_ index: Int) -> RivStreamWriter.Object {
        let parent = PropertyValue.uint(UInt64(index / 8))
        let value = Float(index % 1000)
        switch index % 4 {
        case 0:
            return (TypeKey.node, [(Key.name, .string("node \(index)")), (Key.parentID, parent), (Key.x, .float32(value)),
                                   (Key.y, .float32(-value)), (Key.rotation, .float32(0.5)), (Key.scaleX, .float32(2))])
        case 1:
            return (TypeKey.shape, [(Key.name, .string("shape \(index)")), (Key.parentID, parent),
                                    (Key.x, .float32(value)), (Key.y, .float32(value))])
        case 2:
            return (TypeKey.rectangle, [(Key.parentID, parent), (Key.width, .float32(value)), (Key.height, .float32(value)),
                                        (Key.cornerRadius, .float32(4))])
        default:
            return (TypeKey.solidColor, [(Key.parentID, parent), (Key.color, .color(0xFF00_80FF))])
        }
    }

    private func node(index: Int) -> RivStreamWriter.Object {
        (TypeKey.node, [(Key.name, .string("node \(index)")), (Key.parentID, .uint(0)),
                        (Key.x, .float32(Float(index))), (Key.y, .float32(Float(index)))])
    }

    // MARK: Case 3

    /// `fileCount` files of one embedded font of `fontBytes` each.
    func makeManyFileInputs() throws(BenchError) {
        try makeFolder(layout.fontsFolder)
        for (index, path) in layout.fontFiles.enumerated() {
            let writer = try RivStreamWriter(path: path, fileID: UInt64(index + 3), tableOfContents: Self.tableOfContents)
            try writer.append([
                (TypeKey.backboard, []),
                (TypeKey.font, [(Key.assetName, .string("Brand-\(index).ttf")), (Key.assetID, .uint(UInt64(index)))]),
            ])
            try writer.appendContents(count: sizes.fontBytes, magic: PayloadPattern.trueType, pattern: pattern)
            try writer.append([(TypeKey.artboard, [(Key.name, .string("Main")), (Key.artboardWidth, .float32(500))])]
                + (1...8).map { node(index: $0) })
            try writer.close()
        }
        if let first = layout.fontFiles.first { try check(first, embedded: [sizes.fontBytes], objectCount: 12) }
    }

    // MARK: Helpers

    private func writePayload(_ path: String, count: Int, magic: [UInt8]) throws(BenchError) {
        let descriptor = try Platform.create(path)
        defer { try? Platform.closeFile(descriptor, path: path) }
        try pattern.forEachChunk(count: count, magic: magic) { (chunk) throws(BenchError) in
            try Platform.writeAll(chunk, to: descriptor, path: path)
        }
    }

    private func makeFolder(_ path: String) throws(BenchError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot create \(path): \(error.localizedDescription)")
        }
    }

    /// Reads `path` with the library and checks that it holds what was written:
    /// the embedded sizes of its assets in order, the object count, no problems
    /// (and the assets' unique names, when given).
    private func check(_ path: String, embedded: [Int], objectCount: Int, uniqueNames: [String]? = nil) throws(BenchError) {
        let file: RivFile
        do throws(RivError) {
            file = try RivFile(path: path)
        } catch {
            throw BenchError("the generated \(path) does not read back: \(error.message)")
        }
        let sizes = file.assets.map(\.embeddedByteCount)
        let problems = file.problems.map(\.description) + file.assets.flatMap { $0.problems.map(\.description) }
        let names = file.assets.map(\.uniqueName)
        guard sizes == embedded, file.objectCount == objectCount, problems.isEmpty, uniqueNames.map({ $0 == names }) ?? true else {
            throw BenchError("the generated \(path) reads back wrong: asset sizes \(sizes) (expected \(embedded)), "
                + "\(file.objectCount) objects (expected \(objectCount)), unique names \(names), problems \(problems)")
        }
    }
}
