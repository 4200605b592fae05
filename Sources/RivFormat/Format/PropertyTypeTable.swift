/// The field type of every property key one file can use, read as Rive's runtime
/// reads it: a key the runtime knows by its schema type (the file's table of contents
/// cannot change it), any other key by the table of contents where it lists it, by the
/// built-in schema otherwise (properties only the editor writes).
struct PropertyTypeTable: Sendable {
    private var codes: [UInt8]

    init(tableOfContents: [RivHeader.TableOfContentsEntry]) {
        codes = Schema.fieldTypeCodes
        let largest = max(tableOfContents.map(\.key).max() ?? 0, Schema.runtimeCallbackKeys.map(\.key).max() ?? 0)
        if Int(largest) >= codes.count {
            codes.append(contentsOf: repeatElement(0xFF, count: Int(largest) + 1 - codes.count))
        }
        for callback in Schema.runtimeCallbackKeys { codes[Int(callback.key)] = FieldType.varUInt.rawValue }
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
