import Foundation
import RivFormat
import RivRender
import RivSupport

extension AssetOperations {
    /// Draws one artboard of the input as Rive's runtime draws it (at the request's
    /// scene, by default the runtime's default scene after one `advanceAndApply(0)`) and writes the picture as SVG, or the draw calls as JSON lines,
    /// to the output file (atomically; an existing file only when the request
    /// overwrites) or into the report. What the artboard holds that is not drawn is
    /// listed in the report's notes, the JSON and an SVG comment.
    public static func render(_ request: RenderRequest) throws(RequestError) -> RenderReport {
        // Until drawn, the scene as asked; then the runtime's name for it.
        let asked = switch request.scene {
        case .none: "none"
        case .default: "default"
        case .stateMachine(let name), .animation(let name): name
        }
        var report = RenderReport(input: request.input, scene: asked)
        let file: RivFile
        switch InputEngine.read(request.input) {
        case .success(let read): file = read
        case .failure(let error):
            report.failure = InputFailure(path: request.input, message: error.message)
            return report
        }
        let renderer = ArtboardRenderer(file: file)
        let list: DisplayList
        do throws(RenderError) {
            let index = switch request.artboard {
            case .first: 0
            case .index(let index): index
            case .named(let name): try renderer.artboardIndex(named: name)
            }
            list = try renderer.render(artboardIndex: index, scene: request.scene, options: request.sceneOptions)
        } catch {
            throw RequestError(.invalidOption, error.description, underlying: error)
        }
        report.artboard = list.artboardName
        report.artboardIndex = list.artboardIndex
        report.scene = list.scene
        report.time = list.time
        report.draws = list.drawCalls.count + list.imageCalls.count
        report.clips = list.clipCalls.count
        report.notes = list.notes
        let document = request.format == .svg ? list.svg() : list.jsonLines()
        guard let output = request.output else {
            report.document = document
            return report
        }
        do throws(FileWriteError) {
            try AtomicFile.write(Data(document.utf8), to: LiteralPath.kernelURL(output), replacing: request.overwrite)
            report.output = output
        } catch {
            let exists = if case .destinationExists = error { true } else { false }
            report.failure = InputFailure(path: output, message: error.description, remedy: exists ? .overwrite : nil)
        }
        return report
    }
}
