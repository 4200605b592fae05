import Foundation
import RivFormat

extension AssetOperations {
    /// Writes each input without the assets nothing uses (see
    /// `RivEditor.removeUnusedAssets(skipChecks:)`): their records and bytes
    /// go, every other asset keeps its stored id and unique name, and every object
    /// keeps showing the asset it showed.
    ///
    /// An input whose scripts or data binding could reach an asset at run time
    /// fails with the reason unless the request forces; an input with no unused
    /// asset is left alone and reported as skipped; an output file that exists is
    /// refused unless the request overwrites. Each output is written to a
    /// temporary file and renamed.
    public static func prune(_ request: PruneRequest) throws(RequestError) -> PruneReport {
        let results = try RewriteStep.map(request.inputs, destination: request.destination, overwrite: request.overwrite,
                                          dryRun: request.dryRun, parallelism: request.parallelism) { path, output, file, editor throws(RivEditError) in
            let removed = try editor.removeUnusedAssets(skipChecks: request.skipChecks)
            guard !removed.isEmpty else { return RewriteStep.Decision<PrunedFile>.skip("every asset is in use") }
            let bytesAfter = editor.outputByteCount
            let sizes = Dictionary(file.assets.map { ($0.uniqueName, $0.embeddedByteCount) }, uniquingKeysWith: { first, _ in first })
            return .write(PrunedFile(path: path, output: output.path,
                                     removed: removed.map { RemovedAsset(asset: $0.uniqueName, type: $0.type, bytes: sizes[$0.uniqueName] ?? 0) },
                                     bytesBefore: file.byteCount, bytesAfter: bytesAfter, bytesSaved: file.byteCount - bytesAfter))
        }
        let sorted = RewriteStep.sorted(results)
        return PruneReport(files: sorted.written, failures: sorted.failed, skipped: sorted.skipped, dryRun: request.dryRun)
    }
}
