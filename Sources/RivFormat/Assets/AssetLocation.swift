/// Where a runtime finds an asset's bytes.
public enum AssetLocation: String, Sendable, Hashable, Codable {
    /// The bytes are inside the `.riv` file.
    case embedded
    /// The app supplies the bytes (for example from a file named ``FileAsset/uniqueFilename``).
    case referenced
    /// The bytes are on the Rive CDN (see ``FileAsset/cdn``).
    case hosted
}

extension AssetLocation: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}
