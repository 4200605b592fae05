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
        try InputEngine.requireInputs(request.inputs)
        let outputs = try OutputPaths.resolve(inputs: request.inputs, destination: request.destination, creatingFolder: !request.dryRun)
        let replacing = request.destination == .inPlace || request.overwrite
        let results = InputEngine.map(request.inputs, width: request.parallelism.width(automatic: ParallelWork.coreCount)) { index, path in
            prune(path, writingTo: outputs[index], request, replacing: replacing)
        }
        var report = PruneReport(files: [], failures: [], skipped: [], dryRun: request.dryRun)
        for result in results {
            switch result {
            case .pruned(let file): report.files.append(file)
            case .skipped(let skipped): report.skipped.append(skipped)
            case .failed(let failure): report.failures.append(failure)
            }
        }
        return report
    }

    private enum PruneResult: Sendable {
        case pruned(PrunedFile)
        case skipped(SkippedInput)
        case failed(InputFailure)
    }

    private static func prune(_ path: String, writingTo output: URL, _ request: PruneRequest, replacing: Bool) -> PruneResult {
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error): return .failed(InputFailure(path: path, message: error.message))
        }
        var editor = RivEditor(file)
        do throws(RivEditError) {
            let removed = try editor.removeUnusedAssets(skipChecks: request.skipChecks)
            guard !removed.isEmpty else { return .skipped(SkippedInput(path: path, reason: "every asset is in use")) }
            try RivEditor.checkDestination(output, overwrite: replacing)
            if !request.dryRun { try editor.write(to: output, overwrite: replacing) }
            let bytesAfter = editor.outputByteCount
            let sizes = Dictionary(file.assets.map { ($0.uniqueName, $0.embeddedByteCount) }, uniquingKeysWith: { first, _ in first })
            return .pruned(PrunedFile(path: path, output: output.path,
                                      removed: removed.map { RemovedAsset(asset: $0.uniqueName, type: $0.type, bytes: sizes[$0.uniqueName] ?? 0) },
                                      bytesBefore: file.byteCount, bytesAfter: bytesAfter, bytesSaved: file.byteCount - bytesAfter))
        } catch {
            return .failed(InputFailure(path: path, error))
        }
    }
}
