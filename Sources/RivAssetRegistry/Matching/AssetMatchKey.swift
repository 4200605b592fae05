import RivFormat

/// What of an asset a replacement's name is compared with.
public enum AssetMatchKey: Sendable, Hashable {
    /// The asset's unique name (`Inter-102113`): one asset of one file.
    case uniqueName
    /// The asset's name without its extension (`Inter` for `Inter.ttf`): the same
    /// in every file that uses the asset, whatever id each gave it.
    case nameWithoutExtension

    /// The string of `asset` that names are compared with.
    public func key(of asset: FileAsset) -> String {
        switch self {
        case .uniqueName: asset.uniqueName
        case .nameWithoutExtension: Self.withoutExtension(asset.name)
        }
    }

    /// `Inter.ttf` -> `Inter`: a name as the unique name uses it, without its extension.
    public static func withoutExtension(_ name: String) -> String {
        name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    }
}
