import Foundation
import RivFormat

extension AssetOperations {
    /// Loads every replacement into one ``RivFormat/AssetRegistry`` and writes each
    /// input with them applied: an asset whose unique name and type match gets the
    /// new bytes; a referenced or hosted one becomes embedded (its CDN uuid removed).
    ///
    /// Replacements are all read, and the destination checked, before any output is
    /// created. Each output is written to a temporary file and renamed, so a failure
    /// leaves inputs and existing outputs as they were.
    public static func replace(_ request: ReplaceRequest) throws(RequestError) -> ReplaceReport {
        try InputEngine.requireInputs(request.inputs)
        guard request.replacementFolder != nil || !request.replacements.isEmpty else {
            throw RequestError("give replacements: a folder of asset files, or named replacements")
        }
        let registry = AssetRegistry()
        if let folder = request.replacementFolder { try ReplacementLoader.loadFolder(folder, into: registry) }
        for replacement in request.replacements { try ReplacementLoader.load(replacement, into: registry) }
        let outputs = try OutputPaths.resolve(inputs: request.inputs, destination: request.destination)

        // Each input is read, rewritten and released on its own thread, so that a
        // large input's descriptor is not held while the others are written.
        let files = InputEngine.map(request.inputs, width: request.parallelism.width(automatic: ParallelWork.coreCount)) {
            index, path -> ReplacedFile in
            let output = outputs[index]
            var report = ReplacedFile(path: path, output: output.path, changes: [])
            let loaded: RegisteredRivFile
            switch InputEngine.read(path) {
            case .success(let file): loaded = registry.register(file)
            case .failure(let error):
                report.error = error.message
                return report
            }
            do throws(RivEditError) {
                report.changes = try loaded.write(to: output, force: request.force).map(AssetChange.init)
            } catch {
                let failure = InputFailure(path: path, error)
                report.error = failure.message
                report.remedy = failure.remedy
            }
            return report
        }
        let unmatched = registry.matchReport().unmatched.map { "\($0.type) \($0.name)" }
        return ReplaceReport(files: files, unmatched: unmatched)
    }
}
