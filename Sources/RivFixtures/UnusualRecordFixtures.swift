import RivFormat

/// Files with records a reader must get through without the schema's help, or must report.
enum UnusualRecordFixtures {
    /// A string property key absent from the schema, declared only in the table of contents.
    static let editorNoteKey: UInt16 = 4000
    /// A float32 property key absent from the schema, declared only in the table of contents.
    static let editorScaleKey: UInt16 = 4001
    /// A type key absent from the schema.
    static let futureTypeKey: UInt16 = 4090

    /// Two ScriptAssets (one signed with 64 bytes) and a BlobAsset, all stored with id 0 as the editor writes scripts.
    static func unknownAssetKinds() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 401) { file in
            file.appendAsset(Schema.TypeKey.scriptAsset, name: "main.lua", id: 0)
            file.appendContents(Array("return function() end\n".utf8), signature: (0..<64).map { UInt8($0 * 7 % 256) })
            file.appendAsset(Schema.TypeKey.scriptAsset, name: "util.lua", id: 0)
            file.appendContents(Array("local M = {}\nreturn M\n".utf8))
            file.appendAsset(Schema.TypeKey.blobAsset, name: "table.bin", id: 0)
            file.appendContents([0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x01, 0x02, 0x03])
        }
    }

    /// Properties 4000 (string) and 4001 (float32) inside the artboard and inside an
    /// image record, and an object of unknown type 4090: only the table of contents says how to skip them.
    static func tocOnlyProperties() -> [UInt8] {
        let artboardExtras: [RivFileBuilder.Property] = [(editorNoteKey, .string("drawn by hand")), (editorScaleKey, .float32(0.5))]
        return RivFileBuilder.editorExport(fileID: 402, artboardExtras: artboardExtras) { file in
            file.appendEmbeddedPNG(name: "badge.png", id: 70, side: 4, extras: [
                (editorNoteKey, .string("from the style guide")),
                (editorScaleKey, .float32(2)),
            ])
            file.appendObject(typeKey: futureTypeKey, properties: [(editorScaleKey, .float32(1.25)), (editorNoteKey, .string("?"))])
        }
    }

    /// A contents record straight after the artboard, which belongs to no asset, then a normal embedded image.
    static func orphanContents() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 403) { file in
            file.appendContents(PNGImage.gradient(width: 2, height: 2))
            file.appendEmbeddedPNG(name: "kept.png", id: 80, side: 2)
        }
    }

    /// An image record, then a shape-like object of another type, then the image's
    /// contents: Rive's runtime still binds them to the image; the reader does and reports it.
    static func separatedContents() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 405) { file in
            file.appendImage(name: "apart.png", id: 95, width: 2, height: 2)
            file.appendObject(typeKey: 3, properties: [(4, .string("Shape between"))])
            file.appendContents(PNGImage.gradient(width: 2, height: 2))
        }
    }

    /// Two contents records after one image, a JPEG then a PNG: the runtime keeps the last.
    static func repeatedContents() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 404) { file in
            file.appendImage(name: "twice.png", id: 90, width: 2, height: 2)
            file.appendContents(JPEGSignature.blob(comment: "replaced"))
            file.appendContents(PNGImage.gradient(width: 2, height: 2))
        }
    }

    /// Minor version 3 and a file id that takes three LEB128 bytes.
    static func minorVersion() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 300_000, minorVersion: 3) { $0.appendEmbeddedPNG(name: "icon.png", id: 1, side: 2) }
    }
}
