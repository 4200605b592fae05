import RivAssetRegistry
import RivFormat
import RivHostedAssets

/// The bridge from hosted assets to an `AssetRegistry`.
extension HostedAssetFetcher {
    /// Fetches every hosted image, font and audio asset of `files` and registers
    /// its bytes in `registry` under its unique name, as Rive's Apple runtime asks
    /// apps to do for hosted assets. Returns what failed; the rest is registered.
    public func registerHostedAssets(of files: [RivFile], in registry: AssetRegistry) async -> [HostedAssetError] {
        let assets = files.flatMap(\.assets).filter { $0.cdn != nil && $0.type.isReplaceable }
        var failures: [HostedAssetError] = []
        for (asset, outcome) in zip(assets, await dataOfAll(assets)) {
            switch outcome {
            case .success(let data):
                registry.addGlobalAsset(data, name: asset.uniqueName, type: asset.type)
            case .failure(let error):
                failures.append(error)
            }
        }
        return failures
    }
}
