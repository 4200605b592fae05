import Foundation
import RivFormat
import RivAssetRegistry
import RivHostedAssets
import RivSupport

extension AssetOperations {
    /// Makes each input self-contained: every hosted asset is embedded from the
    /// fetcher's cache or the network (its CDN uuid and base URL removed), every
    /// referenced one from the request's assets folder, matched by unique name and
    /// type. Everything else in the file is copied byte for byte.
    ///
    /// An input with an asset that cannot be embedded fails and is not written,
    /// unless the request allows missing assets; an input with nothing to embed is
    /// reported as unchanged (and copied to an output file or folder). Outputs are
    /// written to a temporary file and renamed; an existing output with other bytes
    /// is refused unless the request overwrites.
    public static func embed(_ request: EmbedRequest) async throws(RequestError) -> EmbedResult {
        try InputEngine.requireInputs(request.rewrite.inputNames)
        let folder = try request.assetsFolder.map { path throws(RequestError) in
            do throws(AssetFolder.Problem) {
                return try AssetFolder(contentsOf: LiteralPath.kernelURL(path))
            } catch {
                throw RequestError(.replacementUnusable, "\(RequestField.embedAssetsFolder): \(error.description)", underlying: error)
            }
        }
        let outputs = try OutputPaths.resolve(inputs: request.rewrite.inputNames, destination: request.rewrite.destination)
        let step = RewriteStep(request.rewrite)
        let counter = Protected(FetchProgress(completed: 0, total: 0, downloadedBytes: 0))
        // Each input is read once: its hosted assets are fetched (a download shared
        // by several inputs is made once), then it is rewritten.
        // As many inputs at once as downloads may run, so that the downloads are what limits.
        let width = request.rewrite.parallelism.width(automatic: max(ParallelWork.coreCount, request.fetcher.configuration.maximumConcurrentDownloads))
        let perInput = await InputEngine.mapAsync(request.rewrite.inputNames, width: width) { index, path in
            await embed(path, writingTo: outputs[index], request, folder: folder, counter: counter, step: step)
        }
        return EmbedResult(files: perInput.map(\.file), hosted: perInput.flatMap(\.hosted), dryRun: request.rewrite.dryRun)
    }

    /// Why an asset's bytes cannot be had.
    private struct MissingReason: Error {
        var text: String
    }

    /// Reads one input once, fetches its hosted assets, and rewrites it with every
    /// asset it can embed; returns what became of it and of each hosted asset.
    private static func embed(_ path: String, writingTo output: URL, _ request: EmbedRequest, folder: AssetFolder?,
                              counter: Protected<FetchProgress>, step: RewriteStep) async -> (file: InputOutcome<EmbeddedAssets>, hosted: [FetchedAsset]) {
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error): return (InputOutcome(InputFailure(path: path, message: error.message)), [])
        }
        let wanted = file.assets.filter { $0.location != .embedded }
        let hosted = await HostedInputs.fetch(hostedAmong: wanted, of: path, with: request.fetcher, counter: counter, progress: request.progress)
        let lines = hosted.map(\.line)
        // The fetched files, in the order of the hosted assets among `wanted`.
        var fetched = hosted.makeIterator()
        let outcome = step.run(file, path: path, to: output) { file, editor throws(RivEditError) -> RewriteStep.Decision<EmbeddedAssets> in
            var detail = EmbeddedAssets()
            var plan = ReplacementPlan()
            let spelling = AndroidSpelling(asking: wanted)
            for asset in wanted {
                let missing = { (reason: String) in
                    MissingAsset(asset: asset.uniqueName, type: asset.type, location: asset.location, reason: reason)
                }
                let source: Result<URL, MissingReason>
                if asset.cdn != nil, let (line, outcome) = fetched.next() {
                    source = outcome.map(\.file).mapError { _ in MissingReason(text: line.error ?? "not fetched") }
                } else if let entry = folder?.entry(for: asset.uniqueName, type: asset.type, input: path, spelling: spelling) {
                    source = .success(entry.url)
                } else {
                    source = .failure(MissingReason(text: folder != nil ? "no file for it in \(RequestField.embedAssetsFolder) (\(asset.uniqueName).<ext>)"
                                                        + spelling.collisionNote(asset.uniqueName, type: asset.type)
                                                        : "referenced, and no folder was given (\(RequestField.embedAssetsFolder))"))
                }
                switch source {
                case .failure(let reason):
                    detail.missing.append(missing(reason.text))
                case .success(let url):
                    let item = ReplacementPlan.Item(asset: asset, contents: .file(url), matchedName: asset.uniqueName, matchedPattern: false)
                    do throws(RivEditError) {
                        try item.apply(to: &editor, skipChecks: false)
                        plan.append(item)
                    } catch {
                        detail.missing.append(missing(error.description))
                    }
                }
            }
            if !detail.missing.isEmpty && !request.allowMissing {
                let count = detail.missing.count
                return .refuse("\(CountedNoun.text(count, "asset")) cannot be embedded: "
                    + detail.missing.map { "\($0.asset) (\($0.reason))" }.joined(separator: "; "), detail)
            }
            guard editor.hasChanges else {
                return .unchanged(detail.missing.isEmpty ? "every asset is already embedded" : "no asset could be embedded", detail)
            }
            detail.changes = editor.outcomes.map { AssetChange($0) }
            return .write(detail, warnings: plan.warnings())
        }
        return (outcome, lines)
    }
}
