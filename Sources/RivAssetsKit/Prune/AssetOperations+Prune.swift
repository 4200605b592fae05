import Foundation
import RivFormat

extension AssetOperations {
    /// Writes each input without the assets nothing uses (see
    /// `RivEditor.removeUnusedAssets(skipChecks:)`): their records and bytes
    /// go, every other asset keeps its stored id and unique name, and every object
    /// keeps showing the asset it showed.
    ///
    /// An input whose scripts or data binding could reach an asset at run time
    /// fails with the reason unless the request skips checks; an input with no
    /// unused asset is reported as unchanged (and copied to an output file or
    /// folder); an output file that exists with other bytes is refused unless the
    /// request overwrites. Each output is written to a temporary file and renamed.
    public static func prune(_ request: PruneRequest) throws(RequestError) -> PruneResult {
        let results = try RewriteStep.map(request.rewrite) { _, _, file, editor throws(RivEditError) in
            let removed = try editor.removeUnusedAssets(skipChecks: request.skipChecks)
            guard !removed.isEmpty else { return RewriteStep.Decision.unchanged("every asset is in use", PrunedAssets(removed: [])) }
            let sizes = Dictionary(file.assets.map { ($0.uniqueName, $0.embeddedByteCount) }, uniquingKeysWith: { first, _ in first })
            return .write(PrunedAssets(removed: removed.map { RemovedAsset(asset: $0.uniqueName, type: $0.type, bytes: sizes[$0.uniqueName] ?? 0) }))
        }
        return PruneResult(files: results, dryRun: request.rewrite.dryRun)
    }
}
