import Foundation
import RivAssetRegistry
import RivFormat
import RivSupport

extension AssetOperations {
    /// How many inputs ``strip(_:)`` reads ahead of the one being written.
    static let stripBatchSize = 64

    /// Removes the embedded bytes of the chosen assets from every input and writes
    /// them to files, leaving each asset referenced (or hosted, when it has a CDN uuid).
    ///
    /// Asset files are written first, each through a temporary file; the stripped
    /// `.riv` is written last, so an interruption never loses bytes. When the `.riv`
    /// cannot be written, the asset files this run created for it are removed again.
    /// The asset folder is created when the first asset is written; an input with
    /// nothing to strip is reported as unchanged (and copied to an output file or
    /// folder); an output `.riv` that exists with other bytes is refused unless the
    /// request overwrites.
    public static func strip(_ request: StripRequest) throws(RequestError) -> StripResult {
        try InputEngine.requireInputs(request.rewrite.inputNames)
        var outputs = try OutputPaths.resolve(inputs: request.rewrite.inputNames, destination: request.rewrite.destination)
        let assetFolder = LiteralPath.kernelURL(request.assetsFolder)
        let folder = AssetFolderWriter(folder: assetFolder, layout: request.layout)
        let renamed = try folder.names.map { names throws(RequestError) in try androidOutputs(&outputs, request, assetFolder: assetFolder, assetNames: names) } ?? [:]
        try FolderCheck.requireCreatable(assetFolder.path, named: request.assetsFolder)
        let step = RewriteStep(request.rewrite)
        try requireKotlinPackage(request.kotlinPackage)
        var result = StripResult(files: [], dryRun: request.rewrite.dryRun)
        result.layout = request.layout
        // The asset files of the run, so that no path is written twice with other bytes.
        let writes = RunWrites()
        let rule = OutputRule(inputs: request.rewrite.inputNames)
        if request.writesManifest, let refusal = folder.manifestRefusal(overwrite: request.rewrite.overwrite) {
            throw RequestError(.outputFolderUnusable, refusal.path + ": " + refusal.message + " (use \(RequestField.stripOverwrite) to overwrite)")
        }
        // What every input stripped placed in the folder, for the manifest and the Kotlin map.
        var placements: [AssetPlacement] = []
        // Conflicts are found over every input before anything is written, whatever
        // the policy: a refused conflict fails each input holding a copy, never a
        // later one after an earlier one was written.
        var plan = StripPlan.make(request, batchSize: stripBatchSize, fontSources: try FontSourceFile.load(request.fontSources))
        // Inputs are read in parallel a batch at a time and written one after another in
        // input order (two inputs can strip assets of the same name into one folder), so
        // at most one batch of files is held open or mapped whatever the number of inputs.
        // The files the plan kept (a run of one batch) are not read again.
        for start in stride(from: 0, to: request.rewrite.inputNames.count, by: stripBatchSize) {
            let batch = Array(request.rewrite.inputNames[start..<min(start + stripBatchSize, request.rewrite.inputNames.count)])
            let kept = batch.indices.map { plan.takeFile(input: start + $0) }
            let files = InputEngine.map(batch, width: request.rewrite.parallelism.width(automatic: ParallelWork.coreCount)) { offset, path in kept[offset] ?? InputEngine.read(path) }
            for (offset, (path, read)) in zip(batch, files).enumerated() {
                switch read {
                case .success(let file):
                    var input = StrippedInput(file: file, path: path, index: start + offset, output: outputs[start + offset],
                                              folder: folder, rule: rule, plan: plan)
                    let outcome = input.strip(request, step: step, writes: writes)
                    if outcome.status != .failed { placements += input.placements }
                    result.files.append(outcome)
                case .failure(let error): result.files.append(InputOutcome(InputFailure(path: path, message: error.message)))
                }
            }
        }
        for (index, given) in renamed where result.files[index].status != .failed {
            let name = InputFolders.fileName(of: outputs[index].path)
            result.files[index].warnings.append("\(given) is no Android resource name: written as \(name) (R.raw.\(AssetFileName.stem(ofFileNamed: name)))")
        }
        plan.record(result.files)
        result.conflicts = plan.conflicts
        result.fonts = plan.fonts.map { font in
            var font = font
            font.file = folder.fileName(forFlat: font.file)
            return font
        }
        if request.writesManifest {
            let written = folder.writeManifest(placements, dryRun: request.rewrite.dryRun)
            result.manifestFiles = written.manifest.files
            if !written.manifest.files.isEmpty { result.manifest = folder.manifestURL.path }
            result.manifestError = written.error?.description
        }
        if request.layout == .android, let path = request.kotlinMap, !result.manifestFiles.isEmpty {
            (result.kotlinMap, result.kotlinMapError) = AndroidAssetMap.record([AndroidAssetMap.Folder(label: request.assetsFolder, assets: placements)],
                                                                               packageName: request.kotlinPackage, to: path, rule: rule,
                                                                               overwrite: request.rewrite.overwrite, dryRun: request.rewrite.dryRun)
        }
        return result
    }

    /// With the Android layout a stripped `.riv` is a resource too (`R.raw.hero`):
    /// each output into a folder takes its resource name by the assets' rule, in
    /// the assets' scope when it is their folder (so no `R.raw` name is taken
    /// twice); an output named on the command line (`-o FILE`, `--in-place`)
    /// that is no resource name is refused, naming the name to use. Returns the
    /// names given up, by input position.
    private static func androidOutputs(_ outputs: inout [URL], _ request: StripRequest, assetFolder: URL,
                                       assetNames: AndroidResourceName) throws(RequestError) -> [Int: String] {
        let intoFolder: Bool
        if let (output, _) = request.rewrite.destination.named { intoFolder = outputs.first != LiteralPath.kernelURL(output) } else { intoFolder = false }
        let rule = OutputRule(inputs: request.rewrite.inputNames)
        let rivNames = AndroidResourceName()
        var renamed: [Int: String] = [:]
        for (index, output) in outputs.enumerated() {
            let folder = output.deletingLastPathComponent()
            let given = output.lastPathComponent
            let name = (folder.path == assetFolder.path ? assetNames : rivNames).name(forFlat: given)
            guard name != given else { continue }
            guard intoFolder else {
                throw RequestError(.destinationUnusable, "\(RequestField.androidLayout): \(given) is no Android resource name (lower-case letters, digits and _, "
                    + "starting with a letter); name the output \(name), or give a folder with \(RequestField.destination)")
            }
            outputs[index] = folder.appendingPathComponent(name)
            if let input = rule.input(namedBy: outputs[index]) {
                throw RequestError(.destinationUnusable, "\(outputs[index].path) is the input \(input) itself; rewrite inputs in place to change them")
            }
            renamed[index] = given
        }
        return renamed
    }

    /// Throws when `packageName` cannot name the Kotlin map's package.
    static func requireKotlinPackage(_ packageName: String?) throws(RequestError) {
        if let packageName, let problem = CodegenRequest.Language.kotlin.packageProblem(packageName) {
            throw RequestError(.invalidOption, problem)
        }
    }

}

/// One input being stripped: the asset files it wrote and the files of earlier runs
/// it moved aside, so that a failure puts the folder back as it was.
private struct StrippedInput {
    let file: RivFile
    let path: String
    /// The input's position among the request's inputs.
    let index: Int
    let output: URL
    /// The run's asset folder.
    let folder: AssetFolderWriter
    /// What an asset file may replace: never an input.
    let rule: OutputRule
    /// Where each asset goes, decided over every input before anything is written.
    let plan: StripPlan
    /// What the input placed in the asset folder, once it is stripped.
    private(set) var placements: [AssetPlacement] = []
    /// The asset files this input wrote (or, in a dry run, would write), claimed
    /// in the run's ``RunWrites`` until the input fails.
    private var created: [String] = []
    /// Files of earlier runs moved aside to be overwritten (`overwrite`), and where they wait.
    private var setAside: [(original: URL, holding: URL)] = []

    init(file: RivFile, path: String, index: Int, output: URL, folder: AssetFolderWriter, rule: OutputRule, plan: StripPlan) {
        self.folder = folder
        self.rule = rule
        self.index = index
        self.plan = plan
        self.file = file
        self.path = path
        self.output = output
    }

    /// Strips the chosen assets in an editor, writes their files, then the stripped
    /// `.riv`; on any failure undoes what it did to the asset folder and returns
    /// the failure instead.
    mutating func strip(_ request: StripRequest, step: RewriteStep,
                        writes: RunWrites) -> InputOutcome<StrippedAssets> {
        var outcome = InputOutcome<StrippedAssets>(input: path, output: output.path, status: .written, bytesBefore: file.byteCount)
        let chosen = file.assets.filter(request.chooses)
        guard !chosen.isEmpty else {
            do throws(RivEditError) {
                return try step.unchanged(file, path: path, to: output, reason: "no embedded asset of the chosen types",
                                          detail: StrippedAssets(stripped: []))
            } catch {
                return InputOutcome(InputFailure(path: path, error))
            }
        }
        var stripped: [StrippedAsset] = []
        var editor = RivEditor(file)
        let planned = chosen.map { plan.placement(input: index, asset: $0) }
        if let refusal = planned.lazy.compactMap({ $0?.refusal }).first {
            return InputOutcome(InputFailure(path: path, message: refusal + "; nothing was changed",
                                             remedy: [.refuse, .largest].contains(request.conflicts) ? .settleConflict : nil))
        }
        // Whether the output already held the stripped bytes (an earlier run's).
        var outputHeld = false
        do throws(StripFailure) {
            // Every edit first: a refusal leaves the folder untouched, and the
            // destination check sees whether an earlier run wrote this very output.
            let destination: RewriteStep.CheckedDestination
            do throws(RivEditError) {
                for asset in chosen { try editor.strip(asset, skipChecks: request.skipChecks) }
                destination = try step.checkDestination(output, for: editor)
            } catch {
                throw StripFailure(InputFailure(path: path, error))
            }
            if !request.rewrite.dryRun {
                do {
                    try OutputFolder.create(folder.folder)
                } catch {
                    throw StripFailure(InputFailure(path: path, message: error.description))
                }
            }
            for (asset, placement) in zip(chosen, planned) {
                let flatName = placement?.fileName ?? AssetFileName.written(stem: asset.uniqueName, fileExtension: asset.fileExtension)
                let placed = try write(asset, holding: placement?.bytes, for: asset.uniqueName, named: folder.fileName(forFlat: flatName), request, writes)
                stripped.append(StrippedAsset(asset: asset.uniqueName, file: placed.path, bytes: asset.embeddedByteCount,
                                              uniqueFilename: asset.uniqueFilename))
                // The Android layout names the stripped files, which ship beside the
                // manifest under their resource names, as its readers see them.
                let riv = InputFolders.fileName(of: output.path)
                placements.append(AssetPlacement(uniqueName: asset.uniqueName, uniqueFilename: asset.uniqueFilename, fileName: placed.fileName,
                                                 input: folder.layout == .android ? riv : path, riv: riv))
            }
            outputHeld = destination.holdsTheBytes
            do throws(RivEditError) {
                try step.write(editor, to: destination)
            } catch {
                throw StripFailure(InputFailure(path: path, error))
            }
        } catch {
            undo(dryRun: request.rewrite.dryRun, writes: writes)
            return InputOutcome(error.failure, input: path)
        }
        for (_, holding) in setAside {
            TemporaryFiles.shared.releaseSetAside(holding.path)
            try? FileManager.default.removeItem(at: holding)
        }
        // The runtime's name, not the format's: said once per kind of mismatch (extract uses the format's).
        var misnamed: [(format: ContentFormat, fileExtension: String, items: [(asset: String, file: String)])] = []
        for (item, asset) in zip(stripped, chosen) {
            if AssetFileName.needsEncoding(asset.uniqueFilename) {
                outcome.warnings.append(EncodedNameWarning.text(for: asset, writtenAs: item.file))
            }
            if let format = asset.detectedFormat, format != .unknown, !format.fileExtension.isEmpty, format.fileExtension != asset.fileExtension,
               !(format == .jpeg && asset.fileExtension == "jpeg") {
                if let index = misnamed.firstIndex(where: { $0.format == format && $0.fileExtension == asset.fileExtension }) {
                    misnamed[index].items.append((asset.uniqueName, item.file))
                } else {
                    misnamed.append((format, asset.fileExtension, [(asset.uniqueName, item.file)]))
                }
            }
        }
        for kind in misnamed {
            if kind.items.count == 1 {
                outcome.warnings.append("\(kind.items[0].asset): written as \(kind.items[0].file), the name a Rive runtime looks for, "
                    + "although its bytes are \(kind.format.rawValue) (`extract` names files by their format)")
            } else {
                let names = kind.items.prefix(5).map(\.asset).joined(separator: ", ") + (kind.items.count > 5 ? ", ..." : "")
                outcome.warnings.append("\(kind.items.count) assets written as .\(kind.fileExtension), the name a Rive runtime looks for, "
                    + "although their bytes are \(kind.format.rawValue) (\(names); `extract` names files by their format)")
            }
        }
        outcome.bytesAfter = editor.outputByteCount
        outcome.detail = StrippedAssets(stripped: stripped)
        if outputHeld, created.isEmpty, setAside.isEmpty {
            // A rerun: the output and every asset file already hold these bytes, and nothing was written.
            outcome.status = .unchanged
            outcome.reason = "stripped by an earlier run: the output and its asset files already hold these bytes"
        }
        return outcome
    }

    /// Writes one asset file. A path written earlier in this run is shared when it
    /// holds the same bytes and refused when not; a file of an earlier run is
    /// refused without `overwrite`, and set aside (to be restored on failure) with it.
    /// The file holds the stripped asset `uniqueName`'s own bytes unless the plan
    /// gives the `bytes` written in their stead (another input's copy, a merged
    /// or subset font). Returns the file that holds the bytes: its path and its name in the folder.
    private mutating func write(_ asset: FileAsset, holding bytes: [UInt8]?, for uniqueName: String, named fileName: String, _ request: StripRequest,
                                _ writes: RunWrites) throws(StripFailure) -> (path: String, fileName: String) {
        let assetPath = folder.folder.appendingPathComponent(fileName)
        let source = "\(uniqueName) of \(path)"
        func fileHolds(_ path: String) -> Bool {
            bytes.map { bytes in bytes.withUnsafeBytes { RunWrites.file(atPath: path, holds: $0) } } ?? RunWrites.file(atPath: path, holdsBytesOf: asset)
        }
        switch writes.claim(assetPath.path, source: source, asset: request.rewrite.dryRun ? asset : nil, bytes: request.rewrite.dryRun ? bytes : nil) {
        case .writtenBefore(let earlier, let earlierPath, let earlierAsset, let earlierBytes):
            let same = earlierAsset.map { RunWrites.sameBytes($0, holding: earlierBytes, asset, holding: bytes) } ?? fileHolds(earlierPath)
            guard same else {
                throw StripFailure(InputFailure(path: path, message: "\(assetPath.path): \(source) has other bytes than \(earlier), "
                    + "written there in this run; nothing was changed", remedy: .settleConflict))
            }
            // Another name of the folder's one file (a case or Unicode form apart).
            return (earlierPath, URL(fileURLWithPath: earlierPath).lastPathComponent)
        case .write:
            break
        }
        var claimed = false
        defer { writes.finish(assetPath.path, written: claimed) }
        // A file already holding exactly these bytes (an earlier run, or another file
        // sharing the asset) is the same file: counted as written, left as it is.
        if fileHolds(assetPath.path) {
            return (assetPath.path, fileName)
        }
        let exists = POSIX.entryExists(atPath: assetPath.path)
        if exists {
            // A folder, device or FIFO in the way is refused even when overwriting: only a
            // file (or a link) of an earlier run is set aside and put back on failure.
            do throws(RivEditError) {
                try rule.check(assetPath, replacing: true)
            } catch {
                throw StripFailure(InputFailure(path: path, error))
            }
            guard request.rewrite.overwrite else {
                throw StripFailure(AssetFolderWriter.refusal(existing: assetPath.path).ofInput(path, adding: "; nothing was changed"))
            }
        }
        if request.rewrite.dryRun {
            // Nothing is written: the claim keeps the asset to compare with later ones.
            created.append(assetPath.path)
            claimed = true
            return (assetPath.path, fileName)
        }
        if exists {
            let holding = folder.folder.appendingPathComponent(".riv-assets-\(UUID().uuidString).previous")
            do throws(FileWriteError) {
                try TemporaryFiles.shared.setAside(assetPath.path, to: holding.path)
            } catch {
                throw StripFailure(InputFailure(path: path, error))
            }
            setAside.append((assetPath, holding))
        }
        do throws(RivEditError) {
            // The path is empty now (refused or set aside above): whatever appears in
            // between is never replaced.
            if let bytes {
                do throws(FileWriteError) {
                    try AtomicFile.write(Data(bytes), to: assetPath, replacing: false)
                } catch {
                    throw RivEditError(error)
                }
            } else {
                try asset.writeEmbeddedBytes(to: assetPath, replacing: false)
            }
        } catch {
            throw StripFailure(InputFailure(path: path, error))
        }
        created.append(assetPath.path)
        claimed = true
        return (assetPath.path, fileName)
    }

    /// Removes the asset files this input wrote (none in a dry run), gives up
    /// its claims on them, and puts back what it set aside.
    private func undo(dryRun: Bool, writes: RunWrites) {
        for path in created {
            if !dryRun { try? FileManager.default.removeItem(atPath: path) }
            writes.finish(path, written: false)
        }
        for (original, holding) in setAside.reversed() {
            try? FileManager.default.moveItem(at: holding, to: original)
            TemporaryFiles.shared.releaseSetAside(holding.path)
        }
    }
}

/// Why one input could not be stripped.
private struct StripFailure: Error {
    let failure: InputFailure

    init(_ failure: InputFailure) {
        self.failure = failure
    }
}
