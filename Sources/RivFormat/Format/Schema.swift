/// Rive's core schema as built into the reader: type keys and property keys with
/// their names and wire field types. The tables are generated from Rive's JSON
/// definitions by `Scripts/generate-schema.py`.
public enum Schema {
    /// One core type of the schema.
    public struct TypeDefinition: Sendable {
        /// The type key written before each object of this type.
        public let key: UInt16
        /// The schema's name for the type, e.g. `ImageAsset`.
        public let name: String
        /// The key of the type this one extends; 0 when it extends nothing.
        public let parentKey: UInt16
        /// Abstract types never appear in a file.
        public let isAbstract: Bool
        /// False for editor-only types, which Rive's runtime does not build: it reads an
        /// object of such a type (or of an abstract or unknown one) as a null object.
        public let isInRuntime: Bool
    }

    /// How Rive's C++ runtime reads the value of a property that the object's type declares.
    public enum RuntimeValue: Sendable {
        /// A varuint that must fit in 32 bits; a larger value is a range error that fails the import.
        case uint32
        /// A single byte (a bool), not a varuint.
        case byte
        /// A varuint length and that many bytes, checked against the end of the file.
        case string
        /// A varuint length and that many bytes, **not** checked against the end of the file.
        case bytes
        /// Four bytes, an IEEE 754 single.
        case float32
        /// Four bytes, a little-endian ARGB colour.
        case color
    }

    /// One property key of the schema.
    public struct PropertyDefinition: Sendable {
        /// The property key written before the value.
        public let key: UInt16
        /// The schema's name for the property, e.g. `assetId`.
        public let name: String
        /// How the value is encoded.
        public let fieldType: FieldType
        /// The type that declares the property.
        public let ownerTypeKey: UInt16
        /// False for editor-only properties that exported files do not carry.
        public let isExported: Bool
        /// How Rive's runtime reads the value when the object's type declares the property.
        public let runtimeValue: RuntimeValue
    }

    // Indexed by key (keys are small and dense): a lookup per property read is an
    // array access, not a hash.
    private static let typesByKey: [TypeDefinition?] = dense(generatedTypes, key: \.key)

    private static let propertiesByKey: [PropertyDefinition?] = dense(generatedProperties, key: \.key)

    /// `items` at their keys (the first of two with one key), nil elsewhere.
    private static func dense<Item>(_ items: [Item], key: (Item) -> UInt16) -> [Item?] {
        var table = [Item?](repeating: nil, count: Int(items.map(key).max() ?? 0) + 1)
        for item in items where table[Int(key(item))] == nil { table[Int(key(item))] = item }
        return table
    }

    /// The type with this key, if the schema has it.
    public static func type(forKey key: UInt16) -> TypeDefinition? { Int(key) < typesByKey.count ? typesByKey[Int(key)] : nil }

    /// The property with this key, if the schema has it.
    public static func property(forKey key: UInt16) -> PropertyDefinition? {
        Int(key) < propertiesByKey.count ? propertiesByKey[Int(key)] : nil
    }

    /// The schema name of a type key, or `type <key>` when the schema does not know it.
    public static func typeName(_ key: UInt16) -> String { type(forKey: key)?.name ?? "type \(key)" }

    /// The schema name of a property key, or nil when the schema does not know it.
    public static func propertyName(_ key: UInt16) -> String? { property(forKey: key)?.name }
}
