/// A variation axis value a text style sets on its font (a `TextStyleAxis`):
/// HarfBuzz and Rive's runtime shape the style's runs at these coordinates.
public struct FontAxisValue: Sendable, Equatable {
    /// The axis tag, four characters (`wght`, `wdth`, `opsz`).
    public var tag: String
    /// The value on the axis, in the font's design units for it (700 for bold on `wght`).
    public var value: Float
}
