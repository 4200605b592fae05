import RivFormat

/// What one source of an ``AssetRegistry`` serves, with the index
/// (``ReplacementIndex``) that finds the replacement for an asset.
struct ServedAssets {
    /// What the source served, in its order.
    let assets: [SourcedAsset]
    private let index: ReplacementIndex

    init(_ assets: [SourcedAsset]) {
        self.assets = assets
        index = ReplacementIndex(assets)
    }

    /// The replacement for the asset `key`: the first exact one served (under its
    /// name, else the encoded form), else the first pattern that matches.
    func first(for key: AssetNameKey) -> SourcedAsset? {
        index.best(key.name, type: key.type).map { assets[$0] }
    }
}
