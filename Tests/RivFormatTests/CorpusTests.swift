import Foundation
import Testing
import RivTestSupport
import RivTestTags
@testable import RivFormat

@Suite("Reference corpus")
struct CorpusTests {
    @Test("every .riv file of the corpus parses", .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func everyFileParses() throws {
        let files = SharedData.corpusFiles()
        var failures: [String] = []
        for url in files {
            do {
                let file = try RivFile(contentsOf: url)
                #expect(file.objectCount > 0, "\(url.lastPathComponent) has no objects")
            } catch {
                failures.append(error.description)
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(files.count) files failed:\n\(failures.joined(separator: "\n"))")
    }

    @Test("every asset field matches what Rive's runtime reports", .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func everyFieldMatchesExpected() throws {
        let corpus = try #require(SharedData.corpus)
        var assetsMatched = 0
        let records = try SharedData.expectedRecords()
        #expect(records.count > 200)
        for record in records {
            let path = record["path"] as! String
            let file = try RivFile(contentsOf: corpus.appendingPathComponent(path))
            let where_ = path
            #expect(file.header.majorVersion == record["major"] as! UInt64, "\(where_)")
            #expect(file.header.minorVersion == record["minor"] as! UInt64, "\(where_)")
            #expect(file.header.fileID == record["fileId"] as! UInt64, "\(where_)")
            #expect(file.byteCount == record["bytes"] as! Int, "\(where_)")
            let fileHash = file.withUnsafeBytes { FNV1a64.hexString($0) }
            #expect(fileHash == record["fileFnv1a64"] as! String, "\(where_)")
            let expectedAssets = record["assets"] as! [[String: Any]]
            #expect(file.assets.count == expectedAssets.count, "\(where_): asset count")
            for (asset, expected) in zip(file.assets, expectedAssets) {
                let label = "\(where_) \(asset.name)"
                #expect(Int(asset.type.typeKey) == expected["typeKey"] as! Int, "\(label)")
                #expect(asset.kind == expected["kind"] as! String, "\(label)")
                #expect(asset.name == expected["name"] as! String, "\(label)")
                #expect(asset.storedAssetID == expected["storedAssetId"] as! UInt64, "\(label)")
                #expect(asset.assetID == expected["assetId"] as! UInt64, "\(label)")
                #expect(asset.uniqueName == expected["uniqueName"] as! String, "\(label)")
                #expect(asset.fileExtension == expected["fileExtension"] as! String, "\(label)")
                #expect(asset.uniqueFilename == expected["uniqueFilename"] as! String, "\(label)")
                #expect((asset.cdn?.uuid ?? "") == expected["cdnUuid"] as! String, "\(label)")
                #expect((asset.cdn?.baseURL ?? CDNInfo.defaultBaseURL) == expected["cdnBaseUrl"] as! String, "\(label)")
                #expect(asset.embeddedByteCount == expected["embeddedBytes"] as! Int, "\(label)")
                #expect(asset.withEmbeddedBytes { FNV1a64.hexString($0) } == expected["embeddedFnv1a64"] as! String, "\(label)")
                #expect(asset.contentHash == asset.withEmbeddedBytes { XXH64.hash($0) }, "\(label)")
                #expect(asset.contentsRecordCount == expected["contentsRecords"] as! Int, "\(label)")
                #expect(asset.signatureByteCount == expected["signatureBytes"] as! Int, "\(label)")
                assetsMatched += 1
            }
        }
        print("corpus: \(records.count) files, \(assetsMatched) assets compared with expected.jsonl")
    }
}
