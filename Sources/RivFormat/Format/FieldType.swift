/// How a property value is encoded on the wire; the 2-bit codes of the table of contents.
public enum FieldType: UInt8, Sendable, Hashable, CaseIterable {
    /// Code 0: a LEB128 unsigned value (uint, id, bool, enum, zigzag int).
    case varUInt = 0
    /// Code 1: a LEB128 length followed by that many bytes (string, bytes, id lists).
    case bytes = 1
    /// Code 2: a 32-bit little-endian IEEE float.
    case float32 = 2
    /// Code 3: a 32-bit little-endian ARGB color.
    case color = 3
}
