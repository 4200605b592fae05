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
        Schema.isKind(typeKey, of: ancestor)
    }

    /// How the runtime skips a property the object's type does not declare.
    enum FallbackRead: Equatable {
        /// It reads a value this way.
        case read(Schema.RuntimeValue)
        /// It reads nothing: the registry's field id of a bool has no case in the
        /// runtime's fallback switch (checked against the runtime), so the next byte
        /// is read as the next property key.
        case nothing
    }

    /// The callback keys the runtime reads as uint32: the declaring type at each
    /// key's index (0 for a key that is no callback).
    private static let callbackOwners: [UInt16] = {
        var owners = [UInt16](repeating: 0, count: Int(Schema.runtimeCallbackKeys.map { $0.key }.max() ?? 0) + 1)
        for callback in Schema.runtimeCallbackKeys where owners[Int(callback.key)] == 0 { owners[Int(callback.key)] = callback.ownerTypeKey }
        return owners
    }()

    /// The type declaring the callback `key`; nil when `key` is no callback.
    private static func callbackOwner(_ key: UInt16) -> UInt16? {
        guard Int(key) < callbackOwners.count, callbackOwners[Int(key)] != 0 else { return nil }
        return callbackOwners[Int(key)]
    }

    /// How an object of `typeKey` reads property `key` itself; nil when the type does
    /// not declare it (the runtime then falls back to ``registryFallback(of:)``).
    static func valueKind(of key: UInt16, on typeKey: UInt16) -> Schema.RuntimeValue? {
        if let owner = callbackOwner(key) { return isKind(typeKey, of: owner) ? .uint32 : nil }
        guard let property = Schema.property(forKey: key), property.isExported,
              isKind(typeKey, of: property.ownerTypeKey) else { return nil }
        return property.runtimeValue
    }

    /// Whether `key` places a node: its `x`, `y`, `rotation`, `scaleX` or `scaleY`
    /// (an artboard's own `x` and `y` included), floats that must be finite to be drawn.
    static func isTransformValue(_ key: UInt16) -> Bool {
        switch key {
        case Schema.PropertyKey.nodeX, Schema.PropertyKey.nodeY, Schema.PropertyKey.nodeXArtboard, Schema.PropertyKey.nodeYArtboard,
             Schema.PropertyKey.transformComponentRotation, Schema.PropertyKey.transformComponentScaleX,
             Schema.PropertyKey.transformComponentScaleY: true
        default: false
        }
    }

    /// The field type the runtime reads `key` with whatever the file's ToC declares: a
    /// callback is a varuint, a property of a type the runtime builds has its schema type
    /// (its own type reads it, else `CoreRegistry::propertyFieldId` does); nil for keys
    /// only the editor knows, which the runtime reads by the file's ToC. Checked against
    /// the runtime for every schema key, each declared in a file's ToC as another type.
    static func registryFieldType(of key: UInt16) -> FieldType? {
        if callbackOwner(key) != nil { return .varUInt }
        return registryProperty(key)?.fieldType
    }

    /// How the runtime skips `key` by its registry's field id (`CoreRegistry::propertyFieldId`);
    /// nil for keys only the editor knows (the runtime then asks the file's ToC).
    static func registryFallback(of key: UInt16) -> FallbackRead? {
        if callbackOwner(key) != nil { return .read(.uint32) }
        guard let property = registryProperty(key) else { return nil }
        return property.runtimeValue == .byte ? .nothing : tocFallback(property.fieldType.rawValue)
    }

    /// The property `key` names when the runtime's registry knows it: exported, of a type the runtime builds.
    private static func registryProperty(_ key: UInt16) -> Schema.PropertyDefinition? {
        guard let property = Schema.property(forKey: key), property.isExported,
              Schema.type(forKey: property.ownerTypeKey)?.isInRuntime == true else { return nil }
        return property
    }

    /// How the runtime skips a key by the field type code the file's ToC gives it.
    static func tocFallback(_ code: UInt8) -> FallbackRead {
        switch code {
        case 0: .read(.uint32)
        case 1: .read(.string)
        default: .read(.float32)
        }
    }
}
