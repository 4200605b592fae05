import Foundation
import RivFormat

extension AssetOperations {
    /// How many inputs ``strip(_:)`` reads ahead of the one being written.
    static let stripBatchSize = 64

    /// Removes the embedded bytes of the chosen assets from every input and writes
    /// them to files, leaving each asset referenced (or hosted, when it has a CDN uuid).
    ///
    /// Asset files are written first, each through a temporary file; the stripped
    /// `.riv` is written last, so an interruption never loses bytes. When the `.riv`
    /// cannot be written, the asset files this run created for it are removed again.
    public static func strip(_ request: StripRequest) throws(RequestError) -> StripReport {
        try InputEngine.requireInputs(request.inputs)
        let outputs = try OutputPaths.resolve(inputs: request.inputs, destination: request.destination)
        let assetFolder = URL(fileURLWithPath: request.assetsFolder)
        do {
            try FileManager.default.createDirectory(at: assetFolder, withIntermediateDirectories: true)
        } catch {
            throw RequestError("cannot create \(request.assetsFolder): \(error.localizedDescription)")
        }
        var report = StripReport(stripped: [], files: [], failures: [])
        // Inputs are read in parallel a batch at a time and written one after another in
        // input order (two inputs can strip assets of the same name into one folder), so
        // at most one batch of files is held open or mapped whatever the number of inputs.
        for start in stride(from: 0, to: request.inputs.count, by: stripBatchSize) {
            let batch = Array(request.inputs[start..<min(start + stripBatchSize, request.inputs.count)])
            let files = InputEngine.map(batch, width: ParallelWork.coreCount) { _, path in InputEngine.read(path) }
            for (offset, (path, result)) in zip(batch, files).enumerated() {
                switch result {
                case .success(let file): strip(file, path: path, to: outputs[start + offset], assetFolder: assetFolder, request, into: &report)
                case .failure(let error): report.failures.append(InputFailure(path: path, message: error.message))
                }
            }
        }
        return report
    }

    /// Strips one input: its asset files, then the stripped `.riv`.
    private static func strip(_ file: RivFile, path: String, to output: URL, assetFolder: URL, _ request: StripRequest,
                              into report: inout StripReport) {
        var created: [URL] = []
        var stripped: [StrippedAsset] = []
        var editor = RivEditor(file)
        do throws(RivEditError) {
            for asset in file.assets where asset.location == .embedded && request.types.includes(asset) {
                try editor.strip(asset, force: request.force)
                guard let assetPath = SafeFileName.path(in: assetFolder, name: asset.uniqueFilename) else {
                    throw .writeFailed(path: asset.uniqueFilename, reason: "no safe file name for it")
                }
                let exists = POSIX.entryExists(atPath: assetPath.path)
                if exists && !request.force {
                    report.failures.append(InputFailure(path: path, message: "\(assetPath.path): already exists; nothing was changed",
                                                        remedy: .overwrite))
                    removeAll(created)
                    return
                }
                stripped.append(StrippedAsset(input: path, output: output.path, asset: asset.uniqueName,
                                              path: assetPath.path, bytes: asset.embeddedByteCount))
                try asset.writeEmbeddedBytes(to: assetPath)
                if !exists { created.append(assetPath) }
            }
            try editor.write(to: output)
        } catch {
            // The .riv keeps its bytes, so the asset files this run created are not needed.
            removeAll(created)
            report.failures.append(InputFailure(path: path, error))
            return
        }
        report.stripped += stripped
        report.files.append(StrippedFile(input: path, output: output.path, bytesBefore: file.byteCount,
                                         bytesAfter: editor.outputByteCount, assetCount: stripped.count))
    }

    private static func removeAll(_ files: [URL]) {
        for url in files { try? FileManager.default.removeItem(at: url) }
    }
}
