import Foundation
import Testing
@testable import RivAssetsKit
import RivFormat
import RivTestSupport

/// Every output of `list` and `inspect` stays within a small multiple of its input:
/// a long name is written once where the thing it names is listed, and referred to
/// by index (JSON) or cut (text) wherever many objects mention it.
@Suite("Output stays within a multiple of the input")
struct OutputBoundTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    /// The bound SPEC.md states: at most this many bytes out per byte in, plus ``slack``.
    static let factor = 64
    static let slack = 4_096
    static let longName = String(repeating: "n", count: 65_536)

    /// One artboard with a 64 KiB name holding `uses` Images of a 64 KiB-named image,
    /// `uses` AudioEvents of a 64 KiB-named clip, a Text with a 64 KiB name and `uses`
    /// named runs set in a 64 KiB-named font, and `uses` NestedArtboards showing the artboard.
    static func manyReferences(uses: Int) -> [UInt8] {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        for (index, type) in [TK.imageAsset, TK.audioAsset, TK.fontAsset].enumerated() {
            encoder.appendObject(typeKey: type, properties: [(PK.assetName, .string(longName + "\(index)")), (PK.fileAssetAssetId, .uint(UInt64(index + 1)))])
        }
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string(longName))])
        encoder.appendObject(typeKey: TK.text, properties: [(PK.componentName, .string(longName)), (PK.componentParentId, .uint(0))])
        encoder.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentParentId, .uint(1)), (PK.textStyleFontAssetId, .uint(2))])
        for _ in 0..<uses {
            encoder.appendObject(typeKey: TK.image, properties: [(PK.componentParentId, .uint(0)), (PK.imageAssetId, .uint(0))])
            encoder.appendObject(typeKey: TK.audioEvent, properties: [(PK.componentParentId, .uint(0)), (PK.audioEventAssetId, .uint(1))])
            encoder.appendObject(typeKey: TK.textValueRun, properties: [(PK.componentName, .string("r")), (PK.componentParentId, .uint(1)),
                                                                       (PK.textValueRunStyleId, .uint(2)), (PK.textValueRunText, .string("x"))])
            encoder.appendObject(typeKey: TK.nestedArtboard, properties: [(PK.componentParentId, .uint(0)), (PK.nestedArtboardArtboardId, .uint(0))])
        }
        return encoder.bytes
    }

    /// `count` bare image assets, the first named with `firstName`.
    static func manyAssets(count: Int, firstName: String) -> [UInt8] {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        for index in 0..<count {
            encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string(index == 0 ? firstName : "i")), (PK.fileAssetAssetId, .uint(UInt64(index)))])
        }
        return encoder.bytes
    }

    private func expectBounded(_ output: Int, _ input: Int, _ what: String) {
        #expect(output <= Self.factor * input + Self.slack, "\(what): \(output) bytes out for \(input) in")
    }

    @Test("list --json, inspect --json and the text forms of a file of 2k objects naming 64 KiB names stay within 64x the input")
    func referencesAreBounded() throws {
        let directory = try TemporaryDirectory()
        let bytes = Self.manyReferences(uses: 500)
        let input = try directory.write("many.riv", bytes)
        let file = try RivFile(path: input)

        var listed = 0
        _ = try AssetOperations.streamListingJSON(ListRequest(inputs: [.path(input)])) { listed += $0.utf8.count }
        expectBounded(listed, bytes.count, "list --json")
        let inspected = try ResultJSON.data(try AssetOperations.inspect(InspectRequest(inputs: [.path(input)]))).count
        expectBounded(inspected, bytes.count, "inspect --json")
        var table = 0
        _ = try AssetOperations.streamListingTables({ var request = ListRequest(inputs: [.path(input)]); request.wide = true; return request }()) {
            table += $0.utf8.count + 1
        }
        expectBounded(table, bytes.count, "list (wide table)")
        let result = try AssetOperations.inspect(InspectRequest(inputs: [.path(input)]))
        expectBounded(InspectionText.lines(for: result.files[0]).joined(separator: "\n").utf8.count, bytes.count, "inspect")
        expectBounded(TextConversion.lines(for: file).joined(separator: "\n").utf8.count, bytes.count, "inspect --text")

        // The references are there, by index.
        let inspection = try #require(result.files[0].inspection)
        let board = inspection.artboards[0]
        #expect(board.textObjects == [Self.longName] && board.textRuns.allSatisfy { $0.textObjectIndex == 0 && $0.fontAssetIndex == 2 })
        #expect(board.nestedArtboards.allSatisfy { $0.artboardIndex == 0 } && board.events.allSatisfy { $0.assetIndex == 1 })
        #expect(inspection.assets[0].usedBy.count == 500 && inspection.assets[0].usedBy.allSatisfy { $0.artboardIndex == 0 })
    }

    @Test("inspect --json names each artboard, asset and text object once and reads back to the same inspection")
    func inspectionRoundTrips() throws {
        let file = try RivFile(bytes: Self.manyReferences(uses: 3))
        let inspection = file.inspect()
        let data = try ResultJSON.data(inspection)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.components(separatedBy: "\"" + Self.longName + "\"").count - 1 == 3, "the artboard (its name, defaultArtboard) and the text object, once each")
        #expect(!text.contains("\"artboard\" :") && !text.contains("\"font\" :") && !text.contains("\"asset\" :") && !text.contains("\"textObject\" :"))
        #expect(try JSONDecoder().decode(RivInspection.self, from: data) == inspection)
        #expect(inspection.artboards[0].nestedArtboards.allSatisfy { $0.artboard == Self.longName })
        #expect(inspection.artboards[0].textRuns.allSatisfy { $0.textObject == Self.longName && $0.font == Self.longName + "2-3" })
    }

    @Test("list --json names each artboard once, in the file's artboards, and usedBy points into it")
    func listingNamesArtboardsOnce() throws {
        let file = try RivFile(bytes: Self.manyReferences(uses: 3))
        let listing = FileListing(input: "many.riv", file: file)
        #expect(listing.artboards == [Self.longName])
        #expect(listing.assets[0].usedBy.map(\.artboardIndex) == [0, 0, 0])
        let data = try ResultJSON.data(ListingDocument(files: [listing]))
        #expect(String(decoding: data, as: UTF8.self).components(separatedBy: "\"" + Self.longName + "\"").count - 1 == 1)
        #expect(try JSONDecoder().decode(ListingDocument.self, from: data).files == [listing])
    }

    @Test("a 100 KB name among 10k assets widens no column: its row shows it whole, every other row stays narrow")
    func tableColumnsAreCapped() throws {
        let name = String(repeating: "w", count: 100_000)
        let bytes = Self.manyAssets(count: 10_000, firstName: name)
        let file = try RivFile(bytes: bytes)
        var lines: [String] = []
        ListingTable.write(file, path: "wide.riv", wide: true) { lines.append($0) }
        #expect(lines.contains { $0.contains(name) }, "the long name is shown whole")
        #expect(lines.filter { $0.utf8.count > 200 }.count == 1)
        expectBounded(lines.reduce(0) { $0 + $1.utf8.count + 1 }, bytes.count, "list (wide table)")
    }

    @Test("the used-by cell of an asset used from 3k artboards is cut, and counts every user")
    func usedByCellIsCut() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("a")), (PK.fileAssetAssetId, .uint(1))])
        for index in 0..<3_000 {
            encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("board \(index)"))])
            encoder.appendObject(typeKey: TK.image, properties: [(PK.componentParentId, .uint(0)), (PK.imageAssetId, .uint(0))])
        }
        var lines: [String] = []
        ListingTable.write(try RivFile(bytes: encoder.bytes), path: "boards.riv", wide: true) { lines.append($0) }
        let row = try #require(lines.first { $0.contains("a-1") })
        #expect(row.contains("board 0, board 1") && row.contains("…") && row.utf8.count < 200, "\(row)")
    }
}
