import Foundation
import Testing
import RivTestSupport
import RivTestTags
@testable import RivFormat

@Suite("Rewriting the reference corpus")
struct RewriteCorpusTests {
    @Test("a file written back with no change is byte-for-byte identical", .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func unchangedRoundTrip() throws {
        let files = SharedData.corpusFiles()
        var identical = 0
        for url in files {
            let original = try Data(contentsOf: url)
            let output = RivEditor(try RivFile(bytes: original)).makeBytes()
            #expect(output == original, "\(url.lastPathComponent)")
            if output == original { identical += 1 }
        }
        print("round trip: \(identical) of \(files.count) corpus files identical")
    }

    @Test("stripping an embedded asset and embedding the same bytes gives back the file", .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func stripThenEmbed() throws {
        let files = SharedData.corpusFiles()
        var assets = 0
        var identical = 0
        var headerOnly = 0
        for url in files {
            let original = try Data(contentsOf: url)
            let file = try RivFile(bytes: original)
            for (index, asset) in file.assets.enumerated() where asset.location == .embedded {
                var stripper = RivEditor(file)
                try stripper.strip(asset, skipChecks: true)
                let stripped = try RivFile(bytes: stripper.makeBytes())
                let strippedAsset = stripped.assets[index]
                #expect(strippedAsset.location != .embedded)
                #expect(stripped.byteCount < file.byteCount)
                var embedder = RivEditor(stripped)
                let signature = asset.signatureRange.map { file.bytes(in: $0) }
                try embedder.embed(asset.embeddedBytes!, in: strippedAsset, signature: signature, skipChecks: true)
                let restored = embedder.makeBytes()
                assets += 1
                if file.header.tableOfContents.contains(where: { $0.key == 212 }) {
                    #expect(restored == original, "\(url.lastPathComponent) \(asset.uniqueName)")
                    if restored == original { identical += 1 }
                } else {
                    // Embedding declares the bytes key in a ToC that lacks it, so only the
                    // header differs: the objects are identical.
                    let reread = try RivFile(bytes: restored)
                    #expect(reread.header.tableOfContents == file.header.tableOfContents + [.init(key: 212, fieldType: .bytes)])
                    #expect(restored[reread.header.objectsOffset...].elementsEqual(original[file.header.objectsOffset...]))
                    headerOnly += 1
                }
            }
        }
        print("strip then embed: \(assets) embedded corpus assets; \(identical) restored byte for byte, "
            + "\(headerOnly) identical but for the bytes key added to a ToC that lacked it")
    }
}
