import Foundation
import Testing
import RivTestSupport
import RivTestTags
@testable import RivFormat

/// How a property's field type is decided when a file's table of contents declares
/// it as something else (SPEC section 3): Rive's runtime reads a key it knows by its
/// own type and asks the ToC only for keys it does not know.
@Suite("The field type of a property key the table of contents declares otherwise")
struct PropertyFieldTypeTests {
    /// A file whose ToC declares `property` with another field type than the schema's,
    /// holding an ImageAsset with `property` written by its schema type, then the
    /// asset's name `probe`: the name reads back only when the key was read by the
    /// schema's type.
    static func probe(_ property: Schema.PropertyDefinition) -> [UInt8] {
        let declared: FieldType = property.fieldType == .bytes ? .varUInt : .bytes
        let value: PropertyValue = switch property.fieldType {
        case .varUInt: .uint(5)
        case .bytes: .bytes(Array("abcd".utf8))
        case .float32: .float32(1)
        case .color: .color(0xFF00_00FF)
        }
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [.init(key: property.key, fieldType: declared)])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(property.key, value), (Schema.PropertyKey.assetName, .string("probe"))])
        return encoder.bytes
    }

    /// True when the probe of `property` read its asset's name back.
    static func readsName(_ bytes: [UInt8]) -> Bool {
        (try? RivFile(bytes: bytes))?.assets.first?.name == "probe"
    }

    @Test("every key the runtime knows is read by its schema type whatever the ToC declares; every key only the editor writes, by the ToC")
    func everySchemaKey() {
        var runtimeKeys = 0, editorKeys = 0
        for property in Schema.allProperties {
            let bytes = Self.probe(property)
            if RuntimeTypes.registryFieldType(of: property.key) != nil {
                runtimeKeys += 1
                #expect(Self.readsName(bytes), "key \(property.key) \(property.name) was read by the ToC's type")
            } else {
                editorKeys += 1
                #expect(!Self.readsName(bytes), "key \(property.key) \(property.name) was not read by the ToC's type")
            }
        }
        #expect(runtimeKeys > 500 && editorKeys > 100, "\(runtimeKeys) runtime keys, \(editorKeys) editor keys")
    }

    @Test("Rive's runtime reads every probe as the reader and the prediction say: the name when it knows the key (but a bool on a type without it, where it reads nothing), the verdict predicted",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func everySchemaKeyAgainstTheRuntime() throws {
        let directory = try TemporaryDirectory()
        let properties = Schema.allProperties
        var urls: [URL] = []
        for property in properties {
            urls.append(URL(fileURLWithPath: try directory.write("key-\(property.key).riv", Self.probe(property))))
        }
        let verdicts = try RuntimeOracle.list(urls)
        for (property, verdict) in zip(properties, verdicts) {
            let bytes = Self.probe(property)
            let runtimeReadsName = verdict.loaderCalls.map { $0["name"] as? String } == ["probe"]
            let readByType = RuntimeTypes.registryFieldType(of: property.key) != nil
            let ownProperty = RuntimeTypes.valueKind(of: property.key, on: Schema.TypeKey.imageAsset) != nil
            let readsNothing = readByType && !ownProperty && property.runtimeValue == .byte
            #expect(runtimeReadsName == (readByType && !readsNothing), "key \(property.key) \(property.name): runtime \(verdict.runtimeResult)")
            #expect(Self.readsName(bytes) == readByType, "key \(property.key) \(property.name)")
            let prediction = RuntimePrediction(bytes: bytes)
            #expect((prediction.result == .success) == (verdict.runtimeResult == "success"),
                    "key \(property.key) \(property.name): runtime \(verdict.runtimeResult), predicted \(prediction)")
        }
    }
}
