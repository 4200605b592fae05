import RivSupport

extension DisplayList {
    /// The display list as JSON lines, in the shape of the runtime oracle's
    /// `riv_render --json`: a header (with ``schemaVersion`` and the notes), one line
    /// per call in order (`drawImage`: the image's asset index, size, transform,
    /// opacity, blend, clips; `drawImageMesh`: the same with the mesh's `vertices`
    /// (and `worldVertices` in the artboard's space), `uvs` and triangle `indices`; `drawPath`, `clipPath`: the path as handed to the renderer
    /// in `local`, in the artboard's space in `world`, the transform `xf`, the clips
    /// in effect, the paint), and an end line with the counts.
    public func jsonLines() -> String {
        var lines: [String] = []
        let notesJSON = notes.map { note in
            "{\"feature\":\(JSONStringText.quoted(note.feature)),\(note.objectIndex.map { "\"object\":\($0)," } ?? "")\"message\":\(JSONStringText.quoted(note.message))}"
        }
        lines.append("{\"op\":\"header\",\"schemaVersion\":\(Self.schemaVersion),\"artboard\":\(JSONStringText.quoted(artboardName)),\"artboardIndex\":\(artboardIndex),"
                     + "\"bounds\":[0,0,\(NumberText.number(width)),\(NumberText.number(height))],\"scene\":\(JSONStringText.quoted(scene)),\"time\":\(NumberText.number(time)),"
                     + "\"notes\":[\(notesJSON.joined(separator: ","))]}")
        for command in commands {
            switch command {
            case .drawPath(let call):
                lines.append("{\"op\":\"drawPath\",\"draw\":\(call.index),\"fillRule\":\"\(call.fillRule.rawValue)\",\"xf\":\(JSONText.numbers(call.transform.values)),"
                             + "\"opacity\":\(NumberText.number(call.opacity)),\"clips\":\(JSONText.integers(call.clips)),\"paint\":\(JSONText.paint(call.paint)),"
                             + "\"local\":\"\(NumberText.pathData(call.path))\",\"world\":\"\(NumberText.pathData(call.artboardPath))\"}")
            case .drawImage(let call):
                lines.append("{\"op\":\"drawImage\",\"draw\":\(call.index),\"image\":\(call.asset),\"width\":\(call.width),\"height\":\(call.height),"
                             + "\"xf\":\(JSONText.numbers(call.transform.values)),\"opacity\":\(NumberText.number(call.opacity)),"
                             + "\"blend\":\"\(call.blend.rawValue)\",\"clips\":\(JSONText.integers(call.clips))}")
            case .drawImageMesh(let call):
                lines.append("{\"op\":\"drawImageMesh\",\"draw\":\(call.index),\"image\":\(call.asset),\"width\":\(call.width),\"height\":\(call.height),"
                             + "\"xf\":\(JSONText.numbers(call.transform.values)),\"opacity\":\(NumberText.number(call.opacity)),"
                             + "\"blend\":\"\(call.blend.rawValue)\",\"clips\":\(JSONText.integers(call.clips)),"
                             + "\"vertices\":\(JSONText.points(call.vertices)),\"worldVertices\":\(JSONText.points(call.artboardVertices)),"
                             + "\"uvs\":\(JSONText.points(call.uvs)),\"indices\":\(JSONText.integers(call.indices))}")
            case .clipPath(let call):
                lines.append("{\"op\":\"clipPath\",\"clip\":\(call.index),\"fillRule\":\"\(call.fillRule.rawValue)\",\"xf\":\(JSONText.numbers(call.transform.values)),"
                             + "\"clips\":\(JSONText.integers(call.clips)),\"local\":\"\(NumberText.pathData(call.path))\",\"world\":\"\(NumberText.pathData(call.artboardPath))\"}")
            }
        }
        lines.append("{\"op\":\"end\",\"draws\":\(drawCount),\"clips\":\(clipCalls.count),\"notes\":\(notes.count)}")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The pieces of the JSON lines.
private enum JSONText {
    static func numbers(_ values: [Double]) -> String {
        "[" + values.map(NumberText.number).joined(separator: ",") + "]"
    }

    /// Points as one flat list `[x0, y0, x1, y1, ...]`, as the oracle writes a mesh's.
    static func points(_ points: [RenderPoint]) -> String {
        numbers(points.flatMap { [$0.x, $0.y] })
    }

    static func integers(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    static func paint(_ paint: RenderPaint) -> String {
        var fields = ["\"style\":\"\(paint.style.rawValue)\"", "\"color\":\"\(NumberText.argb(paint.color))\""]
        if paint.style == .stroke {
            fields += ["\"thickness\":\(NumberText.number(paint.thickness))", "\"join\":\"\(paint.join.rawValue)\"", "\"cap\":\"\(paint.cap.rawValue)\""]
        }
        fields += ["\"blend\":\"\(paint.blend.rawValue)\"", "\"feather\":\(NumberText.number(paint.feather))"]
        if let shader = paint.shader { fields.append("\"shader\":" + self.shader(shader)) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func shader(_ shader: RenderShader) -> String {
        func stops(_ stops: [GradientStop]) -> String {
            "[" + stops.map { "[\(NumberText.number($0.position)),\"\(NumberText.argb($0.color))\"]" }.joined(separator: ",") + "]"
        }
        switch shader {
        case .linear(let start, let end, let list):
            return "{\"type\":\"linear\",\"start\":\(numbers([start.x, start.y])),\"end\":\(numbers([end.x, end.y])),\"stops\":\(stops(list))}"
        case .radial(let center, let radius, let list):
            return "{\"type\":\"radial\",\"center\":\(numbers([center.x, center.y])),\"radius\":\(NumberText.number(radius)),\"stops\":\(stops(list))}"
        }
    }
}
