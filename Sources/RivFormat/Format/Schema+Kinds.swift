extension Schema {
    /// Each type key's parent type key (0 for none), indexed by type key: array
    /// lookups, so that walking a type's ancestry costs nanoseconds.
    static let parentKeys: [UInt16] = {
        var table = [UInt16](repeating: 0, count: Int(generatedTypes.map(\.key).max() ?? 0) + 1)
        for type in generatedTypes { table[Int(type.key)] = type.parentKey }
        return table
    }()

    /// Whether type `key` is `ancestor` or extends it (`Image` is a `Component`).
    /// A key the schema does not know is a kind of nothing but itself.
    public static func isKind(_ key: UInt16, of ancestor: UInt16) -> Bool {
        isKind(key, of: ancestor, in: parentKeys)
    }

    /// ``isKind(_:of:)`` with the parent table passed in (hot loops keep a local copy).
    static func isKind(_ key: UInt16, of ancestor: UInt16, in parents: [UInt16]) -> Bool {
        var current = key
        for _ in 0..<64 {
            if current == ancestor { return true }
            guard Int(current) < parents.count, parents[Int(current)] != 0 else { return false }
            current = parents[Int(current)]
        }
        return false
    }
}
