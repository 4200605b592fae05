import Foundation
import RivFormat
import RivRender
import RivSupport

extension AssetOperations {
    /// Draws one artboard of the input as Rive's runtime draws it (at the request's
    /// scene, by default the runtime's default scene after one `advanceAndApply(0)`) and
    /// writes the picture as SVG or PNG, or the draw calls as JSON lines,
    /// to the output file (atomically; an existing file only when the request overwrites;
    /// never the input) or, for SVG and JSON, into the result. With
    /// ``RenderRequest/Artboard/all`` every artboard is drawn into its own file in the
    /// output folder, named after the artboard (``RenderedArtboard``). What an artboard holds
    /// that is not drawn is listed in the result's notes, the JSON and an SVG comment.
    ///
    /// Throws a request error for an artboard, scene or input that does not exist, a PNG
    /// without an output file, and a picture width past the rasterizer's bounds.
    public static func render(_ request: RenderRequest) throws(RequestError) -> RenderResult {
        // Until drawn, the scene as asked; then the runtime's name for it.
        let asked = switch request.scene {
        case .none: "none"
        case .default: "default"
        case .stateMachine(let name), .animation(let name): name
        }
        var result = RenderResult(input: request.input.description, scene: asked)
        if request.format == .png || request.artboard == .all, request.output == nil {
            throw RequestError(.invalidOption, request.artboard == .all ? "every artboard is written into a folder: give one as the output"
                                                                        : "a PNG is written to a file: give one as the output")
        }
        let file: RivFile
        switch InputEngine.read(request.input.description) {
        case .success(let read): file = read
        case .failure(let error):
            result.failure = InputFailure(path: request.input.description, message: error.message)
            return result
        }
        let renderer = ArtboardRenderer(file: file)
        let rule = OutputRule(inputs: [request.input.description])
        if request.artboard == .all, let folder = request.output {
            renderAll(renderer, request: request, folder: folder, rule: rule, into: &result)
            return result
        }
        let list: DisplayList
        let document: [UInt8]
        do throws(RenderError) {
            let index = switch request.artboard {
            case .first, .all: 0
            case .index(let index): index
            case .named(let name): try renderer.artboardIndex(named: name)
            }
            list = try renderer.render(artboardIndex: index, scene: request.scene, options: request.sceneOptions)
            let written = try rendered(list, as: request.format, width: request.width)
            (document, result.width, result.height, result.notes) = (written.bytes, written.width, written.height, list.notes + written.notes)
        } catch {
            throw RequestError(.invalidOption, error.description, underlying: error)
        }
        result.artboard = list.artboardName
        result.artboardIndex = list.artboardIndex
        result.scene = list.scene
        result.time = list.time
        result.draws = list.drawCount
        result.clips = list.clipCalls.count
        guard let output = request.output else {
            result.document = String(decoding: document, as: UTF8.self)
            return result
        }
        result.failure = writeRendered(document, to: output, input: request.input.description, prefix: "", rule: rule, overwrite: request.overwrite)
        if result.failure == nil { result.output = output }
        return result
    }

    /// Draws every artboard into `folder`, one file each, into `result.pictures`.
    private static func renderAll(_ renderer: ArtboardRenderer, request: RenderRequest, folder: String, rule: OutputRule, into result: inout RenderResult) {
        do {
            try OutputFolder.create(LiteralPath.kernelURL(folder))
        } catch {
            result.failure = InputFailure(path: error.path, message: error.sentence)
            return
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let names = ArtboardFileNames.names(for: renderer.artboardNames, fileExtension: request.format.rawValue)
        for (index, name) in renderer.artboardNames.enumerated() {
            var picture = RenderedArtboard(artboard: name, artboardIndex: index, output: prefix + names[index])
            do throws(RenderError) {
                let list = try renderer.render(artboardIndex: index, scene: request.scene, options: request.sceneOptions)
                let written = try rendered(list, as: request.format, width: request.width)
                (picture.draws, picture.clips) = (list.drawCount, list.clipCalls.count)
                (picture.width, picture.height, picture.notes) = (written.width, written.height, list.notes + written.notes)
                picture.failure = writeRendered(written.bytes, to: picture.output, input: request.input.description, prefix: "artboard \(index): ", rule: rule, overwrite: request.overwrite)
                picture.written = picture.failure == nil
            } catch {
                picture.failure = InputFailure(path: request.input.description, message: "artboard \(index): \(error.description)")
            }
            result.pictures.append(picture)
        }
    }

    /// The bytes of `list` written as `format` (a PNG `width` pixels wide), with a PNG's
    /// size and what the picture left out.
    private static func rendered(_ list: DisplayList, as format: RenderRequest.Format, width: Int?) throws(RenderError)
        -> (bytes: [UInt8], width: Int?, height: Int?, notes: [RenderNote]) {
        switch format {
        case .svg: return (Array(list.svg().utf8), nil, nil, [])
        case .json: return (Array(list.jsonLines().utf8), nil, nil, [])
        case .png:
            let picture = try list.png(width: width)
            return (picture.png, picture.width, picture.height, picture.notes)
        }
    }

    /// Writes `bytes` to `path` through the one output rule and the atomic writer; the
    /// failure (of `input`, its message after `prefix` naming the output), or nil when written.
    private static func writeRendered(_ bytes: [UInt8], to path: String, input: String, prefix: String, rule: OutputRule, overwrite: Bool) -> InputFailure? {
        do throws(RivEditError) {
            try rule.write(bytes, to: LiteralPath.kernelURL(path), replacing: overwrite)
            return nil
        } catch {
            return InputFailure(path: input, prefix: prefix, error)
        }
    }
}
