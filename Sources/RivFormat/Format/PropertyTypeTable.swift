/// The field type of every property key one file can use: the file's table of
/// contents where it lists the key, the built-in schema otherwise.
struct PropertyTypeTable: Sendable {
    private var codes: [UInt8]

    init(tableOfContents: [RivHeader.TableOfContentsEntry]) {
        codes = Schema.fieldTypeCodes
        if let largest = tableOfContents.map(\.key).max(), Int(largest) >= codes.count {
            codes.append(contentsOf: repeatElement(0xFF, count: Int(largest) + 1 - codes.count))
        }
        for entry in tableOfContents { codes[Int(entry.key)] = entry.fieldType.rawValue }
    }

    /// The field type of `key`, or nil when neither the file nor the schema knows it.
    @inline(__always)
    func fieldType(of key: UInt16) -> FieldType? {
        let index = Int(key)
        guard index < codes.count else { return nil }
        return FieldType(rawValue: codes[index])
    }
}
