extension Schema {
    /// Whether type `key` is `ancestor` or extends it (`Image` is a `Component`).
    /// A key the schema does not know is a kind of nothing but itself. Array lookups in
    /// the generated `parentKeys`, so that walking a type's ancestry costs nanoseconds.
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
