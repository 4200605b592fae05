import Foundation
import RivFormat
import RivSupport

extension AssetOperations {
    /// Writes one self-contained HTML page about every input: per file its header
    /// facts, a size breakdown, its problems, a picture of every artboard at its
    /// default scene (as ``render(_:)`` draws it, with what it leaves out; within a
    /// budget, see ``ReportSummary/picturesLeftOut``), a thumbnail of every embedded image,
    /// a specimen line of every embedded font, a player for every embedded clip, the
    /// other assets listed; with several inputs a summary across them.
    ///
    /// The page has no script at all and loads nothing: images, fonts and clips are
    /// `data:` URIs made only from bytes whose format was detected, with that
    /// format's MIME type, and only up to ``ReportRequest/maxInlineBytes`` each.
    /// Without ``ReportRequest/embeds``, those bytes are written instead to files
    /// beside the page (``ReportRequest/assetFolder(besidePage:)``, one per content,
    /// each through the atomic writer; the folder is made only when something is
    /// linked) and the page links to them, whatever their size; so are the artboards'
    /// pictures, named after the artboards in a folder per input inside it, each
    /// written through the output rule (an existing one replaced only when the request
    /// overwrites).
    /// Every string from a file is HTML-escaped. The page is written as it is made,
    /// one file after another (memory does not grow with the inputs), to a temporary
    /// file renamed into place at the end; an
    /// existing file is refused unless the request overwrites, and an input, a
    /// folder, device or pipe always are.
    public static func report(_ request: ReportRequest) throws(RequestError) -> ReportSummary {
        try InputEngine.requireInputs(request.inputs.names)
        guard request.maxInlineBytes >= 0 else { throw RequestError(.invalidOption, "the inline limit must not be negative") }
        let output = LiteralPath.kernelURL(request.output)
        try OutputPaths.createFolder(of: output)
        let assetFolder = request.embeds ? nil : ReportRequest.assetFolder(besidePage: output)
        if let assetFolder { try FolderCheck.requireCreatable(assetFolder.path, named: assetFolder.path) }
        let rule = OutputRule(inputs: request.inputs.names)
        do throws(RivEditError) {
            try rule.check(output, replacing: request.overwrite)
        } catch {
            let failure = InputFailure(path: request.output, error)
            return ReportSummary(bytes: 0, files: 0, inlined: 0, overLimit: 0, failures: [failure])
        }
        // Standard input can be read once: it is kept for both passes.
        let standardInput = request.inputs.names.contains(InputEngine.standardInputName) ? InputEngine.read(InputEngine.standardInputName) : nil
        let read: @Sendable (String) -> Result<RivFile, RivError> = { path in
            path == InputEngine.standardInputName ? standardInput ?? InputEngine.read(path) : InputEngine.read(path)
        }
        var totals: ReportTotals?
        if request.inputs.names.count > 1 {
            let facts = InputEngine.map(request.inputs.names, width: ParallelWork.coreCount) { _, path in
                try? read(path).map(ReportTotals.FileFacts.init).get()
            }
            var gathered = ReportTotals()
            for (input, (path, facts)) in zip(request.inputs.names, facts).enumerated() { facts.map { gathered.add($0, path: path, input: input) } }
            totals = gathered
        }
        var failures: [InputFailure] = []
        var counts = (inlined: 0, overLimit: 0)
        var linked = 0
        var pictures = (shown: 0, leftOut: 0)
        var summary = ReportSummary(bytes: 0, files: request.inputs.names.count, inlined: 0, overLimit: 0, failures: [])
        do throws(FileWriteError) {
            summary.bytes = try AtomicFile.stream(to: output, replacing: request.overwrite) { out throws(FileWriteError) in
                var page = try HTMLReport(maxInlineBytes: request.maxInlineBytes, fileCount: request.inputs.names.count, linkingInto: assetFolder,
                                          rule: rule, overwrite: request.overwrite, writingTo: out)
                if let totals { try page.writeSummary(totals, inputs: request.inputs.names) }
                for (position, path) in request.inputs.names.enumerated() {
                    switch read(path) {
                    case .success(let file): try page.write(file, path: path, position: position)
                    case .failure(let error):
                        try page.writeFailure(path: path, error: error)
                        failures.append(InputFailure(path: path, message: error.message))
                    }
                }
                try page.finish()
                counts = (page.inlined, page.overLimit)
                linked = page.linked
                pictures = (page.pictures, page.picturesLeftOut)
                failures += page.pictureFailures
            }
            summary.output = output.path
        } catch {
            failures.append(InputFailure(path: request.output, error))
        }
        summary.inlined = counts.inlined
        summary.overLimit = counts.overLimit
        summary.linked = linked
        summary.pictures = pictures.shown
        summary.picturesLeftOut = pictures.leftOut
        summary.assetFolder = linked + pictures.shown > 0 ? assetFolder?.path : nil
        summary.failures = failures
        return summary
    }
}
