/// The text `print` shows for the package's model values (results, listings,
/// inspections): `Name(label: value, ...)` with every stored property under its
/// own name, the value of an optional or of a ``NullEncoded`` wrapper shown as
/// itself or `nil` (not `Optional(3)`, not the wrapper), strings quoted, and
/// the values inside (nested models, arrays, enums) as their own descriptions.
/// The one rule every model's `description` follows.
package enum ModelDescription {
    /// The description of `value`, made from its stored properties.
    package static func of(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let fields = mirror.children.map { child -> String in
            guard let label = child.label else { return text(child.value) }
            if let wrapper = child.value as? any AbsentAsNull {
                return "\(label.dropFirst()): \(wrapper.present.map(text) ?? "nil")"
            }
            return "\(label): \(text(child.value))"
        }
        return "\(mirror.subjectType)(\(fields.joined(separator: ", ")))"
    }

    /// One value as a field shows it: an optional as its value or `nil`, a string quoted.
    private static func text(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { text($0.value) } ?? "nil"
        }
        return String(reflecting: value)
    }
}

/// A value that may be absent and is written as `null` then: ``NullEncoded``, whose
/// value ``ModelDescription`` shows in place of the wrapper.
package protocol AbsentAsNull {
    /// The value, nil when absent.
    var present: Any? { get }
}

extension NullEncoded: AbsentAsNull {
    /// ``wrappedValue``, for ``ModelDescription``.
    package var present: Any? { wrappedValue }
}
