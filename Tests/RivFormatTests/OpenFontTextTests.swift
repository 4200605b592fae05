import Testing
import RivFormat
import RivTestSupport

/// Text a font draws that the file's runs do not hold: text inputs and fonts a
/// data binding can set (`FontTextRun.isOpen`).
@Suite struct OpenFontTextTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    /// A file with fonts `Inter` (list index 0) and `Brand` (1) and one artboard
    /// whose text style (object 2) uses Inter for a run reading "Hello".
    private func encoder(afterStyle: (inout RivFileBuilder) -> Void = { _ in }) -> RivFileBuilder {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.fontAsset, properties: [(PK.assetName, .string("Inter")), (PK.fileAssetAssetId, .uint(1))])
        encoder.appendObject(typeKey: TK.fontAsset, properties: [(PK.assetName, .string("Brand")), (PK.fileAssetAssetId, .uint(2))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main"))])                        // 0
        encoder.appendObject(typeKey: TK.text, properties: [(PK.componentParentId, .uint(0))])                                 // 1
        encoder.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentParentId, .uint(1)), (PK.textStyleFontAssetId, .uint(0))]) // 2
        afterStyle(&encoder)
        encoder.appendObject(typeKey: TK.textValueRun, properties: [(PK.componentParentId, .uint(1)), (PK.textValueRunStyleId, .uint(2)),
                                                                   (PK.textValueRunText, .string("Hello"))])
        return encoder
    }

    @Test("a text input is drawn with its first child style's font: its stored text is kept and the font is open")
    func textInputUsesItsFirstChildStyle() throws {
        var encoder = encoder()
        encoder.appendObject(typeKey: TK.textInput, properties: [(PK.componentParentId, .uint(0)), (PK.componentName, .string("Field")),
                                                                (PK.textInputText, .string("Zebra quiz"))])          // 4
        encoder.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentParentId, .uint(4)), (PK.textStyleFontAssetId, .uint(0))]) // 5
        encoder.appendObject(typeKey: TK.textStylePaint, properties: [(PK.componentParentId, .uint(4)), (PK.textStyleFontAssetId, .uint(1))]) // 6
        let file = try RivFile(bytes: encoder.bytes)
        let inter = try #require(file.fontText.first)
        #expect(file.assets[inter.assetIndex].name == "Inter")
        #expect(file.fontText.count == 1, "the second child style's font draws nothing")
        #expect(Set("Zebra quizHello".unicodeScalars).isSubset(of: inter.characters))
        #expect(inter.runs.map(\.source) == [.textRun, .textInput])
        #expect(inter.openRuns.map(\.name) == ["Field"])
    }

    @Test("a style whose font a data bind sets: its runs count for its font and every font a view model value names")
    func boundFontReachesViewModelFonts() throws {
        var encoder = encoder { encoder in
            encoder.appendObject(typeKey: TK.dataBindContext, properties: [(PK.dataBindPropertyKey, .uint(UInt64(PK.textStyleFontAssetId)))])
        }
        encoder.appendObject(typeKey: TK.viewModelInstanceAssetFont, properties: [(PK.viewModelInstanceAssetPropertyValue, .uint(1))])
        let file = try RivFile(bytes: encoder.bytes)
        #expect(file.fontText.map { file.assets[$0.assetIndex].name } == ["Inter", "Brand"])
        for text in file.fontText {
            #expect(Set("Hello".unicodeScalars).isSubset(of: text.characters))
            #expect(text.openRuns.count == 1 && text.runs[0].isFontBound)
        }
    }

    @Test("without a data bind on the style's font, a view model font value adds nothing and the run is not open")
    func unboundStyleStaysClosed() throws {
        var encoder = encoder()
        encoder.appendObject(typeKey: TK.viewModelInstanceAssetFont, properties: [(PK.viewModelInstanceAssetPropertyValue, .uint(1))])
        let file = try RivFile(bytes: encoder.bytes)
        #expect(file.fontText.count == 1)
        #expect(file.fontText.first?.openRuns.isEmpty == true)
    }
}
