/// A view model: the data an app binds to the file.
public struct ViewModelInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its properties in file order.
    public var properties: [ViewModelPropertyInspection]
    /// The names of its instances.
    public var instances: [String]
}

/// One property of a view model.
public struct ViewModelPropertyInspection: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// `string`, `number`, `boolean`, `color`, `trigger`, `enumCustom`, `viewModel`, `list`, `assetImage`, ...:
    /// the schema's type name without `ViewModelProperty`.
    public var type: String
}

extension ViewModelInspection: PropertiesDescribed {}

extension ViewModelPropertyInspection: PropertiesDescribed {}
