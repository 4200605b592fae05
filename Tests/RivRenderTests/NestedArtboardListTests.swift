import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// An artboard list inside a nested artboard: its items come from the nested
/// artboard's data context, which at the host's setup pose exists only where a
/// nested artboard holds its own view model instance (or sits inside one that does).
@Suite("scenes: artboard lists in nested artboards")
struct NestedArtboardListTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey
    typealias Properties = [(key: UInt16, value: PropertyValue)]

    /// A host (no view model) nesting "List" directly, or through "Mid" when `deep`
    /// (both bound to view model "Main", whose default `count` is 3). "List" has a
    /// rectangle whose x is bound to `count` and a list of `count` items of "Item"
    /// (through a `DataConverterNumberToList`), each a 40×20 rectangle of its own
    /// colour. With `held`, the host's nested artboard holds an instance of "Main"
    /// whose `count` is 2.
    static func file(held: Bool, deep: Bool) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.dataConverterNumberToList, properties: [(PK.dataConverterNumberToListViewModelId, .uint(1))])
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Main"))])
        encoder.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [(PK.viewModelComponentName, .string("count"))])
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(0))])
        encoder.appendObject(typeKey: TK.viewModelInstanceNumber, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                               (PK.viewModelInstanceNumberPropertyValue, .float32(3))])
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Item"))])
        encoder.appendObject(typeKey: TK.viewModelPropertySymbolListIndex, properties: [(PK.viewModelComponentName, .string("index"))])
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(1))])
        encoder.appendObject(typeKey: TK.viewModelInstanceSymbolListIndex, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0))])

        func artboard(_ name: String, width: Float = 200, height: Float = 100, viewModel: UInt64?) {
            encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string(name)), (PK.layoutComponentWidth, .float32(width)),
                                                                    (PK.layoutComponentHeight, .float32(height))]
                                    + (viewModel.map { [(PK.artboardViewModelId, .uint($0))] } ?? []))
        }
        artboard("Host", viewModel: nil)
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(deep ? 1 : 2))])
        if held {
            encoder.appendObject(typeKey: TK.viewModelInstance, properties: [SetupPoseTests.parent(1), (PK.viewModelInstanceViewModelId, .uint(0))])
            encoder.appendObject(typeKey: TK.viewModelInstanceNumber, properties: [SetupPoseTests.parent(2), (PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                                  (PK.viewModelInstanceNumberPropertyValue, .float32(2))])
        }
        artboard("Mid", viewModel: 0)
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(2))])
        artboard("List", viewModel: 0)
        let rectangle = SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF00_0000)
        let x: (UInt16, Properties) = (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.nodeX))), (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        let list: [(UInt16, Properties)] = [
            (TK.artboardComponentList, [SetupPoseTests.parent(0)]),
            (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.artboardComponentListListSource))), (PK.dataBindConverterId, .uint(0)),
                                  (PK.dataBindContextSourcePathIds, .bytes([0, 0]))]),
        ]
        for (type, properties) in [rectangle[0], x] + rectangle.dropFirst() + list { encoder.appendObject(typeKey: type, properties: properties) }
        artboard("Item", width: 40, height: 20, viewModel: 1)
        for (type, properties) in SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF11_2233) {
            encoder.appendObject(typeKey: type, properties: properties)
        }
        return try RivFile(bytes: encoder.bytes)
    }

    /// The bound rectangle's x and the number of items drawn at the host's setup pose.
    static func setupPose(held: Bool, deep: Bool) throws -> (x: Double?, items: Int) {
        let calls = try ArtboardRenderer(file: try Self.file(held: held, deep: deep)).setupPose(artboardIndex: 0).drawCalls
        return (calls.first { $0.paint.color == 0xFF00_0000 }?.transform.values[4], calls.filter { $0.paint.color == 0xFF11_2233 }.count)
    }

    @Test("at the host's setup pose a list is bound with the rest of its artboard: by the instance a nested artboard holds, or one an outer nested artboard holds")
    func listsBindWithTheirArtboard() throws {
        let direct = try Self.setupPose(held: true, deep: false)
        #expect(direct.x == 2 && direct.items == 2)
        let deep = try Self.setupPose(held: true, deep: true)
        #expect(deep.x == 2 && deep.items == 2)
        let unbound = try Self.setupPose(held: false, deep: true)
        #expect(unbound.x == 0 && unbound.items == 0)
    }

    @Test("riv_render draws a list in a nested artboard as we do, at the host's setup pose and default scene",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for (held, deep) in [(true, false), (true, true), (false, false), (false, true)] {
            let setupPose = try FixtureOracle.difference(try Self.file(held: held, deep: deep), scene: "none", viewModel: "none")
            #expect(setupPose == nil, "setup pose, held \(held), deep \(deep): \(setupPose ?? "")")
            let scene = try FixtureOracle.difference(try Self.file(held: held, deep: deep), scene: "default")
            #expect(scene == nil, "default scene, held \(held), deep \(deep): \(scene ?? "")")
        }
    }
}
