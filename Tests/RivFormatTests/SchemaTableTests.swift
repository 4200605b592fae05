import Foundation
import Testing
import RivTestSupport
@testable import RivFormat

/// The built-in schema table (SPEC section 4): generated as arrays of literals that the
/// compiler checks cheaply, read by key as the struct API the package uses.
@Suite("The built-in schema table")
struct SchemaTableTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    @Test("every generated table is an array of literals with its element type written out, no initialiser inside (a fresh debug build needed 5.9 GB in one compiler process for 1,219 of them)")
    func generatedTablesArePlainLiterals() throws {
        let source = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("Sources/RivFormat/Format/Schema+Generated.swift"),
                                encoding: .utf8)
        let declarations = source.split(separator: "\n").filter { $0.hasPrefix("    static let ") }
        let plain = ["[UInt8] = [", "[UInt16] = [", "[String] = [", "[(key: UInt16, ownerTypeKey: UInt16)] = ["]
        #expect(declarations.count >= 8)
        for declaration in declarations {
            #expect(plain.contains { declaration.contains(": " + $0) }, "\(declaration)")
        }
        #expect(!source.contains("Definition("), "a struct initialiser in the generated table")
    }

    @Test("a type read from the tables has the schema's name, parent and flags; keys the schema lacks have none")
    func types() throws {
        let image = try #require(Schema.type(forKey: TK.imageAsset))
        #expect(image.key == 105 && image.name == "ImageAsset" && image.parentKey == 104 && !image.isAbstract && image.isInRuntime)
        let fileAsset = try #require(Schema.type(forKey: TK.fileAsset))
        #expect(fileAsset.name == "FileAsset" && fileAsset.isAbstract)
        let guide = try #require(Schema.type(forKey: TK.guide))
        #expect(guide.name == "Guide" && !guide.isInRuntime)
        #expect(Schema.type(forKey: 0) == nil && Schema.type(forKey: 32) == nil && Schema.type(forKey: UInt16(Schema.typeFlags.count)) == nil)
        #expect(Schema.typeName(TK.layeredAsset) == "LayeredAsset" && Schema.typeName(32) == "type 32")
        #expect(Schema.isKind(TK.imageAsset, of: TK.fileAsset) && !Schema.isKind(TK.fileAsset, of: TK.imageAsset))
    }

    @Test("a property read from the tables has the schema's name, field type, declaring type, export flag and runtime value")
    func properties() throws {
        let assetId = try #require(Schema.property(forKey: PK.fileAssetAssetId))
        #expect(assetId.name == "assetId" && assetId.fieldType == .varUInt && assetId.ownerTypeKey == TK.fileAsset
                && assetId.isExported && assetId.runtimeValue == .uint32)
        let name = try #require(Schema.property(forKey: PK.componentName))
        #expect(name.name == "name" && name.fieldType == .bytes && name.ownerTypeKey == TK.component && name.runtimeValue == .string)
        let xArtboard = try #require(Schema.property(forKey: PK.nodeXArtboard))
        #expect(xArtboard.name == "xArtboard" && xArtboard.fieldType == .float32 && xArtboard.runtimeValue == .float32)
        #expect(Schema.property(forKey: 0) == nil && Schema.propertyName(UInt16(Schema.fieldTypeCodes.count)) == nil)
        let all = Schema.allProperties
        #expect(all.map(\.key) == all.map(\.key).sorted() && all.count > 800)
        #expect(all.allSatisfy { Schema.type(forKey: $0.ownerTypeKey) != nil && !$0.name.isEmpty })
        #expect(all.contains { !$0.isExported } && all.contains { $0.runtimeValue == .byte } && all.contains { $0.fieldType == .color })
    }
}
