import RivFormat
import RivSupport

/// The assets of a file that ``AssetOperations/verify(_:)`` did not check because the
/// request gave nothing to check them against (`uncheckedAssets` in `verify --json`).
public struct UncheckedAssets: Codable, Sendable, Equatable {
    /// Referenced assets, unchecked without an assets folder (`--assets DIR`).
    public var referenced = 0
    /// Referenced assets of types the assets folder does not supply (`--assets DIR --type TYPES`).
    public var referencedOfOtherTypes = 0
    /// Hosted assets, unchecked without a cache (`--offline`) or an upload folder (`--upload-dir DIR`).
    public var hosted = 0

    /// Nothing unchecked.
    public init() {}

    /// One phrase per kind left unchecked, naming the request field that checks
    /// it as ``RequestField`` spells it: that 3 referenced assets are not
    /// checked names ``VerifyRequest/assetsFolder``. Empty when everything was checked.
    public var phrases: [String] {
        var phrases: [String] = []
        if referenced > 0 { phrases.append("\(Self.count(referenced, "referenced")) not checked (give \(RequestField.verifyAssetsFolder))") }
        if referencedOfOtherTypes > 0 {
            phrases.append("\(Self.count(referencedOfOtherTypes, "referenced")) of types \(RequestField.verifyAssetsFolder) does not supply not checked (see \(RequestField.verifyAssetsFolderTypes))")
        }
        if hosted > 0 { phrases.append("\(Self.count(hosted, "hosted")) not checked (give \(RequestField.verifyHostedAssets) or \(RequestField.verifyUploadFolder))") }
        return phrases
    }

    private static func count(_ count: Int, _ location: String) -> String {
        CountedNoun.text(count, "\(location) asset")
    }
}

extension UncheckedAssets: PropertiesDescribed {}
