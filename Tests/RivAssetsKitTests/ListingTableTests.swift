import Foundation
import RivAssetsKit
import RivFormat
import RivTestSupport
import Testing

/// What `riv-assets list` prints in its used-by and notes columns.
@Suite("listing table: what its cells say")
struct ListingTableTests {
    @Test("the used-by cell says how many objects use the asset, in words")
    func usedByCountsObjects() throws {
        let path = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path
        let table = ListingTable.text(for: try RivFile(path: path), path: path).split(separator: "\n")
        #expect(table.contains { $0.contains("badge-2") && $0.contains("Main, Card (2 objects)") }, "\(table)")
        #expect(table.contains { $0.contains("hero-1") && $0.contains("Main (1 object)") }, "\(table)")
    }

    @Test("a ManifestAsset row says what it is and that no app supplies it")
    func manifestRowExplained() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.manifestAsset, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("hero.png")),
                                                                              (Schema.PropertyKey.fileAssetAssetId, .uint(1))])
        let directory = try TemporaryDirectory()
        let path = try directory.write("manifest.riv", encoder.bytes)
        let rows = ListingTable.text(for: try RivFile(path: path), path: path).split(separator: "\n")
        #expect(rows.filter { $0.contains("ManifestAsset") }.allSatisfy { $0.contains(ListingTable.manifestNote) } && rows.contains { $0.contains("ManifestAsset") }, "\(rows)")
        #expect(rows.filter { $0.contains("hero-1") }.allSatisfy { !$0.contains(ListingTable.manifestNote) }, "\(rows)")
    }
}
