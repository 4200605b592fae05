import Foundation
import RivTestSupport
import Testing
@testable import RivFormat

@Suite("The asset kind table")
struct AssetKindTests {
    @Test("each kind's row gives its type key, schema name, runtime extension and accepted formats")
    func rows() {
        let expected: [(AssetKind, UInt16, String, String, [ContentFormat]?)] = [
            (.image, 105, "ImageAsset", "png", [.png, .jpeg, .webp]),
            (.font, 141, "FontAsset", "ttf", [.ttf, .otf]),
            (.audio, 406, "AudioAsset", "wav", [.wav, .mp3, .flac, .ogg]),
            (.script, 529, "ScriptAsset", "lua", nil),
            (.scriptModule, 1071, "ScriptModuleAsset", "wasm", nil),
            (.shader, 970, "ShaderAsset", "rstb", nil),
            (.blob, 649, "BlobAsset", "blob", nil),
            (.manifest, 642, "ManifestAsset", "man", nil),
        ]
        #expect(AssetKind.allCases == expected.map(\.0))
        for (kind, typeKey, name, fileExtension, formats) in expected {
            #expect(kind.typeKey == typeKey)
            #expect(AssetKind(typeKey: typeKey) == kind)
            #expect(kind.name == name)
            #expect(kind.runtimeFileExtension == fileExtension)
            #expect(kind.acceptedFormats == formats)
            // AssetType reads the same row.
            let type = AssetType(kind)
            #expect(type.kind == kind && type.typeKey == typeKey && type.kindName == name)
            #expect(type.runtimeFileExtension == fileExtension && type.acceptedFormats == formats)
        }
        #expect(AssetType.replaceable == [.image, .font, .audio])
        #expect(AssetKind.allCases.filter(\.isSignable) == [.script, .scriptModule, .shader])
    }

    @Test("a type key of no row has no kind: listed, no extension, no accepted formats")
    func typeKeysOfNoRow() {
        #expect(AssetKind(typeKey: Schema.TypeKey.image) == nil)
        let svg = AssetType(typeKey: 132)
        #expect(svg == .unknown(132) && svg.kind == nil)
        #expect(svg.isListed && svg.runtimeFileExtension.isEmpty && svg.acceptedFormats == nil && !svg.isSignable)
    }

    @Test("only manifests stay out of the runtime's asset list, and keep their stored id")
    func listed() throws {
        #expect(AssetKind.allCases.filter { !$0.isListed } == [.manifest])
        let file = try RivFile(bytes: Inputs.file([
            .image("a.png", 4),
            TestAsset(typeKey: Schema.TypeKey.manifestAsset, name: "names", id: 4),
            .font("b.ttf", 4),
        ]))
        #expect(file.assets.map(\.isListed) == [true, false, true])
        #expect(file.listedAssets.map(\.uniqueName) == ["a-4", "b-5"])
        #expect(file.assets[1].assetID == 4)
        #expect(file.unusedAssets.map(\.uniqueName) == ["a-4", "b-5"])
    }
}
