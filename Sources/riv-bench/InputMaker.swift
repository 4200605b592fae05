import Foundation
import RivFormat
import RivTestSupport

/// Makes the inputs of each case on disk, streaming, and checks each kind of file
/// once with the library's reader.
struct InputMaker {
    let paths: BenchPaths
    private let pattern = PayloadPattern(seed: 0x5EED_2026)

    private var sizes: BenchSizes { paths.sizes }

    /// The unique name of case 1's one image (`hero.png`, asset id 1), which the
    /// replacements name; `check` confirms the library reads it so.
    static let heroUniqueName = "hero-1"

    /// Properties above 160 that the generated files use, declared in the table of
    /// contents the way Rive's editor declares them.
    private static let tableOfContents: [RivHeader.TableOfContentsEntry] = [
        .init(key: Schema.PropertyKey.assetName, fieldType: .bytes), .init(key: Schema.PropertyKey.fileAssetAssetId, fieldType: .varUInt), .init(key: Schema.PropertyKey.fileAssetContentsBytes, fieldType: .bytes),
    ]

    // MARK: Case 1

    /// `large.riv` (one image of `largeAssetBytes`), `small.riv` (the same with a
    /// `smallAssetBytes` image) and the two images on their own.
    func makeLargeAssetInputs() throws(BenchError) {
        try makeFolder(paths.largeFolder)
        try writeImageFile(paths.largeRiv, imageBytes: sizes.largeAssetBytes)
        try writeImageFile(paths.smallRiv, imageBytes: sizes.smallAssetBytes)
        try writePayload(paths.largePayload, count: sizes.largeAssetBytes, magic: Payload.pngSignature)
        try writePayload(paths.smallPayload, count: sizes.smallAssetBytes, magic: Payload.pngSignature)
        try check(paths.largeRiv, embedded: [sizes.largeAssetBytes], objectCount: 8, uniqueNames: [Self.heroUniqueName])
        try check(paths.smallRiv, embedded: [sizes.smallAssetBytes], objectCount: 8, uniqueNames: [Self.heroUniqueName])
    }

    private func writeImageFile(_ path: String, imageBytes: Int) throws(BenchError) {
        let writer = try RivStreamWriter(path: path, fileID: 1, tableOfContents: Self.tableOfContents)
        try writer.append([
            (Schema.TypeKey.backboard, []),
            Self.asset(FileAssetRecord(typeKey: Schema.TypeKey.imageAsset, name: "hero.png", storedAssetID: 1, width: 4096, height: 4096)),
        ])
        try writer.appendContents(count: imageBytes, magic: Payload.pngSignature, pattern: pattern)
        try writer.append([Self.mainArtboard]
            + (1...4).map { node(index: $0) })
        try writer.close()
    }

    // MARK: Case 2

    /// `objects.riv`: three embedded assets, a referenced and a hosted image, then
    /// `objectCount` small objects of four kinds (about 25 bytes each).
    func makeManyObjectInputs() throws(BenchError) {
        try makeFolder(paths.objectsFolder)
        let writer = try RivStreamWriter(path: paths.objectsRiv, fileID: 2, tableOfContents: Self.tableOfContents)
        let embedded: [(UInt16, String, [UInt8])] = [
            (Schema.TypeKey.imageAsset, "background.png", Payload.pngSignature), (Schema.TypeKey.imageAsset, "badge.png", Payload.pngSignature),
            (Schema.TypeKey.fontAsset, "Inter.ttf", Payload.trueTypeVersion),
        ]
        try writer.append([(Schema.TypeKey.backboard, [])])
        for (offset, (typeKey, name, magic)) in embedded.enumerated() {
            try writer.append([Self.asset(FileAssetRecord(typeKey: typeKey, name: name, storedAssetID: UInt64(offset + 1)))])
            try writer.appendContents(count: sizes.objectFileAssetBytes, magic: magic, pattern: pattern)
        }
        try writer.append([
            Self.asset(FileAssetRecord(typeKey: Schema.TypeKey.imageAsset, name: "avatar.png", storedAssetID: 4)),
            Self.asset(FileAssetRecord(typeKey: Schema.TypeKey.imageAsset, name: "map.png", storedAssetID: 5, cdnUUID: Array(0..<16))),
            Self.mainArtboard,
        ])
        let batch = 50_000
        for start in stride(from: 0, to: sizes.objectCount, by: batch) {
            try writer.append((start..<min(start + batch, sizes.objectCount)).map(smallObject))
        }
        try writer.close()
        try check(paths.objectsRiv, embedded: [sizes.objectFileAssetBytes, sizes.objectFileAssetBytes, sizes.objectFileAssetBytes, 0, 0],
                  objectCount: sizes.objectCount + 10)
    }

    private func smallObject(_ index: Int) -> RivStreamWriter.Object {
        let parent = PropertyValue.uint(UInt64(index / 8))
        let value = Float(index % 1000)
        switch index % 4 {
        case 0:
            return (Schema.TypeKey.node, [(Schema.PropertyKey.componentName, .string("node \(index)")), (Schema.PropertyKey.componentParentId, parent), (Schema.PropertyKey.nodeX, .float32(value)),
                                   (Schema.PropertyKey.nodeY, .float32(-value)), (Schema.PropertyKey.transformComponentRotation, .float32(0.5)), (Schema.PropertyKey.transformComponentScaleX, .float32(2))])
        case 1:
            return (Schema.TypeKey.shape, [(Schema.PropertyKey.componentName, .string("shape \(index)")), (Schema.PropertyKey.componentParentId, parent),
                                    (Schema.PropertyKey.nodeX, .float32(value)), (Schema.PropertyKey.nodeY, .float32(value))])
        case 2:
            return (Schema.TypeKey.rectangle, [(Schema.PropertyKey.componentParentId, parent), (Schema.PropertyKey.parametricPathWidth, .float32(value)), (Schema.PropertyKey.parametricPathHeight, .float32(value)),
                                        (Schema.PropertyKey.rectangleCornerRadiusTL, .float32(4))])
        default:
            return (Schema.TypeKey.solidColor, [(Schema.PropertyKey.componentParentId, parent), (Schema.PropertyKey.solidColorColorValue, .color(0xFF00_80FF))])
        }
    }

    /// The file asset record `fields`, as it writes itself.
    private static func asset(_ fields: FileAssetRecord) -> RivStreamWriter.Object {
        (fields.typeKey, fields.properties)
    }

    /// An artboard `Main`, 500 wide.
    private static let mainArtboard: RivStreamWriter.Object = (Schema.TypeKey.artboard, ArtboardRecord(name: "Main", width: 500).properties)

    private func node(index: Int) -> RivStreamWriter.Object {
        (Schema.TypeKey.node, [(Schema.PropertyKey.componentName, .string("node \(index)")), (Schema.PropertyKey.componentParentId, .uint(0)),
                        (Schema.PropertyKey.nodeX, .float32(Float(index))), (Schema.PropertyKey.nodeY, .float32(Float(index)))])
    }

    // MARK: Case 3

    /// `fileCount` files of one embedded font of `fontBytes` each.
    func makeManyFileInputs() throws(BenchError) {
        try makeFolder(paths.fontsFolder)
        for (index, path) in paths.fontFiles.enumerated() {
            let writer = try RivStreamWriter(path: path, fileID: UInt64(index + 3), tableOfContents: Self.tableOfContents)
            try writer.append([
                (Schema.TypeKey.backboard, []),
                Self.asset(FileAssetRecord(typeKey: Schema.TypeKey.fontAsset, name: "Brand-\(index).ttf", storedAssetID: UInt64(index))),
            ])
            try writer.appendContents(count: sizes.fontBytes, magic: Payload.trueTypeVersion, pattern: pattern)
            try writer.append([Self.mainArtboard]
                + (1...8).map { node(index: $0) })
            try writer.close()
        }
        if let first = paths.fontFiles.first { try check(first, embedded: [sizes.fontBytes], objectCount: 12) }
    }

    // MARK: Helpers

    // MARK: Case 4

    /// The stored bytes of hosted asset `index`'s CDN uuid.
    static func hostedUUID(_ index: Int) -> [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: index >> (8 * ($0 % 4)) ^ ($0 &* 37)) }
    }

    /// `hosted.riv` (`hostedCount` hosted images) and `hosted-large.riv` (one of
    /// `hostedLargeBytes`), the images the server serves by uuid, and the routes:
    /// the server waits `hostedDelayMilliseconds` before each answer and makes the
    /// large image as it sends it.
    func makeHostedInputs() throws(BenchError) -> HostedAssetServer.Routes {
        try makeFolder(paths.hostedServed)
        let base = "https://cdn.invalid/riv-bench"
        var assets: [TestAsset] = []
        for index in 0..<sizes.hostedCount {
            let uuid = Self.hostedUUID(index)
            try writePayload(paths.hostedServed + "/" + CDNInfo.uuidString(fromStoredBytes: uuid)!, count: sizes.hostedBytes, magic: Payload.pngSignature)
            assets.append(.image("hosted-\(index).png", UInt64(index + 1), cdnUUID: uuid, cdnBaseURL: base))
        }
        let large = Self.hostedUUID(sizes.hostedCount)
        do {
            try Data(Inputs.file(assets)).write(to: URL(fileURLWithPath: paths.hostedRiv))
            try Data(Inputs.file([.image("large.png", 1, cdnUUID: large, cdnBaseURL: base)])).write(to: URL(fileURLWithPath: paths.hostedLargeRiv))
        } catch {
            throw BenchError("cannot write case 4's inputs: \(error.localizedDescription)")
        }
        return HostedAssetServer.Routes(delayMilliseconds: sizes.hostedDelayMilliseconds, folder: paths.hostedServed,
                                        paths: ["/" + CDNInfo.uuidString(fromStoredBytes: large)!: [.init(pngBytes: sizes.hostedLargeBytes)]])
    }

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
