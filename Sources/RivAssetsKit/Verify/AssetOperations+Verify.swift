import Foundation
import RivAssetRegistry
import RivFormat
import RivSupport

extension AssetOperations {
    /// Checks every input for what would go wrong in an app: whether Rive's runtime
    /// would load it (its verdict predicted from the runtime's import rules, crashes
    /// and hangs included), structural damage, and the assets the request asks about.
    ///
    /// A file passes when nothing is found. Findings carry stable codes (SPEC.md §13).
    public static func verify(_ request: VerifyRequest) throws(RequestError) -> VerifyResult {
        try InputEngine.requireInputs(request.inputs.names)
        let checks = try AssetChecks(request)
        let files = InputEngine.map(request.inputs.names, width: request.parallelism.width(automatic: ParallelWork.coreCount)) {
            _, path in verify(path, checks)
        }
        return VerifyResult(files: files, uploadFolder: checks.uploads?.verdict)
    }

    private static func verify(_ path: String, _ checks: AssetChecks) -> VerifiedFile {
        let bytes: Data
        do {
            bytes = try InputEngine.readBytes(path)
        } catch {
            return VerifiedFile(input: path, runtimeResult: .malformed, runtimeCrash: false,
                                findings: [VerifyFinding(code: "unreadable", message: FileSystemErrorText.reason(error))])
        }
        let prediction = RuntimePrediction(bytes: bytes)
        var findings = RuntimeFindings.findings(for: prediction)
        var notes: [VerifyFinding] = []
        var unchecked = UncheckedAssets()
        if let limit = checks.request.maxFileSize, bytes.count > limit {
            findings.append(VerifyFinding(code: "file-too-large", message: "the file is \(bytes.count) bytes, over the budget of \(limit)"))
        }
        // A path is read through the reader's own storage (large files are mapped, not copied).
        let read = path == InputEngine.standardInputName
            ? Result { () throws(RivError) in try RivFile(bytes: bytes) } : InputEngine.read(path)
        switch read {
        case .success(let file):
            for problem in file.problems {
                if let note = RuntimeFindings.tolerated(problem, by: prediction) {
                    notes.append(note)
                } else {
                    findings.append(VerifyFinding(code: "structure-problem", message: problem.message, offset: problem.offset))
                }
            }
            let spelling = AndroidSpelling(asking: file.assets.filter { $0.location == .referenced })
            for asset in file.assets {
                findings += asset.problems.map { VerifyFinding(code: "structure-problem", message: $0.message, offset: $0.offset, asset: asset.uniqueName) }
                findings += checks.findings(for: asset, spelling: spelling)
            }
            findings += checks.signatureFindings(file.assets)
            findings += TextCoverageCheck.findings(for: file)
            unchecked = checks.unchecked(file.assets)
        case .failure(let error):
            let prefix = "at byte \(error.offset): "
            let message = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            findings.append(VerifyFinding(code: "structure-damaged", message: message, offset: error.offset))
        }
        if checks.request.runtimeOnly {
            let verdict = RuntimeFindings.verdictCodes(of: prediction)
            notes += findings.filter { !verdict.contains($0.code) }
            findings.removeAll { !verdict.contains($0.code) }
        }
        return VerifiedFile(input: path, runtimeResult: prediction.result, runtimeCrash: prediction.crash != nil, findings: findings,
                            notes: notes, uncheckedAssets: unchecked)
    }
}
