import RivFormat

/// A `.riv` file under construction, laid out the way the Rive editor exports
/// one: a Backboard, an Artboard, then the file assets, each followed by its
/// contents record when its bytes are embedded.
///
/// The table of contents is derived from the properties written: like the
/// editor's exports, it declares every property key above 160 that the file
/// uses, in order of first use, with the field type it was written with.
struct FixtureFile {
    typealias Property = (key: UInt16, value: PropertyValue)

    /// Keys up to this one are left to the reader's built-in schema.
    static let highestUndeclaredKey: UInt16 = 160

    private let minorVersion: UInt64
    private let fileID: UInt64
    private var objects: [(typeKey: UInt16, properties: [Property])] = []

    /// Starts a file with a Backboard and, unless `artboardExtras` is nil, a 500×500
    /// Artboard; `artboardExtras` follow the artboard's name, width and height.
    private init(fileID: UInt64, minorVersion: UInt64, artboardExtras: [Property]?) {
        self.fileID = fileID
        self.minorVersion = minorVersion
        append(typeKey: Schema.TypeKey.backboard, properties: [])
        guard let artboardExtras else { return }
        append(typeKey: Schema.TypeKey.artboard, properties: [
            (Schema.PropertyKey.componentName, .string("Artboard")),
            (Schema.PropertyKey.layoutComponentWidth, .float32(500)),
            (Schema.PropertyKey.layoutComponentHeight, .float32(500)),
        ] + artboardExtras)
    }

    /// The bytes of a file that `body` fills after the Backboard and the Artboard
    /// (after the Backboard alone when `artboardExtras` is nil: `body` lays out the artboards).
    static func bytes(fileID: UInt64, minorVersion: UInt64 = 0, artboardExtras: [Property]? = [],
                      _ body: (inout FixtureFile) -> Void) -> [UInt8] {
        var file = FixtureFile(fileID: fileID, minorVersion: minorVersion, artboardExtras: artboardExtras)
        body(&file)
        return file.encoded()
    }

    /// Appends any object.
    mutating func append(typeKey: UInt16, properties: [Property]) {
        objects.append((typeKey, properties))
    }

    /// Appends a file asset record: its name, its stored id, then `extras`.
    mutating func appendAsset(_ typeKey: UInt16, name: String, id: UInt64, extras: [Property] = []) {
        append(typeKey: typeKey, properties: [(Schema.PropertyKey.assetName, .string(name)), (Schema.PropertyKey.fileAssetAssetId, .uint(id))] + extras)
    }

    /// Appends an image asset record with its stored width and height.
    mutating func appendImage(name: String, id: UInt64, width: Float, height: Float, extras: [Property] = []) {
        appendAsset(Schema.TypeKey.imageAsset, name: name, id: id, extras: extras + [
            (Schema.PropertyKey.drawableAssetWidth, .float32(width)),
            (Schema.PropertyKey.drawableAssetHeight, .float32(height)),
        ])
    }

    /// Appends an image asset that embeds a `side`×`side` gradient PNG and stores that
    /// width and height, then its contents record.
    mutating func appendEmbeddedPNG(name: String, id: UInt64, side: Int, extras: [Property] = []) {
        appendImage(name: name, id: id, width: Float(side), height: Float(side), extras: extras)
        appendContents(PNGImage.gradient(width: side, height: side))
    }

    /// Appends a FileAssetContents record: the embedded bytes and, when given, a signature.
    mutating func appendContents(_ bytes: [UInt8], signature: [UInt8]? = nil) {
        let signed = signature.map { [(Schema.PropertyKey.fileAssetContentsSignature, PropertyValue.bytes($0))] } ?? []
        append(typeKey: Schema.TypeKey.fileAssetContents, properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes(bytes))] + signed)
    }

    /// The file: header with the derived table of contents, then every object.
    private func encoded() -> [UInt8] {
        var declared: [RivHeader.TableOfContentsEntry] = []
        for property in objects.flatMap(\.properties)
        where property.key > Self.highestUndeclaredKey && !declared.contains(where: { $0.key == property.key }) {
            declared.append(RivHeader.TableOfContentsEntry(key: property.key, fieldType: property.value.fieldType))
        }
        var encoder = RivEncoder(minorVersion: minorVersion, fileID: fileID, tableOfContents: declared)
        for object in objects { encoder.appendObject(typeKey: object.typeKey, properties: object.properties) }
        return encoder.bytes
    }
}
