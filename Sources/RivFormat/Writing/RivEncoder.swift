/// Builds a `.riv` file from scratch, object by object.
///
/// ```swift
/// var encoder = RivEncoder(fileID: 1, tableOfContents: [])
/// encoder.appendObject(typeKey: 23, properties: [])                        // Backboard
/// encoder.appendObject(typeKey: 105, properties: [(203, .string("logo.png")), (204, .uint(7))])
/// encoder.appendObject(typeKey: 106, properties: [(212, .bytes(pngBytes))])
/// let bytes = encoder.bytes
/// ```
///
/// The encoder writes what it is given: it does not check that the objects make
/// sense to a Rive runtime. Properties the built-in schema does not know must be
/// declared in `tableOfContents` for a reader to skip them.
public struct RivEncoder: Sendable {
    private var writer = ByteWriter()

    /// Starts a file with a header; `majorVersion` should be 7 for readers to accept it.
    public init(majorVersion: UInt64 = RivHeader.supportedMajorVersion, minorVersion: UInt64 = 0,
                fileID: UInt64, tableOfContents: [RivHeader.TableOfContentsEntry]) {
        writer.appendHeader(majorVersion: majorVersion, minorVersion: minorVersion, fileID: fileID,
                            tableOfContents: tableOfContents)
    }

    /// Appends an object with its properties in the given order.
    public mutating func appendObject(typeKey: UInt16, properties: [(key: UInt16, value: PropertyValue)]) {
        writer.appendObject(typeKey: typeKey, properties: properties)
    }

    /// The file so far.
    public var bytes: [UInt8] { writer.bytes }
}
