import Foundation
import RivAssetsKit
import RivCommandLine
import RivFixtures
import RivFormat

/// `riv-bench scaling`: every command's operation on files of growing size, timed
/// per object, so a path that is not linear shows at once (its time per object
/// grows with the file). Shapes: one artboard of 1k, 16k and 256k objects, and many
/// artboards (1k, 16k of 16 objects each; 64k of one Image each); every 16th object
/// is an Image showing one of two embedded images; and 200k bare image assets with
/// no artboard. Each operation runs in this process through
/// `AssetOperations`, as the tool runs it, best of three runs; the last column is
/// its time over `list --json`'s on the same file.
enum ScalingBench {
    /// One shape of input: its name and how to build it.
    struct Shape {
        let name: String
        let artboards: Int
        let objectsPerArtboard: Int
        /// Image assets with a name and nothing else, before the artboards.
        var bareImageAssets = 0
        var objectCount: Int { artboards * objectsPerArtboard + bareImageAssets }
    }

    static let shapes = [
        Shape(name: "1 artboard, 1k objects", artboards: 1, objectsPerArtboard: 1_000),
        Shape(name: "1 artboard, 16k objects", artboards: 1, objectsPerArtboard: 16_000),
        Shape(name: "1 artboard, 256k objects", artboards: 1, objectsPerArtboard: 256_000),
        Shape(name: "1k artboards of 16 objects", artboards: 1_000, objectsPerArtboard: 16),
        Shape(name: "16k artboards of 16 objects", artboards: 16_000, objectsPerArtboard: 16),
        Shape(name: "64k artboards of 1 image", artboards: 64_000, objectsPerArtboard: 1),
        Shape(name: "200k bare image assets", artboards: 0, objectsPerArtboard: 0, bareImageAssets: 200_000),
    ]

    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.isEmpty else {
            print("usage: riv-bench scaling")
            return 64
        }
        do {
            let folder = try Platform.makeTemporaryFolder(in: NSTemporaryDirectory())
            defer { try? FileManager.default.removeItem(atPath: folder) }
            print("time per object (best of 3), and the ratio to list --json of the same file")
            for shape in shapes {
                let input = folder + "/input.riv"
                try write(shape, to: input)
                print("\n\(shape.name) (\(FigureText.size(try Platform.size(of: input)))):")
                var base: Double?
                for (name, operation) in operations(input: input, folder: folder) {
                    let seconds = try await best(of: 3, operation)
                    base = base ?? seconds
                    let perObject = seconds / Double(shape.objectCount) * 1e9
                    print("  \(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(FigureText.decimal(seconds * 1000, places: 1)) ms"
                          + "  \(FigureText.decimal(perObject, places: 0)) ns/object  \(FigureText.decimal(seconds / base!, places: 2))×")
                }
            }
            return 0
        } catch {
            print("riv-bench scaling: \(error)")
            return 1
        }
    }

    /// The operations, `list` first (the base of the ratios).
    static func operations(input: String, folder: String) -> [(String, () async throws -> Void)] {
        let out = folder + "/out"
        let image = folder + "/new.png"
        return [
            ("list --json", { _ = try AssetOperations.list(ListRequest(inputs: [.path(input)])) }),
            ("list stream", { _ = try AssetOperations.streamListingJSON(ListRequest(inputs: [.path(input)])) { _ in } }),
            ("list table", { _ = try AssetOperations.streamListingTables(ListRequest(inputs: [.path(input)])) { _ in } }),
            ("inspect", { _ = try AssetOperations.inspect(InspectRequest(inputs: [.path(input)])) }),
            ("verify", { _ = try AssetOperations.verify(VerifyRequest(inputs: [.path(input)])) }),
            ("codegen", { _ = try AssetOperations.codegen(CodegenRequest(inputs: [.path(input)], outputPath: nil)) }),
            ("prune", { _ = try AssetOperations.prune(PruneRequest(inputs: [.path(input)], destination: .path(out + ".riv"), overwrite: true)) }),
            ("swap", { _ = try AssetOperations.swap(SwapRequest(input: .path(input), first: "a-1", second: "b-2", destination: .path(out + ".riv"), overwrite: true)) }),
            ("place", {
                try Data(Payload.pngSignature + [UInt8](repeating: 7, count: 64)).write(to: URL(fileURLWithPath: image))
                _ = try AssetOperations.place(PlaceRequest(input: .path(input), image: .file(image), placement: ImagePlacement(x: 10, y: 10),
                                                           destination: .path(out + ".riv"), overwrite: true))
            }),
            ("strip", { _ = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: out + "-assets", destination: .path(out + ".riv"), overwrite: true)) }),
            ("extract", {
                let request = ExtractRequest(inputs: [.path(input)], outputFolder: out + "-extracted", overwrite: true)
                _ = try await AssetOperations.extract(request)
            }),
            ("report", { _ = try AssetOperations.report(ReportRequest(inputs: [.path(input)], output: out + ".html", overwrite: true)) }),
        ]
    }

    /// The shortest of `count` runs of `operation`, in seconds.
    static func best(of count: Int, _ operation: () async throws -> Void) async throws -> Double {
        var best = Double.infinity
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            try await operation()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// A backboard, two embedded images (`a-1`, `b-2`), then the artboards: nodes,
    /// shapes and paints under the artboard, every 16th object an Image of one of the two.
    static func write(_ shape: Shape, to path: String) throws {
        let writer = try RivStreamWriter(path: path, fileID: 9, tableOfContents: [])
        try writer.append([(Schema.TypeKey.backboard, [])])
        for (index, name) in ["a", "b"].enumerated() {
            let record = FileAssetRecord(typeKey: Schema.TypeKey.imageAsset, name: name, storedAssetID: UInt64(index + 1))
            try writer.append([(record.typeKey, record.properties)])
            try writer.appendContents(count: 4_096, magic: Payload.pngSignature, pattern: PayloadPattern(seed: UInt64(index + 1)))
        }
        var batch: [RivStreamWriter.Object] = []
        for index in 0..<shape.bareImageAssets {
            batch.append((Schema.TypeKey.imageAsset, [(Schema.PropertyKey.assetName, .string("bare \(index)"))]))
            if batch.count >= 50_000 {
                try writer.append(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        for artboard in 0..<shape.artboards {
            batch.append((Schema.TypeKey.artboard, ArtboardRecord(name: "Artboard \(artboard)", width: 500).properties))
            for index in 0..<shape.objectsPerArtboard {
                batch.append(object(index, of: shape.objectsPerArtboard, artboard: artboard))
            }
            if batch.count >= 50_000 {
                try writer.append(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try writer.append(batch)
        try writer.close()
    }

    /// The object at `index` of an artboard of `count` (its id is `index + 1`): groups
    /// of 16, a node under the artboard, 14 nodes under it, and an Image under the
    /// artboard; an artboard of one object holds just the Image (of the artboard's
    /// parity).
    private static func object(_ index: Int, of count: Int, artboard: Int) -> RivStreamWriter.Object {
        let parent = PropertyValue.uint(UInt64(index / 16 * 16 + 1))
        switch count == 1 ? 15 : index % 16 {
        case 15:
            return (Schema.TypeKey.image, [(Schema.PropertyKey.componentName, .string("image \(index)")), (Schema.PropertyKey.componentParentId, .uint(0)),
                                           (Schema.PropertyKey.imageAssetId, .uint(UInt64((count == 1 ? artboard : index / 16) % 2)))])
        case 0:
            return (Schema.TypeKey.node, [(Schema.PropertyKey.componentName, .string("node \(index)")), (Schema.PropertyKey.componentParentId, .uint(0)),
                                          (Schema.PropertyKey.nodeX, .float32(Float(index % 1000)))])
        default:
            return (Schema.TypeKey.node, [(Schema.PropertyKey.componentParentId, parent), (Schema.PropertyKey.nodeY, .float32(1))])
        }
    }
}
