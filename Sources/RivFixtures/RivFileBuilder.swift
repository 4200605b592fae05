import RivFormat

/// A `.riv` file under construction, record by record: the one way the project's
/// fixtures, tests and benchmark inputs build files.
///
/// Every byte is written by RivFormat's own ``RivEncoder``; the builder keeps the
/// records until ``bytes`` so that it can derive the table of contents from them.
/// Like the Rive editor's exports, a derived table declares every property key
/// above ``highestUndeclaredKey`` that the file uses, in order of first use, with
/// the field type it was written with; a given table is written as it is.
///
/// ```swift
/// var file = RivFileBuilder(fileID: 1)
/// file.appendBackboard()
/// file.appendAsset(Schema.TypeKey.imageAsset, name: "logo.png", id: 7)
/// file.appendContents(Payload.png())
/// let bytes = file.bytes
/// ```
public struct RivFileBuilder: Sendable {
    /// A property to write: its key and value.
    public typealias Property = (key: UInt16, value: PropertyValue)

    /// Keys up to this one are left to the reader's built-in schema by a derived table of contents.
    public static let highestUndeclaredKey: UInt16 = 160

    private let majorVersion: UInt64
    private let minorVersion: UInt64
    private let fileID: UInt64
    private let declared: [RivHeader.TableOfContentsEntry]?
    private var records: [Record] = []

    /// A file whose header carries `tableOfContents` as given; `majorVersion` should
    /// be 7 for readers to accept it.
    public init(majorVersion: UInt64 = RivHeader.supportedMajorVersion, minorVersion: UInt64 = 0,
                fileID: UInt64, tableOfContents: [RivHeader.TableOfContentsEntry]) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.fileID = fileID
        declared = tableOfContents
    }

    /// A file whose table of contents is derived from the properties written, as the editor's exports are.
    public init(minorVersion: UInt64 = 0, fileID: UInt64) {
        majorVersion = RivHeader.supportedMajorVersion
        self.minorVersion = minorVersion
        self.fileID = fileID
        declared = nil
    }

    /// The bytes of a file laid out the way the Rive editor exports one: a Backboard,
    /// a 500×500 Artboard named `Artboard` whose `artboardExtras` follow its size
    /// (no Artboard when `artboardExtras` is nil: `body` lays out the artboards),
    /// then what `body` appends; the table of contents is derived.
    public static func editorExport(fileID: UInt64, minorVersion: UInt64 = 0, artboardExtras: [Property]? = [],
                                    _ body: (inout RivFileBuilder) -> Void) -> [UInt8] {
        var file = RivFileBuilder(minorVersion: minorVersion, fileID: fileID)
        file.appendBackboard()
        if let artboardExtras { file.appendArtboard(name: "Artboard", width: 500, height: 500, extras: artboardExtras) }
        body(&file)
        return file.bytes
    }

    /// Appends a record.
    public mutating func append(_ record: Record) {
        records.append(record)
    }

    /// Appends any object, its properties in the given order.
    public mutating func appendObject(typeKey: UInt16, properties: [Property]) {
        append(Record(typeKey: typeKey, properties: properties))
    }

    /// Appends a Backboard, the object every file starts with.
    public mutating func appendBackboard() {
        appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
    }

    /// Appends an Artboard with the name and size given (as ``ArtboardRecord`` writes them), then `extras`.
    public mutating func appendArtboard(name: String? = nil, width: Float? = nil, height: Float? = nil, extras: [Property] = []) {
        appendObject(typeKey: Schema.TypeKey.artboard, properties: ArtboardRecord(name: name, width: width, height: height).properties + extras)
    }

    /// Appends a file asset record (see ``Record/asset(_:name:id:cdnUUID:baseURL:extras:)``).
    public mutating func appendAsset(_ typeKey: UInt16, name: String, id: UInt64, cdnUUID: [UInt8]? = nil,
                                     baseURL: String? = nil, extras: [Property] = []) {
        append(.asset(typeKey, name: name, id: id, cdnUUID: cdnUUID, baseURL: baseURL, extras: extras))
    }

    /// Appends an image asset record: its name, id, `extras`, then its stored width and height.
    public mutating func appendImage(name: String, id: UInt64, width: Float, height: Float, extras: [Property] = []) {
        let record = FileAssetRecord(typeKey: Schema.TypeKey.imageAsset, name: name, storedAssetID: id, width: width, height: height)
        appendObject(typeKey: record.typeKey, properties: record.properties(of: [.name, .assetID]) + extras + record.properties(of: [.width, .height]))
    }

    /// Appends an image asset that stores `side` as its width and height, then a
    /// contents record with a `side`×`side` gradient PNG (``Payload/gradientPNG(width:height:)``).
    public mutating func appendEmbeddedPNG(name: String, id: UInt64, side: Int, extras: [Property] = []) {
        appendImage(name: name, id: id, width: Float(side), height: Float(side), extras: extras)
        appendContents(Payload.gradientPNG(width: side, height: side))
    }

    /// Appends a FileAssetContents record (see ``Record/contents(_:signature:)``).
    public mutating func appendContents(_ bytes: [UInt8], signature: [UInt8]? = nil) {
        append(.contents(bytes, signature: signature))
    }

    /// The table of contents the header carries: the one given, or the one derived from the records.
    public var tableOfContents: [RivHeader.TableOfContentsEntry] {
        if let declared { return declared }
        var derived: [RivHeader.TableOfContentsEntry] = []
        var seen: Set<UInt16> = []
        for property in records.lazy.flatMap(\.properties) where property.key > Self.highestUndeclaredKey && seen.insert(property.key).inserted {
            derived.append(RivHeader.TableOfContentsEntry(key: property.key, fieldType: property.value.fieldType))
        }
        return derived
    }

    /// The file: the header, then every record in order.
    public var bytes: [UInt8] {
        var encoder = RivEncoder(majorVersion: majorVersion, minorVersion: minorVersion, fileID: fileID, tableOfContents: tableOfContents)
        for record in records { encoder.appendObject(typeKey: record.typeKey, properties: record.properties) }
        return encoder.bytes
    }
}
