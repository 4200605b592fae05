import Foundation
import RivFormat
import RivRender

/// Invariant 15: the renderer on every input that reads as a file. Up to
/// `renderedArtboardLimit` artboards (spread over the file) are drawn within
/// `renderLimits`, each three ways, through the API `riv-assets render` uses: the
/// setup pose (`--scene none`), the default scene after its first frame, and the
/// default scene played for the steps `renderSteps` (`--time` given three times).
/// Each draw ends in a display list or a `RenderError` that says what; every point,
/// transform and opacity in the list is finite; its SVG is one `<svg>` element and
/// each line of its JSON form is a JSON object; and the calls' path points in all
/// (draws, clips, inner feathers' rings) stay within the limits' point budget.
enum RenderCheck {
    /// At most this many artboards of one input are drawn.
    static let renderedArtboardLimit = 3
    /// Small limits, so that one input costs little however much it multiplies.
    static let renderLimits = RenderLimits(points: 20_000, nestingDepth: 4, nestedInstances: 32)
    /// The `--time` steps of the third drawing.
    static let renderSteps: [Double] = [0, 0.5, 1.25]

    static func check(_ file: RivFile) {
        let renderer = ArtboardRenderer(file: file, limits: renderLimits)
        let count = renderer.artboardNames.count
        let picked = count <= renderedArtboardLimit ? Array(0..<count)
            : (0..<renderedArtboardLimit).map { $0 * (count - 1) / (renderedArtboardLimit - 1) }
        for index in picked {
            draw { () throws(RenderError) in try renderer.setupPose(artboardIndex: index) }
            draw { () throws(RenderError) in try renderer.render(artboardIndex: index) }
            draw { () throws(RenderError) in try renderer.render(artboardIndex: index, scene: .default, options: SceneOptions(steps: renderSteps)) }
        }
    }

    private static func draw(_ render: () throws(RenderError) -> DisplayList) {
        let list: DisplayList
        do throws(RenderError) {
            list = try render()
        } catch {
            require(!error.description.isEmpty, "a render error without a description")
            return
        }
        var points = 0
        for command in list.commands {
            switch command {
            case .drawPath(let call):
                requireFinite(call.path, call.transform, "drawPath \(call.index)")
                require(call.opacity.isFinite, "drawPath \(call.index) has opacity \(call.opacity)")
                points += call.path.pointCount
            case .clipPath(let call):
                requireFinite(call.path, call.transform, "clipPath \(call.index)")
                points += call.path.pointCount
            case .drawImage(let call):
                require(call.transform.values.allSatisfy(\.isFinite) && call.opacity.isFinite, "drawImage \(call.index) is not finite: \(call)")
            case .drawImageMesh(let call):
                require(call.transform.values.allSatisfy(\.isFinite) && call.opacity.isFinite && call.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite },
                        "drawImageMesh \(call.index) is not finite: \(call.transform.values)")
                points += call.vertices.count + call.indices.count
            }
        }
        require(points <= renderLimits.points, "the calls hold \(points) path points, over the budget of \(renderLimits.points)")
        let svg = list.svg()
        require(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"), "the SVG is not one svg element")
        for line in list.jsonLines().split(separator: "\n") {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            require(object is [String: Any], "a JSON line is not a JSON object: \(line.prefix(200))")
        }
    }

    private static func requireFinite(_ path: RenderPath, _ transform: RenderTransform, _ what: String) {
        require(transform.values.allSatisfy(\.isFinite), "\(what) has the transform \(transform.values)")
        for command in path.commands {
            let points: [RenderPoint] = switch command {
            case .move(let point), .line(let point): [point]
            case .cubic(let out, let `in`, let to): [out, `in`, to]
            case .close: []
            }
            require(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(what) has a point that is not finite: \(command)")
        }
    }
}
