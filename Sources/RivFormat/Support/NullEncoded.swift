/// An optional value that JSON encoding writes as `null` when absent, instead of
/// leaving its key out (which is what Swift's synthesized `Encodable` does), so a
/// result always has the same keys. Decoding accepts `null` and a missing key alike.
///
/// ```swift
/// struct Row: Codable { @NullEncoded var error: String? }
/// // {"error": null}
/// ```
@propertyWrapper
public struct NullEncoded<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The value, nil when absent.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the value, or nil from `null`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Encodes the value, or `null` when absent.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// Decoding of ``NullEncoded`` values whose key may be missing.
extension KeyedDecodingContainer {
    /// Decodes a ``NullEncoded`` value whose key may be missing altogether.
    public func decode<Value>(_ type: NullEncoded<Value>.Type, forKey key: Key) throws -> NullEncoded<Value> {
        try decodeIfPresent(type, forKey: key) ?? NullEncoded(wrappedValue: nil)
    }
}

extension NullEncoded: CustomStringConvertible, CustomDebugStringConvertible {
    /// The value as an optional prints (`Optional(3)`, `nil`): what `print` shows
    /// inside a result, rather than the wrapper.
    public var description: String { String(describing: wrappedValue) }
    /// The same as ``description``.
    public var debugDescription: String { description }
}
