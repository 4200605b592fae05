import Testing
@testable import RivFormat
import RivTestSupport

/// The one walk from the object stream to artboards and their runtime indices, and the readers that follow it.
@Suite("Artboard objects")
struct ArtboardObjectsTests {
    private typealias TK = Schema.TypeKey

    @Test("a key frame interpolator takes the next artboard index, as the runtime adds it like a component")
    func interpolatorTakesAnIndex() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.artboard, properties: [])
        encoder.appendObject(typeKey: TK.shape, properties: [(Schema.PropertyKey.componentParentId, .uint(0))])
        encoder.appendObject(typeKey: TK.fill, properties: [(Schema.PropertyKey.componentParentId, .uint(1))])
        encoder.appendObject(typeKey: TK.cubicEaseInterpolator, properties: [])
        encoder.appendObject(typeKey: TK.elasticInterpolator, properties: [])
        encoder.appendObject(typeKey: TK.linearAnimation, properties: [])
        encoder.appendObject(typeKey: TK.keyedObject, properties: [(Schema.PropertyKey.keyedObjectObjectId, .uint(1))])
        let artboard = try #require(RivFile(bytes: encoder.bytes).artboardObjects().first)
        #expect(artboard.objects.map { $0?.typeKey } == [TK.artboard, TK.shape, TK.fill, TK.cubicEaseInterpolator, TK.elasticInterpolator])
        #expect(artboard.otherRecords.map(\.typeKey) == [TK.linearAnimation, TK.keyedObject])
    }

    @Test("every reader places objects as the one walk does: a view model property the runtime cannot build takes an index in inspect too")
    func everyReaderAgrees() throws {
        typealias PK = Schema.PropertyKey
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.fontAsset, properties: [(PK.assetName, .string("Inter.ttf")), (PK.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("VM"))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main"))])
        // Abstract in the schema: the runtime reads it as a null object of the artboard.
        encoder.appendObject(typeKey: TK.viewModelPropertySymbol, properties: [])
        encoder.appendObject(typeKey: TK.text, properties: [(PK.componentName, .string("title")), (PK.componentParentId, .uint(0))])
        encoder.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentParentId, .uint(2)), (PK.textStyleFontAssetId, .uint(0))])
        encoder.appendObject(typeKey: TK.textValueRun, properties: [(PK.componentName, .string("run")), (PK.componentParentId, .uint(2)),
                                                                     (PK.textValueRunStyleId, .uint(3)), (PK.textValueRunText, .string("Hi"))])
        encoder.appendObject(typeKey: TK.linearAnimation, properties: [])
        // After the first animation a null object belongs to the animation's importers: no index.
        encoder.appendObject(typeKey: TK.viewModelPropertySymbol, properties: [])
        let file = try RivFile(bytes: encoder.bytes)
        let placements = file.placedObjects.map(\.placement)
        #expect(placements.map(\.artboardIndex) == [nil, nil, nil, 0, 0, 0, 0, 0, 0, 0])
        #expect(placements.map(\.objectIndex) == [nil, nil, nil, 0, 1, 2, 3, 4, nil, nil])
        #expect(placements.map(\.role) == [.other, .other, .other, .artboard, .null, .component, .component, .component, .animation, .null])
        #expect(file.referencersByAsset.first?.map(\.objectIndex) == [3])
        let inspection = file.inspect()
        #expect(inspection.artboards.map(\.objectCount) == [5])
        #expect(inspection.artboards.first?.textRuns.map(\.fontAssetIndex) == [0])
        #expect(inspection.artboards.first?.textObjects == ["title"])
        #expect(file.fontText.first?.runs.map(\.name) == ["run"])
        #expect(InsertionPoints(file).artboards.map(\.indexedCount) == [5])
        #expect(file.artboardObjects().first?.objects.count == 5)
    }

    @Test("an artboard named twice is named by its last name everywhere, as the runtime reads it")
    func artboardNamedTwice() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.artboard, properties: [(Schema.PropertyKey.componentName, .string("Old")), (Schema.PropertyKey.componentName, .string("New"))])
        let file = try RivFile(bytes: encoder.bytes)
        #expect(file.artboardNames == ["New"])
        #expect(file.inspect().artboards.map(\.name) == ["New"])
        #expect(InsertionPoints(file).artboards.map(\.name) == ["New"])
    }
}
