/// A model value (a result, a listing, an inspection) that `print` and string
/// interpolation show as `Name(label: value, ...)`: its stored properties by name,
/// an absent value as `nil`, a present one as itself (no `Optional(...)`, no JSON
/// wrapper), by the one rule of `ModelDescription`. Conforming is all a model does.
public protocol PropertiesDescribed: CustomStringConvertible {}

extension PropertiesDescribed {
    /// Its properties by name, as `print` shows them: an absent value as `nil`,
    /// a present one as itself (no `Optional(...)`, no JSON wrapper).
    public var description: String { ModelDescription.of(self) }
}
