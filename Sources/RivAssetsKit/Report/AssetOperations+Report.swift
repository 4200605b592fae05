import Foundation
import RivFormat

extension AssetOperations {
    /// Writes one self-contained HTML page about every input: per file its header
    /// facts, a size breakdown, its problems, a thumbnail of every embedded image,
    /// a specimen line of every embedded font, a player for every embedded clip, the
    /// other assets listed; with several inputs a summary across them.
    ///
    /// The page has no script at all and loads nothing: images, fonts and clips are
    /// `data:` URIs made only from bytes whose format was detected, with that
    /// format's MIME type, and only up to ``ReportRequest/maxInlineBytes`` each.
    /// Every string from a file is HTML-escaped. The page is written atomically; an
    /// existing file is refused unless the request overwrites, and an input, a
    /// folder, device or pipe always are.
    public static func report(_ request: ReportRequest) throws(RequestError) -> ReportSummary {
        try InputEngine.requireInputs(request.inputs)
        guard request.maxInlineBytes >= 0 else { throw RequestError("the inline limit must not be negative") }
        let output = LiteralPath.kernelURL(request.output)
        do throws(RivEditError) {
            try OutputRule(inputs: request.inputs).check(output, replacing: request.overwrite)
        } catch {
            let failure = InputFailure(path: request.output, error)
            return ReportSummary(bytes: 0, files: 0, inlined: 0, overLimit: 0, failures: [failure])
        }
        let files = InputEngine.map(request.inputs, width: ParallelWork.coreCount) { _, path in InputEngine.read(path) }
        var page = HTMLReport(maxInlineBytes: request.maxInlineBytes)
        var failures: [InputFailure] = []
        let read = zip(request.inputs, files).compactMap { path, result -> (path: String, file: RivFile)? in
            guard case .success(let file) = result else { return nil }
            return (path, file)
        }
        if request.inputs.count > 1 { page.addSummary(read) }
        for (path, result) in zip(request.inputs, files) {
            switch result {
            case .success(let file): page.add(file, path: path)
            case .failure(let error):
                page.addFailure(path: path, error: error)
                failures.append(InputFailure(path: path, message: error.message))
            }
        }
        let data = Data(page.page(fileCount: request.inputs.count).utf8)
        var summary = ReportSummary(bytes: data.count, files: request.inputs.count, inlined: page.inlined,
                                    overLimit: page.overLimit, failures: failures)
        do throws(RivEditError) {
            try AtomicFile.write(data, to: output, replacing: request.overwrite)
            summary.output = output.path
        } catch {
            summary.failures.append(InputFailure(path: request.output, error))
        }
        return summary
    }
}
