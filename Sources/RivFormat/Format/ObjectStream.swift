/// One property of an object: its key, field type, and where its value lies in the file.
public struct RivProperty: Sendable, Equatable {
    /// The property key.
    public let key: UInt16
    /// How the value is encoded.
    public let fieldType: FieldType
    /// The offset of the property key.
    public let offset: Int
    /// The bytes of the value. For `.bytes` properties this excludes the length prefix.
    public let valueRange: Range<Int>
}

/// One object of the object stream: a type key and its properties.
public struct RivObject: Sendable, Equatable {
    /// The type key (see ``Schema/typeName(_:)`` for its name).
    public let typeKey: UInt16
    /// The bytes of the whole object record, from its type key to its terminating 0.
    public let range: Range<Int>
    /// The properties in file order.
    public let properties: [RivProperty]

    /// The first property with `key`, if any.
    public func property(_ key: UInt16) -> RivProperty? {
        properties.first { $0.key == key }
    }
}

/// A streaming walk over the objects of a file, one property at a time.
///
/// The walk holds no objects: callers read a type key with ``beginObject()``
/// and then each property with ``nextProperty()`` until it returns nil.
struct ObjectStreamReader {
    private var reader: ByteReader
    private let types: PropertyTypeTable
    private var objectTypeKey: UInt16 = 0
    private var objectOffset = 0

    init(bytes: UnsafeRawBufferPointer, header: RivHeader) {
        self.init(reader: ByteReader(bytes, offset: header.objectsOffset), header: header)
    }

    /// A walk that continues with `reader`, which stands at the first object.
    init(reader: ByteReader, header: RivHeader) {
        self.reader = reader
        types = PropertyTypeTable(tableOfContents: header.tableOfContents)
    }

    /// Lends `body` the bytes of `range`, part of the value of property `key` of the
    /// current object (see ``ByteReader/withBytes(in:_:)``).
    mutating func withBytes<Result>(in range: Range<Int>, ofProperty key: UInt16,
                                    _ body: (UnsafeRawBufferPointer) -> Result) throws(RivError) -> Result {
        do throws(ReadFailure) {
            return try reader.withBytes(in: range, body)
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: "the value of \(propertyDescription(key))")
        }
    }

    /// The offset of the next unread byte.
    var offset: Int { reader.offset }

    /// Starts the next object and returns its type key and offset; nil at the end of the file.
    @inline(__always)
    mutating func beginObject() throws(RivError) -> (typeKey: UInt16, offset: Int)? {
        guard !reader.isAtEnd else { return nil }
        objectOffset = reader.offset
        do throws(ReadFailure) {
            objectTypeKey = try reader.readKey()
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: "the type key of the object at offset \(objectOffset)")
        }
        return (objectTypeKey, objectOffset)
    }

    /// Reads the next property of the current object; nil at the object's terminating 0.
    @inline(__always)
    mutating func nextProperty() throws(RivError) -> RivProperty? {
        let keyOffset = reader.offset
        let key: UInt16
        do throws(ReadFailure) {
            key = try reader.readKey()
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: "a property key of \(objectDescription)")
        }
        if key == 0 { return nil }
        guard let fieldType = types.fieldType(of: key) else {
            throw RivError(.unknownPropertyKey(key), offset: keyOffset, reading: objectDescription)
        }
        do throws(ReadFailure) {
            let range: Range<Int>
            switch fieldType {
            case .varUInt:
                let start = reader.offset
                _ = try reader.readVarUInt()
                range = start..<reader.offset
            case .bytes:
                range = try reader.readLengthPrefixed()
            case .float32, .color:
                range = try reader.skip(4)
            }
            return RivProperty(key: key, fieldType: fieldType, offset: keyOffset, valueRange: range)
        } catch {
            throw RivError(error.reason, offset: error.offset, reading: propertyDescription(key))
        }
    }

    /// Reads the rest of the current object's properties.
    mutating func readProperties() throws(RivError) -> [RivProperty] {
        var properties: [RivProperty] = []
        while let property = try nextProperty() { properties.append(property) }
        return properties
    }

    /// Skips the rest of the current object.
    mutating func skipProperties() throws(RivError) {
        while try nextProperty() != nil {}
    }

    private var objectDescription: String {
        "\(Schema.typeName(objectTypeKey)) at offset \(objectOffset)"
    }

    private func propertyDescription(_ key: UInt16) -> String {
        let name = Schema.propertyName(key).map { " (\($0))" } ?? ""
        return "property \(key)\(name) of \(objectDescription)"
    }
}
