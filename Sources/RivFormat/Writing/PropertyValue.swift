/// A property value to write, in one of the four wire encodings.
public enum PropertyValue: Sendable, Hashable {
    /// A `.varUInt` value (uint, id, bool as 0/1, enum).
    case uint(UInt64)
    /// A `.bytes` value holding UTF-8 text.
    case string(String)
    /// A `.bytes` value holding raw bytes.
    case bytes([UInt8])
    /// A `.float32` value.
    case float32(Float)
    /// A `.color` value (ARGB).
    case color(UInt32)

    /// The field type the value is written with.
    public var fieldType: FieldType {
        switch self {
        case .uint: .varUInt
        case .string, .bytes: .bytes
        case .float32: .float32
        case .color: .color
        }
    }
}
