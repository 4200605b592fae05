import Foundation
import RivAssetRegistry
import RivFormat
import RivHostedAssets
import RivSupport

extension AssetOperations {
    /// Writes the embedded bytes of the chosen assets of every input to files.
    ///
    /// Names come from the file, which anyone can write, so they are made safe: no
    /// write leaves the output folder. An input's folder is created only when it
    /// has an asset to write; an input with none is reported as skipped. A file
    /// that already holds an asset's bytes is left as it is (so a rerun succeeds);
    /// other files that exist, dangling links included, are left alone (a failure)
    /// unless the request says to overwrite; the check and the write are one step.
    ///
    /// With ``ExtractRequest/hostedAssets``, hosted assets are written too: each
    /// input is read once, the chosen hosted assets its cache lacks are fetched
    /// (a download shared by several inputs is made once; an offline fetcher
    /// fetches nothing), and each is copied from the cache. One that cannot be had
    /// is a failure naming why; ``ExtractResult/hosted`` says what became of each.
    public static func extract(_ request: ExtractRequest) async throws(RequestError) -> ExtractResult {
        try InputEngine.requireInputs(request.inputs.names)
        try requireKotlinPackage(request.kotlinPackage)
        let folders = InputFolders.make(for: request.inputs.names, in: LiteralPath.kernelURL(request.outputFolder))
        let writes = RunWrites()
        let rule = OutputRule(inputs: request.inputs.names)
        let perInput: [Extracted]
        if let fetcher = request.hostedAssets {
            let counter = Protected(FetchProgress(completed: 0, total: 0, downloadedBytes: 0))
            // As many inputs at once as downloads may run, so that the downloads are what limits.
            let width = max(ParallelWork.coreCount, fetcher.configuration.maximumConcurrentDownloads)
            perInput = await InputEngine.mapAsync(request.inputs.names, width: width) { index, path in
                await extract(path, into: folders[index], request, writes, rule) { hosted async in
                    await HostedInputs.fetch(hostedAmong: hosted, of: path, with: fetcher, counter: counter, progress: request.progress)
                }
            }
        } else {
            // Extraction mostly waits on the disk: more writers than cores keep both busy.
            perInput = InputEngine.map(request.inputs.names, width: request.parallelism.width(automatic: ParallelWork.fileWriterCount)) {
                index, path in extract(path, into: folders[index], request, writes, rule)
            }
        }
        var result = ExtractResult(files: perInput.map(\.file), hosted: perInput.flatMap(\.hosted), dryRun: request.dryRun)
        result.layout = request.layout
        // With the Android layout and a map path: the Kotlin map of every folder that got files.
        let mapFolders = zip(request.inputs.names, perInput).compactMap { path, input in
            input.placements.isEmpty ? nil : AndroidAssetMap.Folder(label: InputFolders.fileName(of: path), assets: input.placements)
        }
        if request.layout == .android, let path = request.kotlinMap, !mapFolders.isEmpty {
            (result.kotlinMap, result.kotlinMapError) = AndroidAssetMap.record(mapFolders, packageName: request.kotlinPackage, to: path, rule: rule,
                                                                               overwrite: request.overwrite, dryRun: request.dryRun)
        }
        return result
    }

    /// What one input gave: its outcome, what became of its hosted assets, and
    /// what it placed in its folder, for the Kotlin map.
    private typealias Extracted = (file: InputOutcome<ExtractedAssets>, hosted: [FetchedAsset], placements: [AssetPlacement])

    /// Reads one input once and writes its chosen embedded assets into `folder`.
    private static func extract(_ path: String, into folder: URL, _ request: ExtractRequest, _ writes: RunWrites, _ rule: OutputRule) -> Extracted {
        switch chosenAssets(of: path, request) {
        case .settled(let outcome): (outcome, [], [])
        case .write(let named): write(named, of: path, into: folder, request, writes, rule, fetched: [])
        }
    }

    /// Reads one input once, has `fetch` put its chosen hosted assets in the
    /// cache, and writes its chosen assets into `folder`.
    private static func extract(_ path: String, into folder: URL, _ request: ExtractRequest, _ writes: RunWrites, _ rule: OutputRule,
                                fetch: ([FileAsset]) async -> [HostedInputs.Fetched]) async -> Extracted {
        switch chosenAssets(of: path, request) {
        case .settled(let outcome): return (outcome, [], [])
        case .write(let named):
            let fetched = await fetch(named.filter { $0.location == .hosted })
            return write(named, of: path, into: folder, request, writes, rule, fetched: fetched)
        }
    }

    /// What one input gives to write.
    private enum Chosen {
        /// These assets.
        case write([FileAsset])
        /// Nothing: the input cannot be read or has no asset chosen; its outcome.
        case settled(InputOutcome<ExtractedAssets>)
    }

    /// The assets of the input `path` the request chooses, or the outcome of an
    /// input that cannot be read or has none.
    private static func chosenAssets(of path: String, _ request: ExtractRequest) -> Chosen {
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error): return .settled(InputOutcome(InputFailure(path: path, message: error.message)))
        }
        let withHosted = request.hostedAssets != nil
        let chosen = file.assets.filter { ($0.location == .embedded || (withHosted && $0.location == .hosted)) && request.types.includes($0) }
        let named = chosen.filter { asset in request.namePattern.map { WildcardPattern.matches($0, asset.uniqueName) } ?? true }
        guard !named.isEmpty else {
            let kinds = withHosted ? "embedded or hosted asset" : "embedded asset"
            let reason = chosen.isEmpty ? "no \(kinds) of the chosen types" : "no \(kinds)'s unique name matches the pattern"
            return .settled(InputOutcome(input: path, status: .skipped, reason: reason, bytesBefore: file.byteCount,
                                         detail: ExtractedAssets(extracted: [])))
        }
        return .write(named)
    }

    /// Writes `named`, the chosen assets of the input `path`, into `folder`;
    /// `fetched` is what fetching its hosted ones gave, in their order among `named`.
    private static func write(_ named: [FileAsset], of path: String, into folder: URL, _ request: ExtractRequest,
                              _ writes: RunWrites, _ rule: OutputRule, fetched: [HostedInputs.Fetched]) -> Extracted {
        var outcome = InputOutcome(input: path, output: folder.path, status: .written, detail: ExtractedAssets(extracted: []))
        var problems: [InputFailure] = []
        var placements: [AssetPlacement] = []
        var outcomes = fetched.makeIterator()
        if !request.dryRun {
            do {
                try OutputFolder.create(folder)
            } catch {
                problems.append(InputFailure(path: error.path, message: error.sentence))
                return (outcome.failing(with: problems), fetched.map(\.line), [])
            }
        }
        // With dedupe: the file of each content, within this input's folder.
        var contentFiles = ContentFiles()
        // The folder's names (its own resource names with the Android layout) and manifest.
        let writer = AssetFolderWriter(folder: folder, layout: request.layout)
        let runtimeExtension = request.naming == .runtime || request.layout.usesRuntimeExtension
        for asset in named {
            var hosted: HostedAssetCache.Entry?
            if let fetcher = request.hostedAssets, asset.location == .hosted, let (line, fetchResult) = outcomes.next() {
                switch fetchResult {
                case .success(let fetch):
                    hosted = fetch.entry
                case .failure(let error):
                    let why = if case .notCached = error.cause {
                        "hosted, and not in the cache \(fetcher.cache.directory.path) (riv-assets fetch puts it there)"
                    } else {
                        "hosted, and could not be fetched: \(line.error ?? error.reason)"
                    }
                    problems.append(InputFailure(path: path, message: "\(asset.uniqueName): \(why)"))
                    continue
                }
            }
            let format = hosted?.format ?? asset.detectedFormat ?? .unknown
            let flatName = AssetFileName.written(stem: asset.uniqueName, fileExtension: runtimeExtension ? asset.fileExtension : format.fileExtension)
            var fileName = writer.fileName(forFlat: flatName)
            if request.dedupe, hosted == nil { fileName = contentFiles.file(for: AssetContent(asset), named: fileName) }
            let destination = folder.appendingPathComponent(fileName)
            if AssetFileName.needsEncoding(asset.uniqueFilename) {
                outcome.warnings.append(EncodedNameWarning.text(for: asset, writtenAs: destination.path))
            }
            let source = "\(asset.uniqueName) of \(path)"
            var writtenPath = destination.path
            var writtenName = fileName
            switch writes.claim(destination.path, source: source, asset: request.dryRun && hosted == nil ? asset : nil) {
            case .writtenBefore(let earlier, let earlierPath, let earlierAsset, _):
                // Another name of this folder's one file (a case or Unicode form apart).
                writtenPath = earlierPath
                writtenName = URL(fileURLWithPath: earlierPath).lastPathComponent
                let same = hosted != nil ? false : earlierAsset.map { RunWrites.sameBytes($0, asset) } ?? RunWrites.file(atPath: earlierPath, holdsBytesOf: asset)
                guard same else {
                    problems.append(InputFailure(path: destination.path, message: "\(source) has other bytes than \(earlier), written there in this run; not overwritten"))
                    continue
                }
            case .write:
                var written = false
                defer { writes.finish(destination.path, written: written) }
                // A file of an earlier run that holds these very bytes is the file to write: left as it is.
                let alreadyWritten = hosted == nil && RunWrites.file(atPath: destination.path, holdsBytesOf: asset)
                if !alreadyWritten && !request.overwrite && POSIX.entryExists(atPath: destination.path) {
                    problems.append(AssetFolderWriter.refusal(existing: destination.path))
                    continue
                }
                if !request.dryRun && !alreadyWritten {
                    do throws(RivEditError) {
                        try rule.check(destination, replacing: request.overwrite)
                        if let hosted {
                            try AtomicFile.copy(from: hosted.file, to: destination, replacing: request.overwrite)
                        } else {
                            try asset.writeEmbeddedBytes(to: destination, replacing: request.overwrite)
                        }
                    } catch where error.code == .destinationExists {
                        problems.append(AssetFolderWriter.refusal(existing: destination.path))
                        continue
                    } catch {
                        problems.append(InputFailure(path: path, prefix: "\(asset.uniqueName): ", error))
                        continue
                    }
                }
                written = true
            }
            outcome.detail?.extracted.append(ExtractedFile(asset: asset.uniqueName, file: writtenPath,
                                                           bytes: hosted?.byteCount ?? asset.embeddedByteCount, format: format,
                                                           contentHash: request.contentHashes ? hosted.map { $0.contentHash() } ?? XXH64.hexString(asset.contentHash) : nil, uniqueFilename: asset.uniqueFilename))
            placements.append(AssetPlacement(uniqueName: asset.uniqueName, uniqueFilename: asset.uniqueFilename, fileName: writtenName, input: path))
        }
        if request.dedupe || request.layout == .android, !placements.isEmpty {
            if let refusal = writer.manifestRefusal(overwrite: request.overwrite) {
                problems.append(refusal)
            } else {
                let written = writer.writeManifest(placements, dryRun: request.dryRun)
                outcome.detail?.manifest = writer.manifestURL.path
                outcome.detail?.manifestFiles = written.manifest.files
                if let error = written.error { problems.append(InputFailure(path: path, error)) }
            }
        }
        return (outcome.failing(with: problems), fetched.map(\.line), placements)
    }
}
