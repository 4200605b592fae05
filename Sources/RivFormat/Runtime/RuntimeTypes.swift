/// The runtime's view of the schema: which types it builds, which properties
/// each type reads itself (and how), and the field type its registry gives a key.
enum RuntimeTypes {
    /// A type the runtime builds, or nil for keys it skips (unknown, abstract or editor-only types).
    static func runtimeType(_ key: UInt16) -> UInt16? {
        guard let type = Schema.type(forKey: key), !type.isAbstract, type.isInRuntime else { return nil }
        return key
    }

    /// True when `typeKey` is `ancestor` or extends it.
    static func isKind(_ typeKey: UInt16, of ancestor: UInt16) -> Bool {
        var key = typeKey
        for _ in 0..<64 {
            if key == ancestor { return true }
            guard let parent = Schema.type(forKey: key)?.parentKey, parent != 0 else { return false }
            key = parent
        }
        return false
    }

    /// How an object of `typeKey` reads property `key` itself; nil when the type does
    /// not declare it (the runtime then falls back to ``registryFieldCode(of:)``).
    static func valueKind(of key: UInt16, on typeKey: UInt16) -> Schema.RuntimeValue? {
        guard let property = Schema.property(forKey: key), property.isExported,
              isKind(typeKey, of: property.ownerTypeKey) else { return nil }
        return property.runtimeValue
    }

    /// The field type code the runtime's registry gives `key` (`CoreRegistry::propertyFieldId`);
    /// nil for keys only the editor knows.
    static func registryFieldCode(of key: UInt16) -> UInt8? {
        guard let property = Schema.property(forKey: key), property.isExported,
              Schema.type(forKey: property.ownerTypeKey)?.isInRuntime == true else { return nil }
        return property.fieldType.rawValue
    }
}
