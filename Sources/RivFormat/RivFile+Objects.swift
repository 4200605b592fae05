extension RivFile {
    /// The object whose record starts at `offset` (an offset a listing or usage
    /// gave, such as ``AssetReferencer/offset``), or nil when no record starts there.
    public func object(at offset: Int) -> RivObject? {
        guard offset >= header.objectsOffset, offset < storage.count else { return nil }
        var stream = ObjectStreamReader(reader: ByteReader(storage.bytes, offset: offset), header: header)
        guard let (typeKey, start) = try? stream.beginObject(), let properties = try? stream.readProperties() else { return nil }
        return RivObject(typeKey: typeKey, range: start..<stream.offset, properties: properties)
    }

    /// The bytes of the value of `property` (without a length prefix), lent from the file.
    func valueBytes(of property: RivProperty) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: storage.bytes[property.valueRange])
    }

    /// The value of a `.varUInt` property (uint, id, enum, bool as 0/1); 0 for another field type.
    public func uintValue(of property: RivProperty) -> UInt64 {
        guard property.fieldType == .varUInt else { return 0 }
        return storage.bytes.varUIntValue(in: property.valueRange)
    }

    /// The value of a `.float32` property; 0 for another field type.
    public func floatValue(of property: RivProperty) -> Float {
        guard property.fieldType == .float32 else { return 0 }
        return storage.bytes.float32Value(in: property.valueRange)
    }

    /// The value of a `.color` property as 0xAARRGGBB; 0 for another field type.
    public func colorValue(of property: RivProperty) -> UInt32 {
        guard property.fieldType == .color else { return 0 }
        return storage.bytes.uint32Value(in: property.valueRange)
    }

    /// The value of a `.bytes` property read as UTF-8 text (invalid sequences
    /// become U+FFFD); empty for another field type.
    public func stringValue(of property: RivProperty) -> String {
        guard property.fieldType == .bytes else { return "" }
        return storage.bytes.stringValue(in: property.valueRange)
    }

    /// The value of a `.bytes` property read as a list of varuints (an id list such as
    /// a data bind's `sourcePathIds`), up to the first malformed or truncated number;
    /// empty for another field type.
    public func idListValue(of property: RivProperty) -> [UInt64] {
        guard property.fieldType == .bytes else { return [] }
        var reader = ByteReader(storage.bytes, offset: property.valueRange.lowerBound)
        var values: [UInt64] = []
        while reader.offset < property.valueRange.upperBound, let value = try? reader.readVarUInt(), reader.offset <= property.valueRange.upperBound {
            values.append(value)
        }
        return values
    }
}
