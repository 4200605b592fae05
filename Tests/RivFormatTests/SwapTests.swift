import Foundation
import Testing
@testable import RivFormat
import RivTestSupport
import RivTestTags

/// Two assets exchanging contents, and two objects exchanging assets, checked against Rive's runtime.
@Suite("Swap")
struct SwapTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    /// The two first image, font or audio assets of one type in `file`, when it has two.
    private func swappablePair(in file: RivFile) -> (FileAsset, FileAsset)? {
        for type in [AssetType.image, .font, .audio] {
            let ofType = file.assets.filter { $0.type == type && !$0.isSigned }
            if ofType.count >= 2 { return (ofType[0], ofType[1]) }
        }
        return nil
    }

    @Test("on every corpus file with two assets of a type, swapped contents load in the runtime with names and referencers as they were and bytes and CDN uuids exchanged",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func contentsAgainstRuntime() throws {
        let folder = try TemporaryDirectory()
        var swapped = 0
        for url in SharedData.corpusFiles() {
            let file = try RivFile(contentsOf: url)
            guard let (first, second) = swappablePair(in: file) else { continue }
            let before = try RuntimeOracle.list(url)
            guard before.runtimeResult == "success" else { continue }
            var editor = RivEditor(file)
            try editor.swapContents(of: first, and: second)
            let output = folder.url.appendingPathComponent(url.lastPathComponent)
            try editor.write(to: output, overwrite: true)
            let after = try RuntimeOracle.list(output)
            let name = url.lastPathComponent
            #expect(after.runtimeResult == "success", "\(name)")
            #expect(after.referencersByUniqueName.map(\.uniqueName) == before.referencersByUniqueName.map(\.uniqueName), "\(name)")
            #expect(after.referencersByUniqueName.map(\.referencers) == before.referencersByUniqueName.map(\.referencers), "\(name)")
            func field(_ key: String, of uniqueName: String, in verdict: RuntimeOracle.Verdict) -> String {
                verdict.assets.first { $0["uniqueName"] as? String == uniqueName }.map { "\($0[key] ?? "nil")" } ?? "absent"
            }
            // Without scripting, the oracle binds a script's contents to the image, font or
            // audio asset before it (its README says so): bytes are compared there only
            // when the file has no other kind of asset; the reader compares them always.
            let scriptFree = file.assets.allSatisfy { [.image, .font, .audio].contains($0.type) }
            for key in scriptFree ? ["inBandFnv1a64", "cdnUuid", "cdnBaseUrl"] : ["cdnUuid", "cdnBaseUrl"] {
                #expect(field(key, of: first.uniqueName, in: after) == field(key, of: second.uniqueName, in: before), "\(name) \(key)")
                #expect(field(key, of: second.uniqueName, in: after) == field(key, of: first.uniqueName, in: before), "\(name) \(key)")
            }
            let reread = try RivFile(contentsOf: output)
            #expect(reread.asset(named: first.uniqueName)?.contentHash == second.contentHash, "\(name)")
            #expect(reread.asset(named: second.uniqueName)?.contentHash == first.contentHash, "\(name)")
            var back = RivEditor(reread)
            try back.swapContents(of: reread.asset(named: first.uniqueName)!, and: reread.asset(named: second.uniqueName)!)
            #expect(try RivFile(bytes: back.makeBytes()).assets.map(\.contentHash) == file.assets.map(\.contentHash), "\(name)")
            swapped += 1
        }
        #expect(swapped > 0, "no corpus file has two assets of one type")
    }

    @Test("on every corpus file with two objects showing different assets of one type, swapping them exchanges their referencer lists in the runtime",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func referencersAgainstRuntime() throws {
        let folder = try TemporaryDirectory()
        var swapped = 0
        for url in SharedData.corpusFiles() {
            let file = try RivFile(contentsOf: url)
            let usage = file.referencersByAsset
            var pair: (FileAsset, AssetReferencer, FileAsset, AssetReferencer)?
            search: for (i, a) in file.assets.enumerated() where !usage[i].isEmpty {
                for (j, b) in file.assets.enumerated() where j > i && b.type == a.type && !usage[j].isEmpty {
                    pair = (a, usage[i][0], b, usage[j][0])
                    break search
                }
            }
            guard let (assetA, userA, assetB, userB) = pair else { continue }
            let before = try RuntimeOracle.list(url)
            guard before.runtimeResult == "success" else { continue }
            var editor = RivEditor(file)
            try editor.swapAssets(of: userA, and: userB)
            let output = folder.url.appendingPathComponent(url.lastPathComponent)
            try editor.write(to: output, overwrite: true)
            let after = try RuntimeOracle.list(output)
            #expect(after.runtimeResult == "success", "\(url.lastPathComponent)")
            func users(_ asset: FileAsset, _ verdict: RuntimeOracle.Verdict) -> [String] {
                verdict.referencersByUniqueName.first { $0.uniqueName == asset.uniqueName }?.referencers ?? []
            }
            let describe = { (user: AssetReferencer) in "\(user.artboard ?? "-")/\(user.typeKey)/\(user.name)" }
            var expectedA = users(assetA, before)
            expectedA.remove(at: expectedA.firstIndex(of: describe(userA))!)
            var expectedB = users(assetB, before)
            expectedB.remove(at: expectedB.firstIndex(of: describe(userB))!)
            #expect(Set(users(assetA, after)) == Set(expectedA + [describe(userB)]), "\(url.lastPathComponent)")
            #expect(Set(users(assetB, after)) == Set(expectedB + [describe(userA)]), "\(url.lastPathComponent)")
            #expect(users(assetA, after).count == expectedA.count + 1)
            swapped += 1
        }
        #expect(swapped > 0)
    }

    @Test("a hosted asset and an embedded one exchange CDN location, pixel size and bytes; types must match")
    func hostedAndEmbedded() throws {
        let uuid: [UInt8] = Array(0..<16)
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("cloud")), (PK.fileAssetAssetId, .uint(1)),
                                                                    (PK.fileAssetCdnUuid, .bytes(uuid)), (PK.drawableAssetWidth, .float32(640))])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("local")), (PK.fileAssetAssetId, .uint(2))])
        encoder.appendObject(typeKey: TK.fileAssetContents, properties: [(PK.fileAssetContentsBytes, .bytes(Payload.png(90)))])
        encoder.appendObject(typeKey: TK.fontAsset, properties: [(PK.assetName, .string("type")), (PK.fileAssetAssetId, .uint(3))])
        let file = try RivFile(bytes: encoder.bytes)
        var editor = RivEditor(file)
        let outcomes = try editor.swapContents(of: file.assets[0], and: file.assets[1])
        let byteCount = file.assets[1].embeddedByteCount
        #expect(outcomes.map(\.description) == ["cloud-1: swapped; now \(byteCount) embedded bytes", "local-2: swapped; now 0 embedded bytes"])
        let output = try RivFile(bytes: editor.makeBytes())
        #expect(output.assets.map(\.uniqueName) == ["cloud-1", "local-2", "type-3"])
        #expect(output.assets.map(\.location) == [.embedded, .hosted, .referenced])
        #expect(output.assets[0].embeddedByteCount == byteCount)
        #expect(output.assets[1].cdn == file.assets[0].cdn)
        #expect(output.assets[1].width == 640 && output.assets[0].width == nil)
        #expect(throws: RivEditError.typeMismatch(first: "cloud-1", second: "type-3")) {
            var other = RivEditor(file)
            try other.swapContents(of: file.assets[0], and: file.assets[2])
        }
        #expect(throws: RivEditError.assetAlreadyEdited(uniqueName: "cloud-1")) {
            try editor.embed(Data(Payload.png(20)), in: file.assets[0])
        }
    }
}
