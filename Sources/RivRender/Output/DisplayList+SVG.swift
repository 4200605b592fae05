import Foundation
import RivSupport

extension DisplayList {
    /// The display list as an SVG document: the view box is the artboard's bounds,
    /// each drawPath a `<path>` in its own space under its transform (so strokes
    /// scale as the runtime's do), in a group that names the innermost clip in effect
    /// and the blend mode (`mix-blend-mode`); each clip a `<clipPath>` in the
    /// artboard's space, clipped by the clip it was pushed under (the structure of
    /// the runtime oracle's SVG, so that one rasterizer reads both alike); gradients
    /// in user space; images inline as data URIs; an image mesh as one copy of its
    /// image per triangle, clipped to the triangle. The notes are an XML comment.
    public func svg() -> String {
        let width = NumberText.number(self.width), height = NumberText.number(self.height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\">\n"
        out += "<title>\(MarkupText.escaped(artboardName))</title>\n"
        if !notes.isEmpty {
            out += "<!-- not drawn:\n"
            for note in notes { out += "  \(SVGText.comment(note.feature)): \(SVGText.comment(note.message))\n" }
            out += "-->\n"
        }
        var definitions = ""
        for clip in clipCalls {
            // In the artboard's space, itself clipped by the innermost clip it was pushed under.
            definitions += "<clipPath id=\"clip\(clip.index)\" clipPathUnits=\"userSpaceOnUse\"\(clip.clips.last.map { " clip-path=\"url(#clip\($0))\"" } ?? "")>"
                + "<path d=\"\(NumberText.pathData(clip.artboardPath))\" clip-rule=\"\(clip.fillRule == .evenOdd ? "evenodd" : "nonzero")\"/></clipPath>\n"
        }
        var body = ""
        // The images meshes draw, each defined once.
        var meshImages: Set<Int> = []
        for command in commands {
            guard case .drawPath(let call) = command else {
                if case .drawImage(let call) = command, let image = images.first(where: { $0.asset == call.asset }) {
                    body += SVGText.grouped("<image width=\"\(call.width)\" height=\"\(call.height)\" preserveAspectRatio=\"none\"\(SVGText.transform(call.transform))"
                        + (call.opacity != 1 ? " opacity=\"\(NumberText.number(call.opacity))\"" : "")
                        + " href=\"data:\(image.mimeType);base64,\(Data(image.bytes).base64EncodedString())\"/>", clips: call.clips, blend: call.blend) + "\n"
                } else if case .drawImageMesh(let call) = command, let image = images.first(where: { $0.asset == call.asset }) {
                    if meshImages.insert(call.asset).inserted {
                        definitions += "<image id=\"image\(call.asset)\" width=\"\(call.width)\" height=\"\(call.height)\" preserveAspectRatio=\"none\""
                            + " href=\"data:\(image.mimeType);base64,\(Data(image.bytes).base64EncodedString())\"/>\n"
                    }
                    // One clipped copy of the image per triangle, as the oracle's SVG draws a mesh.
                    var triangles = ""
                    for (number, triangle) in call.triangles.enumerated() {
                        definitions += "<clipPath id=\"mesh\(call.index)-\(number)\" clipPathUnits=\"userSpaceOnUse\"><path d=\"\(NumberText.pathData(triangle.outline))\"/></clipPath>\n"
                        triangles += "<g clip-path=\"url(#mesh\(call.index)-\(number))\"><use href=\"#image\(call.asset)\"\(SVGText.transform(triangle.imageTransform))/></g>"
                    }
                    let opacity = call.opacity != 1 ? " opacity=\"\(NumberText.number(call.opacity))\"" : ""
                    body += SVGText.grouped("<g\(opacity)>\(triangles)</g>", clips: call.clips, blend: call.blend) + "\n"
                }
                continue
            }
            var element = "<path d=\"\(NumberText.pathData(call.path))\"\(SVGText.transform(call.transform))"
            let paintValue: String
            if let shader = call.paint.shader {
                definitions += SVGText.gradient(shader, id: "paint\(call.index)")
                paintValue = "url(#paint\(call.index))"
            } else {
                paintValue = NumberText.rgb(call.paint.color)
            }
            let alpha = call.paint.shader == nil && call.paint.color >> 24 != 0xFF ? NumberText.alpha(call.paint.color) : nil
            switch call.paint.style {
            case .fill:
                element += " fill=\"\(paintValue)\"" + (alpha.map { " fill-opacity=\"\($0)\"" } ?? "")
                element += call.fillRule == .evenOdd ? " fill-rule=\"evenodd\"" : ""
            case .stroke:
                element += " fill=\"none\" stroke=\"\(paintValue)\"" + (alpha.map { " stroke-opacity=\"\($0)\"" } ?? "")
                element += " stroke-width=\"\(NumberText.number(call.paint.thickness))\" stroke-linejoin=\"\(call.paint.join.rawValue)\" stroke-linecap=\"\(call.paint.cap.rawValue)\""
            }
            if call.opacity != 1 { element += " opacity=\"\(NumberText.number(call.opacity))\"" }
            if call.paint.feather > 0 {
                definitions += "<filter id=\"feather\(call.index)\" x=\"-100%\" y=\"-100%\" width=\"300%\" height=\"300%\">"
                    + "<feGaussianBlur stdDeviation=\"\(NumberText.number(call.paint.feather / 2))\"/></filter>\n"
                element += " filter=\"url(#feather\(call.index))\""
            }
            element += "/>"
            body += SVGText.grouped(element, clips: call.clips, blend: call.paint.blend) + "\n"
        }
        if !definitions.isEmpty { out += "<defs>\n\(definitions)</defs>\n" }
        return out + body + "</svg>\n"
    }
}

/// The pieces of the SVG.
private enum SVGText {
    /// Text safe inside a comment: no `--`.
    static func comment(_ text: String) -> String {
        var result = MarkupText.escaped(text)
        while result.contains("--") { result = result.replacingOccurrences(of: "--", with: "- -") }
        return result
    }

    /// `element` in one group naming the innermost clip in effect (which carries the
    /// ones outside it) and the blend mode; as it is when it has neither.
    static func grouped(_ element: String, clips: [Int], blend: BlendMode) -> String {
        let clip = clips.last.map { " clip-path=\"url(#clip\($0))\"" } ?? ""
        let style = blend == .srcOver ? "" : " style=\"mix-blend-mode:\(cssBlend(blend))\""
        return clip.isEmpty && style.isEmpty ? element : "<g\(clip)\(style)>\(element)</g>"
    }

    static func transform(_ transform: RenderTransform) -> String {
        transform.isIdentity ? "" : " transform=\"matrix(\(transform.values.map(NumberText.number).joined(separator: " ")))\""
    }

    static func gradient(_ shader: RenderShader, id: String) -> String {
        let stops: [GradientStop]
        var head: String
        switch shader {
        case .linear(let start, let end, let list):
            stops = list
            head = "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(NumberText.number(start.x))\" y1=\"\(NumberText.number(start.y))\""
                + " x2=\"\(NumberText.number(end.x))\" y2=\"\(NumberText.number(end.y))\">"
        case .radial(let center, let radius, let list):
            stops = list
            head = "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(NumberText.number(center.x))\" cy=\"\(NumberText.number(center.y))\""
                + " r=\"\(NumberText.number(radius))\">"
        }
        for stop in stops {
            head += "<stop offset=\"\(NumberText.number(stop.position))\" stop-color=\"\(NumberText.rgb(stop.color))\" stop-opacity=\"\(NumberText.alpha(stop.color))\"/>"
        }
        if case .radial = shader { return head + "</radialGradient>\n" }
        return head + "</linearGradient>\n"
    }

    static func cssBlend(_ blend: BlendMode) -> String {
        var result = ""
        for character in blend.rawValue {
            if character.isUppercase { result += "-" + character.lowercased() } else { result.append(character) }
        }
        return result
    }
}
