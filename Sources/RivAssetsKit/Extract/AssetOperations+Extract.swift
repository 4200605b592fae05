import Foundation
import RivFormat

extension AssetOperations {
    /// Writes the embedded bytes of the chosen assets of every input to files.
    ///
    /// Names come from the file, which anyone can write, so they are made safe: no
    /// write leaves the output folder. An input's folder is created only once the
    /// input has been read. Files that exist are left alone (a failure) unless the
    /// request says to overwrite.
    public static func extract(_ request: ExtractRequest) throws(RequestError) -> ExtractReport {
        try InputEngine.requireInputs(request.inputs)
        let folders = InputFolders.make(for: request.inputs, in: LiteralPath.url(request.outputFolder))
        let writes = RunWrites()
        // Extraction mostly waits on the disk: more writers than cores keep both busy.
        let perInput = InputEngine.map(request.inputs, width: request.parallelism.width(automatic: ParallelWork.fileWriterCount)) {
            index, path in extract(path, into: folders[index], request, writes)
        }
        return ExtractReport(files: perInput.flatMap(\.files), failures: perInput.flatMap(\.failures))
    }

    /// Reads one input and writes its chosen embedded assets into `folder`.
    private static func extract(_ path: String, into folder: URL, _ request: ExtractRequest, _ writes: RunWrites) -> ExtractReport {
        var report = ExtractReport(files: [], failures: [])
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error):
            report.failures.append(InputFailure(path: path, message: error.message))
            return report
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            report.failures.append(InputFailure(path: folder.path, message: "cannot create the folder: \(error.localizedDescription)"))
            return report
        }
        for asset in file.assets where asset.location == .embedded && request.types.includes(asset) {
            if let pattern = request.namePattern, !POSIX.wildcardMatches(pattern, asset.uniqueName) { continue }
            let format = asset.detectedFormat ?? .unknown
            let fileName = request.naming == .runtime ? asset.uniqueFilename : asset.uniqueName + "." + format.fileExtension
            guard let destination = SafeFileName.path(in: folder, name: fileName) else {
                report.failures.append(InputFailure(path: path, message: "\(asset.uniqueName): no safe file name for it"))
                continue
            }
            let source = "\(asset.uniqueName) of \(path)"
            var writtenPath = destination.path
            switch writes.claim(destination.path, source: source) {
            case .writtenBefore(let earlier, let earlierPath):
                writtenPath = earlierPath
                guard RunWrites.file(atPath: earlierPath, holdsBytesOf: asset) else {
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
                do throws(RivEditError) {
                    try asset.writeEmbeddedBytes(to: destination)
                    written = true
                } catch {
                    report.failures.append(InputFailure(path: path, prefix: "\(asset.uniqueName): ", error))
                    continue
                }
            }
            report.files.append(ExtractedFile(input: path, asset: asset.uniqueName, path: writtenPath,
                                              bytes: asset.embeddedByteCount, format: format.rawValue,
                                              contentHash: request.contentHashes ? FNV1a.hexString(asset.contentHash) : nil))
        }
        return report
    }
}
