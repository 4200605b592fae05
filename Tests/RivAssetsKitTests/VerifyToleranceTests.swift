import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport
import RivTestTags

/// What `verify` does not fail: structures Rive's runtime skips and still loads, what
/// the request left unchecked, types per location, and the runtime-only gate.
@Suite("verify: tolerated structures, unchecked assets, allowed types, runtime-only")
struct VerifyToleranceTests {
    private func fixture(_ name: String) -> String {
        SharedData.packageRoot.appendingPathComponent("Fixtures/\(name).riv").path
    }

    @Test("a contents record before any file asset is predicted skipped by the runtime and is a note, not a failure")
    func skippedContents() throws {
        let path = fixture("orphan-contents")
        let orphan = try #require(try RivFile(path: path).problems.first).offset
        #expect(RuntimePrediction(bytes: try Data(contentsOf: URL(fileURLWithPath: path))).skippedContentsOffsets == [orphan])
        let file = try AssetOperations.verify(VerifyRequest(inputs: [.path(path)])).files[0]
        #expect(file.passed && file.runtimeResult == .success)
        #expect(file.notes.map(\.code) == ["runtime-skipped-contents"] && file.notes[0].offset == orphan)
    }

    @Test("contents after a file asset the runtime cannot import (no backboard yet) are skipped; after an imported one they are not")
    func contentsFollowTheImportStack() throws {
        // The project's writer: an image and its contents before the backboard, then an image and its contents after.
        var encoder = RivFileBuilder(minorVersion: 0, fileID: 9, tableOfContents: [])
        let image: [(key: UInt16, value: PropertyValue)] = [(Schema.PropertyKey.assetName, .string("a.png")), (Schema.PropertyKey.fileAssetAssetId, .uint(1))]
        let contents: [(key: UInt16, value: PropertyValue)] = [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(Payload.png()))]
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: image)
        encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: contents)
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: image)
        encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents, properties: contents)
        let offsets = try RivFile(bytes: encoder.bytes).objects.filter { $0.typeKey == Schema.TypeKey.fileAssetContents }.map(\.range.lowerBound)
        let prediction = RuntimePrediction(bytes: encoder.bytes)
        #expect(prediction.result == .success)
        #expect(offsets.count == 2 && prediction.skippedContentsOffsets == [offsets[0]])
    }

    @Test("without --assets, --offline or --upload-dir, the referenced and hosted assets are counted as not checked")
    func unchecked() throws {
        let referenced = fixture("referenced-assets"), hosted = fixture("hosted-default-base-url")
        let report = try AssetOperations.verify(VerifyRequest(inputs: [.path(referenced), .path(hosted)]))
        #expect(report.files[0].uncheckedAssets.referenced == 2 && report.files[0].uncheckedAssets.hosted == 0)
        #expect(report.files[0].uncheckedAssets.phrases == ["2 referenced assets not checked (give `VerifyRequest.assetsFolder`)"])
        #expect(report.files[1].uncheckedAssets.hosted == 1)
        let directory = try TemporaryDirectory()
        let checked = try AssetOperations.verify(VerifyRequest(inputs: [.path(referenced)], assetsFolder: directory.url.path)).files[0]
        #expect(checked.uncheckedAssets == UncheckedAssets())
    }

    @Test("allowed types per location: embedded scripts pass, an embedded blob or image does not")
    func allowedTypes() throws {
        let request = VerifyRequest(inputs: [.path(fixture("unknown-asset-kinds")), .path(fixture("embedded-png"))], allowedLocations: [.embedded, .referenced],
                                    allowedTypes: [.embedded: AssetTypeFilter(categories: [.script])])
        let report = try AssetOperations.verify(request)
        #expect(report.files[0].findings.filter { $0.code == "asset-location-not-allowed" }.map(\.asset) == ["table-2"])
        #expect(report.files[1].findings.map(\.code) == ["asset-location-not-allowed"])
    }

    @Test("runtime-only: a file passes when the runtime loads it; the other findings become notes; a refusal still fails")
    func runtimeOnly() throws {
        let directory = try TemporaryDirectory()
        let cut = try directory.write("cut.riv", Array(Inputs.mixed().dropLast(5)))
        let png = fixture("embedded-png")
        let report = try AssetOperations.verify(VerifyRequest(inputs: [.path(png), .path(cut)], allowedLocations: [.referenced], runtimeOnly: true))
        #expect(report.files[0].passed && report.files[0].notes.map(\.code) == ["asset-location-not-allowed"])
        #expect(report.files[1].findings.map(\.code) == ["runtime-truncated"] && report.files[1].notes.map(\.code) == ["structure-damaged"])
        let strict = try AssetOperations.verify(VerifyRequest(inputs: [.path(png)], allowedLocations: [.referenced]))
        #expect(!strict.passed)
    }

    @Test("every corpus file: verify's predicted verdict is the runtime's, and no file the runtime loads fails on the runtime or the structure",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusVerdicts() throws {
        let corpus = try #require(SharedData.corpus)
        let records = try SharedData.expectedRecords()
        let paths = records.map { corpus.appendingPathComponent($0["path"] as! String).path }
        let report = try AssetOperations.verify(VerifyRequest(inputs: paths.map(RequestInput.path)))
        for (record, file) in zip(records, report.files) {
            let expected = record["runtimeResult"] as! String
            #expect(file.runtimeResult.rawValue == expected, "\(file.input)")
            if expected == "success" {
                let blocking = file.findings.filter { $0.code.hasPrefix("runtime-") || $0.code.hasPrefix("crash-") || $0.code.hasPrefix("structure-") }
                #expect(blocking.isEmpty, "\(file.input): \(blocking.map(\.code))")
            }
        }
    }
}
