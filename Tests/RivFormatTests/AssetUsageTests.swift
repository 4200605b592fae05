import Foundation
import Testing
@testable import RivFormat
import RivTestSupport
import RivTestTags

/// Which objects use which asset, checked against Rive's runtime itself.
@Suite("Asset usage")
struct AssetUsageTests {
    @Test("every asset of every corpus file has the referencers Rive's runtime gives it after import",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func matchesRuntime() throws {
        var compared = 0
        for url in SharedData.corpusFiles() {
            let verdict = try RuntimeOracle.list(url)
            guard verdict.runtimeResult != "crash", verdict.runtimeResult != "hang" else { continue }
            let theirs = verdict.referencersByUniqueName.map(\.referencers)
            let file = try RivFile(contentsOf: url)
            let ours = zip(file.assets, file.referencersByAsset).filter { $0.0.isListed }.map(\.1)
            try #require(ours.count == theirs.count, "\(url.lastPathComponent): \(ours.count) assets, the runtime has \(theirs.count)")
            #expect(ours.map { $0.map { "\($0.artboard ?? "-")/\($0.typeKey)/\($0.name)" } } == theirs, "\(url.lastPathComponent)")
            compared += 1
        }
        #expect(compared == SharedData.corpusFiles().count)
    }

    @Test("an Image pointing past the asset list uses nothing and is reported; unused assets and artboards are listed")
    func danglingAndUnused() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("a.png")), (Schema.PropertyKey.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("b.png")), (Schema.PropertyKey.fileAssetAssetId, .uint(2))])
        encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [(Schema.PropertyKey.componentName, .string("Main"))])
        encoder.appendObject(typeKey: Schema.TypeKey.image, properties: [(Schema.PropertyKey.componentName, .string("hero")), (Schema.PropertyKey.imageAssetId, .uint(1))])
        encoder.appendObject(typeKey: Schema.TypeKey.image, properties: [(Schema.PropertyKey.imageAssetId, .uint(7))])
        let file = try RivFile(bytes: encoder.bytes)
        #expect(file.artboardNames == ["Main"])
        #expect(file.referencersByAsset.map { $0.map(\.name) } == [[], ["hero"]])
        #expect(file.unusedAssets.map(\.uniqueName) == ["a-1"])
        #expect(file.assetsByArtboard.first?.assets.map(\.uniqueName) == ["b-2"])
        #expect(file.problems.contains { if case .referencerWithoutAsset(_, 7, 2) = $0.kind { true } else { false } })
    }

    @Test("each referencer has the index its artboard addresses it by: the artboard is 0, then each component")
    func objectIndices() throws {
        let file = try RivFile(path: SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path)
        let indices = file.referencersByAsset.flatMap { $0.map { "\($0.artboard ?? "-")/\($0.name)=\($0.objectIndex.map(String.init) ?? "nil")" } }
        #expect(indices == ["Main/hero=2", "Main/badge=3", "Card/thumb=1", "Main/Body=5", "Main/click=7"])
    }

    @Test("the written-out reference and name keys are exactly the schema's")
    func keysMatchSchema() {
        func isAssetType(_ key: UInt16) -> Bool {
            var current = key
            while let type = Schema.type(forKey: current) {
                if type.key == Schema.TypeKey.asset || type.key == Schema.TypeKey.fileAssetContents { return true }
                guard type.parentKey != 0 else { return false }
                current = type.parentKey
            }
            return false
        }
        let outside = Schema.allProperties.filter { !isAssetType($0.ownerTypeKey) }
        let references = outside.filter { ["assetId", "fontAssetId", "scriptAssetId"].contains($0.name) }.map { "\($0.key)/\($0.ownerTypeKey)" }
        #expect(Set(UsageKeys.referenceKeys.map { "\($0.key)/\($0.owner)" }) == Set(references))
        #expect(Set(UsageKeys.nameKeys) == Set(outside.filter { $0.name == "name" && $0.fieldType == .bytes }.map(\.key)))
    }
}
