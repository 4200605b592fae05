import RivFormat
/// What one source of an ``AssetRegistry`` serves, indexed: the replacement for
/// a unique name is found with two lookups (its verbatim and encoded forms) and a
/// pass over the source's patterns only, so resolving every asset of many files
/// against a folder of many files stays linear.
struct ServedAssets {
    /// What the source served, in its order.
    let assets: [SourcedAsset]
    /// The first asset served under each exact (type, name).
    private let exact: [AssetRegistry.Key: Int]
    /// The patterns, in the order served.
    private let patterns: [Int]

    init(_ assets: [SourcedAsset]) {
        self.assets = assets
        var exact: [AssetRegistry.Key: Int] = [:]
        var patterns: [Int] = []
        for (index, asset) in assets.enumerated() {
            if asset.isPattern {
                patterns.append(index)
            } else {
                let key = AssetRegistry.Key(type: asset.type, name: asset.name)
                if exact[key] == nil { exact[key] = index }
            }
        }
        self.exact = exact
        self.patterns = patterns
    }

    /// The replacement for the asset `key`: the first exact one served (under the
    /// unique name or its encoded form), else the first pattern that matches.
    func first(for key: AssetRegistry.Key) -> SourcedAsset? {
        let verbatim = exact[key]
        let encoded = exact[AssetRegistry.Key(type: key.type, name: AssetFileName.encodedStem(key.name))]
        if let index = [verbatim, encoded].compactMap({ $0 }).min() { return assets[index] }
        return patterns.first { assets[$0].matches(key.name, type: key.type) }.map { assets[$0] }
    }
}
