import Testing
import RivFormat
import RivTestSupport

/// The variation axis values a text style sets reach the runs that use it (`FontTextRun.axisValues`).
@Suite struct FontAxisValueTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    @Test func eachRunCarriesItsStylesAxisValuesInFileOrder() throws {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.fontAsset, properties: [(PK.assetName, .string("Inter")), (PK.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main"))])                       // 0
        encoder.appendObject(typeKey: TK.text, properties: [(PK.componentParentId, .uint(0))])                                // 1
        encoder.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentParentId, .uint(1)), (PK.textStyleFontAssetId, .uint(0))]) // 2
        encoder.appendObject(typeKey: TK.textStyleAxis, properties: [(PK.componentParentId, .uint(2)), (PK.textStyleAxisTag, .uint(0x7767_6874)),
                                                                    (PK.textStyleAxisAxisValue, .float32(700))])              // 3: wght
        encoder.appendObject(typeKey: TK.textStyleAxis, properties: [(PK.componentParentId, .uint(2)), (PK.textStyleAxisTag, .uint(0x7764_7468)),
                                                                    (PK.textStyleAxisAxisValue, .float32(87.5))])             // 4: wdth
        encoder.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentParentId, .uint(1)), (PK.textStyleFontAssetId, .uint(0))]) // 5
        encoder.appendObject(typeKey: TK.textValueRun, properties: [(PK.componentParentId, .uint(1)), (PK.textValueRunStyleId, .uint(2)),
                                                                   (PK.textValueRunText, .string("Bold"))])
        encoder.appendObject(typeKey: TK.textValueRun, properties: [(PK.componentParentId, .uint(1)), (PK.textValueRunStyleId, .uint(5)),
                                                                   (PK.textValueRunText, .string("plain"))])
        let text = try #require(try RivFile(bytes: encoder.bytes).fontText.first)
        #expect(text.runs.map(\.text) == ["Bold", "plain"])
        #expect(text.runs[0].axisValues.map(\.tag) == ["wght", "wdth"] && text.runs[0].axisValues.map(\.value) == [700, 87.5])
        #expect(text.runs[1].axisValues.isEmpty)
    }
}
