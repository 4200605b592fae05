import Foundation
import Testing
@testable import RivFormat
import RivTestSupport
import RivTestTags

/// Removing the assets nothing uses, checked against Rive's runtime.
@Suite("Prune")
struct PruneTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    @Test("on every corpus file the runtime loads, the pruned file loads, keeps every other asset and every referencer resolves to the same unique name",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func corpusAgainstRuntime() throws {
        let folder = try TemporaryDirectory()
        var pruned = 0
        var savedBytes = 0
        for url in SharedData.corpusFiles() {
            let before = try RuntimeOracle.list(url)
            guard before.runtimeResult == "success" else { continue }
            let file = try RivFile(contentsOf: url)
            var editor = RivEditor(file)
            let removed = try editor.removeUnusedAssets(skipChecks: true)
            guard !removed.isEmpty else { continue }
            let output = folder.url.appendingPathComponent(url.lastPathComponent)
            try editor.write(to: output)
            let after = try RuntimeOracle.list(output)
            #expect(after.runtimeResult == "success", "\(url.lastPathComponent)")
            let removedNames = Set(removed.map(\.uniqueName))
            let expected = before.referencersByUniqueName.filter { !removedNames.contains($0.uniqueName) }
            #expect(after.referencersByUniqueName.map(\.uniqueName) == expected.map(\.uniqueName), "\(url.lastPathComponent)")
            #expect(after.referencersByUniqueName.map(\.referencers) == expected.map(\.referencers), "\(url.lastPathComponent)")
            // Nothing that was removed was in use, and the file reads back without problems it did not have.
            #expect(before.referencersByUniqueName.filter { removedNames.contains($0.uniqueName) }.allSatisfy { $0.referencers.isEmpty })
            let reread = try RivFile(contentsOf: output)
            #expect(reread.unusedAssets.isEmpty || reread.unusedAssets.allSatisfy { !$0.isListed })
            savedBytes += file.byteCount - reread.byteCount
            pruned += 1
        }
        #expect(pruned > 0, "no corpus file has unused assets")
        #expect(savedBytes > 0)
    }

    /// A backboard, images `a` (id 5, unused) and `b` (id 5 as well: the runtime renumbers it),
    /// then an artboard whose image shows `b` and a rectangle.
    private func renumberedFile(extra: [(typeKey: UInt16, properties: [(key: UInt16, value: PropertyValue)])] = []) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("a")), (PK.fileAssetAssetId, .uint(5))])
        encoder.appendObject(typeKey: TK.fileAssetContents, properties: [(PK.fileAssetContentsBytes, .bytes(Payload.png(64)))])
        encoder.appendObject(typeKey: TK.imageAsset, properties: [(PK.assetName, .string("b")), (PK.fileAssetAssetId, .uint(5))])
        encoder.appendObject(typeKey: TK.fontAsset, properties: [(PK.assetName, .string("c")), (PK.fileAssetAssetId, .uint(9))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main"))])
        encoder.appendObject(typeKey: TK.image, properties: [(PK.componentName, .string("shows b")), (PK.imageAssetId, .uint(1))])
        encoder.appendObject(typeKey: TK.textStyle, properties: [(PK.textStyleFontAssetId, .uint(2))])
        for object in extra { encoder.appendObject(typeKey: object.typeKey, properties: object.properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("referencers are re-pointed and a renumbered id is written out, so unique names stay")
    func indicesAndIDsStay() throws {
        let file = try renumberedFile()
        #expect(file.assets.map(\.uniqueName) == ["a-5", "b-6", "c-9"])
        var editor = RivEditor(file)
        let removed = try editor.removeUnusedAssets()
        #expect(removed.map(\.uniqueName) == ["a-5"])
        let output = try RivFile(bytes: editor.makeBytes())
        #expect(output.assets.map(\.uniqueName) == ["b-6", "c-9"])
        #expect(output.assets.map(\.storedAssetID) == [6, 9])
        #expect(output.referencersByAsset.map { $0.map(\.name) } == [["shows b"], [""]])
        #expect(output.unusedAssets.isEmpty)
        #expect(output.byteCount < file.byteCount - 60)
    }

    @Test("a file that binds data to assets or has scripts is refused with the reason, unless forced")
    func refusesReachableAssets() throws {
        let bound = try renumberedFile(extra: [(TK.viewModelPropertyAssetImage, [(PK.viewModelComponentName, .string("photo"))])])
        var editor = RivEditor(bound)
        #expect(throws: RivEditError.assetsReachableAtRunTime(reasons: ["the file binds data to assets (1 ViewModelPropertyAssetImage)"])) {
            try editor.removeUnusedAssets()
        }
        #expect(!editor.hasChanges)
        #expect(try editor.removeUnusedAssets(skipChecks: true).map(\.uniqueName) == ["a-5"])

        let scripted = try renumberedFile(extra: [(TK.scriptedDrawable, [(PK.scriptedDrawableScriptAssetId, .uint(0))])])
        var scriptedEditor = RivEditor(scripted)
        #expect(throws: RivEditError.self) { try scriptedEditor.removeUnusedAssets() }
        let reasons: [String]
        do {
            try scriptedEditor.removeUnusedAssets()
            reasons = []
        } catch {
            guard error.code == .assetsReachableAtRunTime else { throw error }
            reasons = error.reasons
        }
        #expect(reasons == ["the file has scripts, which can ask for any asset (1 ScriptedDrawable)"])
    }

    @Test("an asset given new bytes in the same edit is kept; a removed asset takes no other edit")
    func editsCompose() throws {
        let file = try renumberedFile()
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.png(80, seed: 1)), in: file.assets[0])
        var second = RivEditor(file)
        try second.removeUnusedAssets()
        #expect(throws: RivEditError.assetAlreadyEdited(uniqueName: "a-5")) { try second.strip(file.assets[0]) }
        #expect(try editor.removeUnusedAssets().isEmpty)
    }
}
