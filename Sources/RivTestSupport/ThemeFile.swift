import RivFormat

/// A file whose drawing depends on the view model instance bound: view model `Theme`
/// with a colour `ink` and two instances, `Day` (green, `0xFF00FF00`, the default: the
/// first) and `Night` (blue, `0xFF0000FF`); one artboard (200×100) bound to it whose
/// only shape, a 40×20 rectangle, is filled with `ink` through a data bind.
public enum ThemeFile {
    /// The encoded file.
    public static func bytes() -> [UInt8] {
        typealias TK = Schema.TypeKey
        typealias PK = Schema.PropertyKey
        var file = RivFileBuilder(fileID: 1, tableOfContents: [])
        file.appendBackboard()
        file.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Theme"))])
        file.appendObject(typeKey: TK.viewModelPropertyColor, properties: [(PK.viewModelComponentName, .string("ink"))])
        for (name, color) in [("Day", 0xFF00_FF00), ("Night", 0xFF00_00FF)] as [(String, UInt32)] {
            file.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.componentName, .string(name)), (PK.viewModelInstanceViewModelId, .uint(0))])
            file.appendObject(typeKey: TK.viewModelInstanceColor, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                                  (PK.viewModelInstanceColorPropertyValue, .color(color))])
        }
        file.appendArtboard(name: "Main", width: 200, height: 100, extras: [(PK.artboardViewModelId, .uint(0))])
        file.appendObject(typeKey: TK.shape, properties: [(PK.componentParentId, .uint(0))])
        file.appendObject(typeKey: TK.rectangle, properties: [(PK.componentParentId, .uint(1)), (PK.parametricPathWidth, .float32(40)), (PK.parametricPathHeight, .float32(20))])
        file.appendObject(typeKey: TK.fill, properties: [(PK.componentParentId, .uint(1))])
        file.appendObject(typeKey: TK.solidColor, properties: [(PK.componentParentId, .uint(3)), (PK.solidColorColorValue, .color(0xFF00_0000))])
        file.appendObject(typeKey: TK.dataBindContext, properties: [(PK.dataBindPropertyKey, .uint(UInt64(PK.solidColorColorValue))),
                                                                       (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        return file.bytes
    }
}
