/// What an edit did to one asset.
public struct AssetEditOutcome: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Action: String, Sendable, Hashable, Codable {
        /// Embedded bytes were replaced by new ones.
        case replaced
        /// A referenced asset received embedded bytes.
        case embedded
        /// A CDN-hosted asset received embedded bytes; its CDN uuid and base URL were removed
        /// so runtimes no longer fetch it.
        case embeddedFromCDN = "embedded-from-cdn"
        /// The embedded bytes were removed; the asset is now referenced (or hosted, if it has a CDN uuid).
        case stripped
        /// The asset took the contents (bytes, CDN location, pixel size) of another asset of its type.
        case swapped
        /// The asset's record and contents were removed: nothing used it.
        case removed
        /// The embedded bytes were removed and a CDN uuid and base URL stored: runtimes fetch it.
        case hosted
    }

    /// The asset's unique name in the original file.
    public let uniqueName: String
    /// The asset's type.
    public let type: AssetType
    /// What happened.
    public let action: Action
    /// The number of embedded bytes after the edit.
    public let byteCount: Int
    /// The number of embedded bytes before it (0 for an asset that was referenced or hosted).
    public let previousByteCount: Int

    /// `uniqueName: action (N bytes)`.
    public var description: String {
        switch action {
        case .stripped: "\(uniqueName): stripped"
        case .removed: "\(uniqueName): removed"
        case .hosted: "\(uniqueName): hosted"
        case .swapped: "\(uniqueName): swapped; now \(byteCount) embedded bytes"
        case .embeddedFromCDN: "\(uniqueName): embedded \(byteCount) bytes; CDN uuid and base URL removed"
        default: "\(uniqueName): \(action.rawValue) \(byteCount) bytes"
        }
    }
}

extension AssetEditOutcome.Action: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}
