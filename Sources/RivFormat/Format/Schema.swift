/// Rive's core schema as built into the reader: type keys and property keys with
/// their names and wire field types. The tables (arrays indexed by key) are generated
/// from Rive's JSON definitions by `Scripts/generate-schema.py`.
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
    /// The raw values are the codes of the generated table `propertyFlags`.
    public enum RuntimeValue: UInt8, Sendable {
        /// A varuint that must fit in 32 bits; a larger value is a range error that fails the import.
        case uint32 = 0
        /// A single byte (a bool), not a varuint.
        case byte = 1
        /// A varuint length and that many bytes, checked against the end of the file.
        case string = 2
        /// A varuint length and that many bytes, **not** checked against the end of the file.
        case bytes = 3
        /// Four bytes, an IEEE 754 single.
        case float32 = 4
        /// Four bytes, a little-endian ARGB colour.
        case color = 5
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

    // The bits of the generated `typeFlags` and `propertyFlags` (Scripts/generate-schema.py
    // writes them). The tables are indexed by key (keys are small and dense): a lookup per
    // property read is a few array accesses, not a hash, and nothing is built from them.
    private static let typeKnown: UInt8 = 1, typeAbstract: UInt8 = 2, typeInRuntime: UInt8 = 4
    private static let propertyExported: UInt8 = 8, propertyRuntimeValue: UInt8 = 7

    /// The type with this key, if the schema has it.
    public static func type(forKey key: UInt16) -> TypeDefinition? {
        let index = Int(key)
        guard index < typeFlags.count, typeFlags[index] & typeKnown != 0 else { return nil }
        return TypeDefinition(key: key, name: typeNames[index], parentKey: parentKeys[index],
                              isAbstract: typeFlags[index] & typeAbstract != 0, isInRuntime: typeFlags[index] & typeInRuntime != 0)
    }

    /// The property with this key, if the schema has it.
    public static func property(forKey key: UInt16) -> PropertyDefinition? {
        let index = Int(key)
        guard index < fieldTypeCodes.count, let fieldType = FieldType(rawValue: fieldTypeCodes[index]),
              let runtimeValue = RuntimeValue(rawValue: propertyFlags[index] & propertyRuntimeValue) else { return nil }
        return PropertyDefinition(key: key, name: propertyNames[index], fieldType: fieldType, ownerTypeKey: propertyOwnerKeys[index],
                                  isExported: propertyFlags[index] & propertyExported != 0, runtimeValue: runtimeValue)
    }

    /// Every property key of the schema, alternate keys included, sorted by key (built at
    /// each call: for going through them all, not for lookups).
    static var allProperties: [PropertyDefinition] { fieldTypeCodes.indices.compactMap { property(forKey: UInt16($0)) } }

    /// The schema name of a type key, or `type <key>` when the schema does not know it.
    public static func typeName(_ key: UInt16) -> String { type(forKey: key)?.name ?? "type \(key)" }

    /// The schema name of a property key, or nil when the schema does not know it.
    public static func propertyName(_ key: UInt16) -> String? { property(forKey: key)?.name }
}
