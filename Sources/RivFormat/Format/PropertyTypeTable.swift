/// The field type of every property key one file can use, read as Rive's runtime
/// reads it: a key the runtime knows by its schema type (the file's table of contents
/// cannot change it), any other key by the table of contents where it lists it, by the
/// built-in schema otherwise (properties only the editor writes).
struct PropertyTypeTable: Sendable {
    private var codes: [UInt8]

    /// The schema's field type codes with the callbacks the runtime reads as varuints
    /// (the schema gives callbacks no wire type), built once for every file.
    private static let runtimeCodes: [UInt8] = {
        var codes = Schema.fieldTypeCodes
        for callback in Schema.runtimeCallbackKeys {
            if Int(callback.key) >= codes.count { codes.append(contentsOf: repeatElement(0xFF, count: Int(callback.key) + 1 - codes.count)) }
            codes[Int(callback.key)] = FieldType.varUInt.rawValue
        }
        return codes
    }()

    init(tableOfContents: [RivHeader.TableOfContentsEntry]) {
        codes = Self.runtimeCodes
        if let largest = tableOfContents.map(\.key).max(), Int(largest) >= codes.count {
            codes.append(contentsOf: repeatElement(0xFF, count: Int(largest) + 1 - codes.count))
        }
        for entry in tableOfContents where RuntimeTypes.registryFieldType(of: entry.key) == nil {
            codes[Int(entry.key)] = entry.fieldType.rawValue
        }
    }

    /// The field type of `key`, or nil when neither the runtime, the file nor the schema knows it.
    @inline(__always)
    func fieldType(of key: UInt16) -> FieldType? {
        let index = Int(key)
        guard index < codes.count else { return nil }
        return FieldType(rawValue: codes[index])
    }
}
