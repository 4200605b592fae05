import Testing
@testable import RivFormat

/// The one walk from the object stream to artboards and their runtime indices.
@Suite("Artboard objects")
struct ArtboardObjectsTests {
    @Test("a key frame interpolator takes the next artboard index, as the runtime adds it like a component")
    func interpolatorTakesAnIndex() throws {
        typealias TK = Schema.TypeKey
        var encoder = RivEncoder(fileID: 1, tableOfContents: [])
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
}
