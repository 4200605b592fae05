import RivFormat
import RivAssetRegistry

/// A registry source that always serves the same replacements: the named
/// replacements of `replace --watch` (names and patterns, in the order given),
/// asked before the folder as `replace` asks them.
struct FixedAssetSource: ImmediateAssetSource {
    let id: String
    let assets: [SourcedAsset]

    func currentAssetsImmediately() throws -> [SourcedAsset] {
        assets
    }
}
