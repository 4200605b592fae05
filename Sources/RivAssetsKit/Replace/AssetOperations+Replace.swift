import Foundation
import RivFormat
import RivAssetRegistry

extension AssetOperations {
    /// Writes each input with the request's replacements applied: an asset whose
    /// name and type match a replacement gets its bytes; a referenced or hosted one
    /// becomes embedded (its CDN uuid removed so runtimes stop fetching it).
    ///
    /// Every replacement file is checked, and the destination resolved, before any
    /// output is created. Replacement bytes are streamed from their files into each
    /// output, which is written to a temporary file and renamed, so a failure
    /// leaves inputs and existing outputs as they were. An input that no
    /// replacement matches is reported as unchanged (and copied to an output file
    /// or folder); an output file that exists with other bytes is refused unless
    /// the request overwrites. A named replacement that matches no asset of any
    /// input fails the request as a whole unless it ``ReplaceRequest/allowsUnmatched``:
    /// the inputs are read to find that out first, and then every input is
    /// skipped, nothing written or created. The result says what every
    /// replacement replaced, and what a replacement that matched nothing
    /// probably meant.
    public static func replace(_ request: ReplaceRequest) throws(RequestError) -> ReplaceResult {
        try InputEngine.requireInputs(request.rewrite.inputNames)
        guard request.replacementFolder != nil || !request.replacements.isEmpty else {
            throw RequestError(.noReplacements, "give replacements: a folder of asset files, or named replacements")
        }
        let replacements = try ReplacementSet(request)
        let outputs = try OutputPaths.resolve(inputs: request.rewrite.inputNames, destination: request.rewrite.destination)
        let step = RewriteStep(request.rewrite)

        let width = request.rewrite.parallelism.width(automatic: ParallelWork.coreCount)
        // The files the survey read, handed to the rewrite so that it reads them
        // no second time (standard input can be read once): the first
        // `surveyHeldFiles` and standard input, so that the descriptors and
        // windows held stay bounded whatever the number of inputs.
        var held: [Int: RivFile] = [:]
        if !request.allowsUnmatched, replacements.entries.contains(where: { $0.origin == .named }) {
            let surveys = InputEngine.map(request.rewrite.inputNames, width: width) { _, path in survey(path, replacements) }
            let surveyed = surveys.map(\.result)
            for (index, (path, survey)) in zip(request.rewrite.inputNames, surveys).enumerated()
            where index < surveyHeldFiles || path == InputEngine.standardInputName {
                held[index] = survey.file
            }
            let matched = Set(surveyed.flatMap { $0.matched.flatMap { [$0.winner] + $0.others } })
            let missing = replacements.entries.indices.filter { replacements.entries[$0].origin == .named && !matched.contains($0) }
            if surveyed.contains(where: \.wasRead), !missing.isEmpty {
                let names = missing.map { "\(replacements.entries[$0].type) '\(replacements.entries[$0].name)'" }.joined(separator: ", ")
                let reason = "not written: the request failed, since no asset of any input matches \(names) (allow it to write the rest)"
                let skipped = surveyed.map { result in
                    guard result.wasRead else { return result }
                    var result = result
                    result.file = InputOutcome(input: result.file.input, status: .skipped, reason: reason, remedy: .allowUnmatched)
                    return result
                }
                return combined(skipped, replacements, request, failure: "no asset of any input matches \(names)")
            }
        }
        // Each input is read, rewritten and released on its own thread, so that a
        // large input's descriptor is not held while the others are written.
        let results = InputEngine.map(request.rewrite.inputNames, width: width) { [held] index, path in
            replace(path, read: held[index], writingTo: outputs[index], replacements, request, step: step)
        }
        return combined(results, replacements, request)
    }

    /// The result made of `results`: what each replacement replaced or overrode, and
    /// for one that matched nothing what it probably meant.
    private static func combined(_ results: [InputResult], _ replacements: ReplacementSet, _ request: ReplaceRequest,
                                 failure: String? = nil) -> ReplaceResult {
        let judged = results.contains(where: \.wasRead)
        var uses = replacements.entries.map {
            ReplacementUse(type: $0.type, name: $0.name, path: $0.file.path, origin: $0.origin,
                           replaced: [], overridden: [], judged: judged)
        }
        for result in results {
            for match in result.matched {
                let target = ReplacementUse.Target(input: result.file.input, asset: match.asset)
                uses[match.winner].replaced.append(target)
                for other in match.others { uses[other].overridden.append(target) }
            }
        }
        let seen = Array(Set(results.flatMap(\.seen)))
        for index in uses.indices where judged && uses[index].replaced.isEmpty && uses[index].overridden.isEmpty {
            let entry = replacements.entries[index]
            uses[index].suggestion = ReplacementSuggestion.suggest(for: entry.name, type: entry.type, among: seen,
                                                                   matchingByName: request.matchingByName)
        }
        let unmatched = uses.filter { $0.judged && $0.replaced.isEmpty && $0.overridden.isEmpty }.map { "\($0.type) \($0.name)" }.sorted()
        return ReplaceResult(files: results.map(\.file), replacements: uses, unmatched: unmatched,
                             notes: replacements.notes, requestFailure: failure, dryRun: request.rewrite.dryRun)
    }

    /// What replacing did to one input, which replacements matched which of its
    /// assets, and the assets it has (for suggestions).
    private struct InputResult: Sendable {
        var file: InputOutcome<AssetChanges>
        var wasRead = false
        var matched: [(asset: String, winner: Int, others: [Int])] = []
        var seen: [SeenAsset] = []
    }

    /// How many of the files the survey read are kept for the rewrite (the
    /// others are read again), as `strip` reads a batch at a time.
    static let surveyHeldFiles = 64

    /// Reads one input and finds which replacements match its assets, writing
    /// nothing; the file read, for the rewrite.
    private static func survey(_ path: String, _ replacements: ReplacementSet) -> (result: InputResult, file: RivFile?) {
        switch InputEngine.read(path) {
        case .failure(let error):
            return (InputResult(file: InputOutcome(InputFailure(path: path, message: error.message))), nil)
        case .success(let file):
            var result = InputResult(file: InputOutcome(input: path, status: .skipped), wasRead: true)
            let spelling = AndroidSpelling(asking: file.assets)
            for asset in file.assets {
                if asset.type.isReplaceable {
                    result.seen.append(SeenAsset(type: asset.type, name: AssetMatchKey.withoutExtension(asset.name), uniqueName: asset.uniqueName))
                }
                guard let (winner, others) = replacements.match(for: asset, spelling: spelling) else { continue }
                result.matched.append((asset.uniqueName, winner, others))
            }
            return (result, file)
        }
    }

    /// Rewrites one input: `file` when the survey read it already, else what `path` holds.
    private static func replace(_ path: String, read file: RivFile?, writingTo output: URL, _ replacements: ReplacementSet,
                                _ request: ReplaceRequest, step: RewriteStep) -> InputResult {
        var matched: [(asset: String, winner: Int, others: [Int])] = []
        var seen: [SeenAsset] = []
        var wasRead = false
        let edit = { (file: RivFile, editor: inout RivEditor) throws(RivEditError) -> RewriteStep.Decision<AssetChanges> in
            wasRead = true
            seen = file.assets.filter(\.type.isReplaceable).map { asset in
                SeenAsset(type: asset.type, name: AssetMatchKey.withoutExtension(asset.name), uniqueName: asset.uniqueName)
            }
            var plan = ReplacementPlan()
            let spelling = AndroidSpelling(asking: file.assets)
            for asset in file.assets {
                guard let (winner, others) = replacements.match(for: asset, spelling: spelling) else { continue }
                matched.append((asset.uniqueName, winner, others))
                let entry = replacements.entries[winner]
                plan.append(ReplacementPlan.Item(asset: asset, contents: .file(entry.file), matchedName: entry.name, matchedPattern: entry.isPattern))
            }
            try plan.apply(to: &editor, skipChecks: request.skipChecks)
            let warnings = plan.warnings()
            guard editor.hasChanges else { return .unchanged("no replacement matched its assets", AssetChanges(changes: [])) }
            return .write(AssetChanges(changes: editor.outcomes.map { AssetChange($0) }), warnings: warnings)
        }
        let outcome = file.map { step.run($0, path: path, to: output, edit) } ?? step.run(path, to: output, edit)
        return InputResult(file: outcome, wasRead: wasRead, matched: matched, seen: seen)
    }
}
