import Foundation
import RivFormat

extension AssetOperations {
    /// Writes the input with an image put onto one of its artboards (see
    /// `RivEditor.placeImage(contentsOf:named:_:)`): a new embedded
    /// asset and an `Image` object showing it, nothing existing moved. The image
    /// file is checked (readable, PNG, JPEG or WebP) before the input is read; an
    /// unknown artboard fails the input with the file's artboards. The output is
    /// written to a temporary file and renamed.
    public static func place(_ request: PlaceRequest) throws(RequestError) -> PlaceReport {
        let head = try ReplacementSet.head(of: request.image)
        let format = ContentFormat(sniffing: head)
        guard [.png, .jpeg, .webp].contains(format) else {
            throw RequestError(.imageUnusable, "cannot place \(request.image): it is \(format == .unknown ? "no image" : format.rawValue), and an image must be PNG, JPEG or WebP")
        }
        let input = try SingleInput(request.input, destination: request.destination, dryRun: request.dryRun)
        let output = input.output
        var report = PlaceReport(path: request.input, output: nil, placed: nil, failure: nil, dryRun: request.dryRun)
        guard let file = input.file else {
            report.failure = input.failure
            return report
        }
        let step = RewriteStep(destination: request.destination, overwrite: request.overwrite, dryRun: request.dryRun)
        switch step.run(file, path: request.input, to: output, { _, editor throws(RivEditError) -> RewriteStep.Decision<PlacedImage> in
            .write(try editor.placeImage(contentsOf: LiteralPath.url(request.image), named: request.name, request.placement))
        }) {
        case .written(let placed):
            report.placed = placed
            report.output = output.path
        case .skipped: break
        case .failed(let failure): report.failure = failure
        }
        return report
    }
}
