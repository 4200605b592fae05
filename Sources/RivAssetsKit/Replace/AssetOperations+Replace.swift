import Foundation
import RivFormat

extension AssetOperations {
    /// Writes each input with the request's replacements applied: an asset whose
    /// unique name and type match a replacement gets its bytes; a referenced or
    /// hosted one becomes embedded (its CDN uuid removed so runtimes stop fetching it).
    ///
    /// Every replacement file is checked, and the destination resolved, before any
    /// output is created. Replacement bytes are streamed from their files into each
    /// output, which is written to a temporary file and renamed, so a failure leaves
    /// inputs and existing outputs as they were.
    public static func replace(_ request: ReplaceRequest) throws(RequestError) -> ReplaceReport {
        try InputEngine.requireInputs(request.inputs)
        guard request.replacementFolder != nil || !request.replacements.isEmpty else {
            throw RequestError("give replacements: a folder of asset files, or named replacements")
        }
        let replacements = try ReplacementSet(request)
        let outputs = try OutputPaths.resolve(inputs: request.inputs, destination: request.destination)

        // Each input is read, rewritten and released on its own thread, so that a
        // large input's descriptor is not held while the others are written.
        let results = InputEngine.map(request.inputs, width: request.parallelism.width(automatic: ParallelWork.coreCount)) {
            index, path -> (file: ReplacedFile, matched: Set<ReplacementSet.Key>) in
            replace(path, writingTo: outputs[index], replacements, force: request.force)
        }
        let matched = results.reduce(into: Set<ReplacementSet.Key>()) { $0.formUnion($1.matched) }
        return ReplaceReport(files: results.map(\.file), unmatched: replacements.unmatched(besides: matched))
    }

    /// Rewrites one input; returns its report and the replacements it matched.
    private static func replace(_ path: String, writingTo output: URL, _ replacements: ReplacementSet,
                                force: Bool) -> (file: ReplacedFile, matched: Set<ReplacementSet.Key>) {
        var report = ReplacedFile(path: path, output: output.path, changes: [])
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error):
            report.error = error.message
            return (report, [])
        }
        var matched: Set<ReplacementSet.Key> = []
        var editor = RivEditor(file)
        do throws(RivEditError) {
            for asset in file.assets {
                guard let replacement = replacements.file(for: asset) else { continue }
                matched.insert(ReplacementSet.Key(type: asset.type, name: asset.uniqueName))
                try editor.embed(contentsOf: replacement, in: asset, force: force)
            }
            try editor.write(to: output)
            report.changes = editor.outcomes.map(AssetChange.init)
        } catch {
            let failure = InputFailure(path: path, error)
            report.error = failure.message
            report.remedy = failure.remedy
        }
        return (report, matched)
    }
}
