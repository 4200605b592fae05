import Foundation
import RivFormat
import RivHostedAssets

extension AssetOperations {
    /// Writes the embedded bytes of the chosen assets of every input to files.
    ///
    /// Names come from the file, which anyone can write, so they are made safe: no
    /// write leaves the output folder. An input's folder is created only when it
    /// has an asset to write; an input with none is reported as skipped. Files that
    /// exist, dangling links included, are left alone (a failure) unless the request
    /// says to overwrite; the check and the write are one step. With a hosted
    /// cache folder, hosted assets are written too, from that cache (never the
    /// network): one it lacks is a failure.
    public static func extract(_ request: ExtractRequest) throws(RequestError) -> ExtractReport {
        try InputEngine.requireInputs(request.inputs)
        let hostedCache = request.hostedAssets
        let folders = InputFolders.make(for: request.inputs, in: LiteralPath.kernelURL(request.outputFolder))
        let writes = RunWrites()
        let rule = OutputRule(inputs: request.inputs)
        // Extraction mostly waits on the disk: more writers than cores keep both busy.
        let perInput = InputEngine.map(request.inputs, width: request.parallelism.width(automatic: ParallelWork.fileWriterCount)) {
            index, path in extract(path, into: folders[index], request, hostedCache, writes, rule)
        }
        return ExtractReport(files: perInput.flatMap(\.files), failures: perInput.flatMap(\.failures),
                             skipped: perInput.flatMap(\.skipped), warnings: perInput.flatMap(\.warnings), dryRun: request.dryRun)
    }

    /// Reads one input and writes its chosen embedded assets into `folder`.
    private static func extract(_ path: String, into folder: URL, _ request: ExtractRequest, _ hostedCache: HostedAssetFetcher?,
                                _ writes: RunWrites, _ rule: OutputRule) -> ExtractReport {
        var report = ExtractReport(files: [], failures: [], skipped: [], warnings: [], dryRun: request.dryRun)
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error):
            report.failures.append(InputFailure(path: path, message: error.message))
            return report
        }
        let chosen = file.assets.filter { ($0.location == .embedded || (hostedCache != nil && $0.location == .hosted)) && request.types.includes($0) }
        let named = chosen.filter { asset in request.namePattern.map { WildcardPattern.matches($0, asset.uniqueName) } ?? true }
        guard !named.isEmpty else {
            let kinds = hostedCache == nil ? "embedded asset" : "embedded or hosted asset"
            let reason = chosen.isEmpty ? "no \(kinds) of the chosen types" : "no \(kinds)'s unique name matches the pattern"
            report.skipped.append(SkippedInput(path: path, reason: reason))
            return report
        }
        if !request.dryRun {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                report.failures.append(InputFailure(path: folder.path, message: "cannot create the folder: \(FileSystemErrorText.reason(error))"))
                return report
            }
        }
        for asset in named {
            var hosted: HostedAssetCache.Entry?
            if let hostedCache, asset.location == .hosted {
                guard let entry = hostedCache.cachedEntry(for: asset) else {
                    report.failures.append(InputFailure(path: path, message: "\(asset.uniqueName): hosted, and not in the cache \(hostedCache.cache.directory.path) (riv-assets fetch puts it there)"))
                    continue
                }
                hosted = entry
            }
            let format = hosted?.format ?? asset.detectedFormat ?? .unknown
            let fileName = AssetFileName.written(stem: asset.uniqueName,
                                                 fileExtension: request.naming == .runtime ? asset.fileExtension : format.fileExtension)
            let destination = folder.appendingPathComponent(fileName)
            if AssetFileName.needsEncoding(asset.uniqueFilename) {
                report.warnings.append(EncodedNameWarning.text(for: asset, writtenAs: destination.path))
            }
            let source = "\(asset.uniqueName) of \(path)"
            var writtenPath = destination.path
            switch writes.claim(destination.path, source: source, asset: request.dryRun && hosted == nil ? asset : nil) {
            case .writtenBefore(let earlier, let earlierPath, let earlierAsset):
                writtenPath = earlierPath
                let same = hosted != nil ? false : earlierAsset.map { RunWrites.sameBytes($0, asset) } ?? RunWrites.file(atPath: earlierPath, holdsBytesOf: asset)
                guard same else {
                    report.failures.append(InputFailure(path: destination.path, message: "\(source) has other bytes than \(earlier), written there in this run; not overwritten"))
                    continue
                }
            case .write:
                var written = false
                defer { writes.finish(destination.path, written: written) }
                if !request.overwrite && POSIX.entryExists(atPath: destination.path) {
                    report.failures.append(InputFailure(path: destination.path, message: "already exists", remedy: .overwrite))
                    continue
                }
                if !request.dryRun {
                    do throws(RivEditError) {
                        try rule.check(destination, replacing: request.overwrite)
                        if let hosted {
                            try AtomicFile.copy(from: hosted.file, to: destination, replacing: request.overwrite)
                        } else {
                            try asset.writeEmbeddedBytes(to: destination, replacing: request.overwrite)
                        }
                    } catch .destinationExists {
                        report.failures.append(InputFailure(path: destination.path, message: "already exists", remedy: .overwrite))
                        continue
                    } catch {
                        report.failures.append(InputFailure(path: path, prefix: "\(asset.uniqueName): ", error))
                        continue
                    }
                }
                written = true
            }
            report.files.append(ExtractedFile(input: path, asset: asset.uniqueName, path: writtenPath,
                                              bytes: hosted?.byteCount ?? asset.embeddedByteCount, format: format,
                                              contentHash: request.contentHashes ? hosted.map { $0.contentHash() } ?? XXH64.hexString(asset.contentHash) : nil))
        }
        return report
    }
}
