/// Appends the format's primitive encodings to a growing byte buffer.
struct ByteWriter {
    var bytes: [UInt8] = []

    /// Appends `value` as unsigned LEB128.
    mutating func appendVarUInt(_ value: UInt64) {
        var remaining = value
        repeat {
            let low = UInt8(remaining & 0x7F)
            remaining >>= 7
            bytes.append(remaining == 0 ? low : low | 0x80)
        } while remaining != 0
    }

    /// Appends `value` as 4 little-endian bytes.
    mutating func appendUInt32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Appends a LEB128 length and then the bytes.
    mutating func appendLengthPrefixed<Bytes: Collection>(_ value: Bytes) where Bytes.Element == UInt8 {
        appendVarUInt(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Appends a property value in its field type's encoding.
    mutating func append(_ value: PropertyValue) {
        switch value {
        case .uint(let number): appendVarUInt(number)
        case .string(let text): appendLengthPrefixed(Array(text.utf8))
        case .bytes(let data): appendLengthPrefixed(data)
        case .float32(let number): appendUInt32(number.bitPattern)
        case .color(let argb): appendUInt32(argb)
        }
    }

    /// Appends a header: fingerprint, versions, file id and table of contents.
    mutating func appendHeader(majorVersion: UInt64, minorVersion: UInt64, fileID: UInt64,
                               tableOfContents: [RivHeader.TableOfContentsEntry]) {
        bytes.append(contentsOf: RivHeader.fingerprint)
        appendVarUInt(majorVersion)
        appendVarUInt(minorVersion)
        appendVarUInt(fileID)
        for entry in tableOfContents { appendVarUInt(UInt64(entry.key)) }
        appendVarUInt(0)
        var packed: UInt32 = 0
        for (index, entry) in tableOfContents.enumerated() {
            packed |= UInt32(entry.fieldType.rawValue) << (UInt32(index % 4) * 2)
            if index % 4 == 3 || index == tableOfContents.count - 1 {
                appendUInt32(packed)
                packed = 0
            }
        }
    }

    /// Appends one object: type key, properties, terminating 0.
    mutating func appendObject(typeKey: UInt16, properties: [(key: UInt16, value: PropertyValue)]) {
        appendVarUInt(UInt64(typeKey))
        appendProperties(properties)
        appendVarUInt(0)
    }

    /// Appends properties (each its key, then its value), as they stand inside an object.
    mutating func appendProperties(_ properties: [(key: UInt16, value: PropertyValue)]) {
        for property in properties {
            appendVarUInt(UInt64(property.key))
            append(property.value)
        }
    }
}
