import Foundation
import RivRender

/// Compares a ``DisplayList`` with the draw calls `riv_render --json` wrote for the
/// same artboard: the same calls in the same order, colours within 1/255, points
/// within 1e-3 of the artboard's units (or the oracle's six printed digits).
struct OracleComparison {
    /// The first difference, described; nil when the lists match.
    private(set) var difference: String?

    init(_ list: DisplayList, oracle lines: [[String: Any]]) {
        let calls = lines.filter { ["drawPath", "clipPath", "drawImage", "drawImageMesh"].contains($0["op"] as? String ?? "") }
        let ours = list.commands
        for (position, line) in calls.enumerated() {
            guard position < ours.count else {
                difference = "the runtime makes \(calls.count) calls, we make \(ours.count)"
                return
            }
            if let problem = Self.compare(ours[position], line) {
                difference = "call \(position) (\(line["op"] as? String ?? "")): \(problem)"
                return
            }
        }
        if ours.count > calls.count { difference = "the runtime makes \(calls.count) calls, we make \(ours.count)" }
    }

    private static func compare(_ command: RenderCommand, _ line: [String: Any]) -> String? {
        switch command {
        case .drawPath(let call):
            guard line["op"] as? String == "drawPath" else { return "we draw a path" }
            if let problem = compareCommon(fillRule: call.fillRule, transform: call.transform, clips: call.clips, world: call.artboardPath, line) { return problem }
            return comparePaint(call.paint, line["paint"] as? [String: Any] ?? [:])
        case .drawImage(let call):
            guard line["op"] as? String == "drawImage" else { return "we draw an image" }
            let xf = (line["xf"] as? [Any] ?? []).map(number)
            if !close(call.transform.values, xf) { return "transform \(call.transform.values), runtime \(xf)" }
            if call.width != line["width"] as? Int || call.height != line["height"] as? Int { return "size \(call.width)×\(call.height), runtime \(line["width"] ?? "")×\(line["height"] ?? "")" }
            if !close(call.opacity, number(line["opacity"] as Any)) || call.blend.rawValue != line["blend"] as? String { return "opacity or blend differ: runtime \(line)" }
            if call.clips != (line["clips"] as? [Int] ?? []) { return "clips \(call.clips), runtime \(line["clips"] ?? "")" }
            return nil
        case .drawImageMesh(let call):
            guard line["op"] as? String == "drawImageMesh" else { return "we draw an image mesh" }
            let xf = (line["xf"] as? [Any] ?? []).map(number)
            if !close(call.transform.values, xf) { return "transform \(call.transform.values), runtime \(xf)" }
            if call.width != line["width"] as? Int || call.height != line["height"] as? Int { return "size \(call.width)×\(call.height), runtime \(line["width"] ?? "")×\(line["height"] ?? "")" }
            if !close(call.opacity, number(line["opacity"] as Any)) || call.blend.rawValue != line["blend"] as? String { return "opacity or blend differ: runtime \(line["opacity"] ?? "") \(line["blend"] ?? "")" }
            if call.clips != (line["clips"] as? [Int] ?? []) { return "clips \(call.clips), runtime \(line["clips"] ?? "")" }
            let vertices = (line["worldVertices"] as? [Any] ?? []).map(number), uvs = (line["uvs"] as? [Any] ?? []).map(number)
            if !close(call.artboardVertices.flatMap { [$0.x, $0.y] }, vertices) { return "vertices differ: runtime \(vertices.prefix(12))" }
            if !close(call.uvs.flatMap { [$0.x, $0.y] }, uvs) { return "uvs differ: runtime \(uvs.prefix(12))" }
            if call.indices != (line["indices"] as? [Int] ?? []) { return "triangle indices differ: runtime \((line["indices"] as? [Int] ?? []).prefix(12))" }
            return nil
        case .clipPath(let call):
            guard line["op"] as? String == "clipPath" else { return "we clip" }
            return compareCommon(fillRule: call.fillRule, transform: call.transform, clips: call.clips, world: call.artboardPath, line)
        }
    }

    private static func compareCommon(fillRule: FillRule, transform: RenderTransform, clips: [Int], world: RenderPath, _ line: [String: Any]) -> String? {
        if fillRule.rawValue != line["fillRule"] as? String { return "fill rule \(fillRule.rawValue), runtime \(line["fillRule"] ?? "")" }
        let xf = (line["xf"] as? [Any] ?? []).map(number)
        if !close(transform.values, xf) { return "transform \(transform.values), runtime \(xf)" }
        if clips != (line["clips"] as? [Int] ?? []) { return "clips \(clips), runtime \(line["clips"] ?? "")" }
        let expected = line["world"] as? String ?? ""
        let ours = pathTokens(world)
        let theirs = parsePathData(expected)
        guard ours.count == theirs.count else { return "path has \(ours.count) tokens, runtime \(theirs.count): \(expected.prefix(200))" }
        for (a, b) in zip(ours, theirs) {
            switch (a, b) {
            case (.verb(let x), .verb(let y)) where x == y: continue
            case (.value(let x), .value(let y)) where close(x, y): continue
            default: return "path differs at \(a) vs \(b): runtime \(expected.prefix(200))"
            }
        }
        return nil
    }

    private static func comparePaint(_ paint: RenderPaint, _ line: [String: Any]) -> String? {
        if paint.style.rawValue != line["style"] as? String { return "style \(paint.style), runtime \(line["style"] ?? "")" }
        if !sameColor(paint.color, line["color"] as? String) { return "colour \(String(paint.color, radix: 16)), runtime \(line["color"] ?? "")" }
        if paint.blend.rawValue != line["blend"] as? String { return "blend \(paint.blend), runtime \(line["blend"] ?? "")" }
        if !close(paint.feather, number(line["feather"] as Any)) { return "feather \(paint.feather), runtime \(line["feather"] ?? "")" }
        if paint.style == .stroke {
            if !close(paint.thickness, number(line["thickness"] as Any)) { return "thickness \(paint.thickness), runtime \(line["thickness"] ?? "")" }
            if paint.join.rawValue != line["join"] as? String || paint.cap.rawValue != line["cap"] as? String { return "join/cap \(paint.join)/\(paint.cap), runtime \(line["join"] ?? "")/\(line["cap"] ?? "")" }
        }
        let shader = line["shader"] as? [String: Any]
        switch (paint.shader, shader) {
        case (nil, nil): return nil
        case (.linear(let start, let end, let stops)?, let theirs?) where theirs["type"] as? String == "linear":
            guard close([start.x, start.y, end.x, end.y], ((theirs["start"] as? [Any] ?? []) + (theirs["end"] as? [Any] ?? [])).map(number)) else { return "gradient ends differ: runtime \(theirs)" }
            return compareStops(stops, theirs["stops"])
        case (.radial(let center, let radius, let stops)?, let theirs?) where theirs["type"] as? String == "radial":
            guard close([center.x, center.y, radius], ((theirs["center"] as? [Any] ?? []) + [theirs["radius"] as Any]).map(number)) else { return "gradient centre differs: runtime \(theirs)" }
            return compareStops(stops, theirs["stops"])
        default: return "shader \(String(describing: paint.shader)), runtime \(String(describing: shader))"
        }
    }

    private static func compareStops(_ stops: [GradientStop], _ line: Any?) -> String? {
        let theirs = line as? [[Any]] ?? []
        guard theirs.count == stops.count else { return "\(stops.count) stops, runtime \(theirs.count)" }
        for (stop, other) in zip(stops, theirs) where other.count == 2 {
            if !close(stop.position, number(other[0])) || !sameColor(stop.color, other[1] as? String) { return "stop \(stop), runtime \(other)" }
        }
        return nil
    }

    private static func number(_ value: Any) -> Double {
        (value as? NSNumber)?.doubleValue ?? .nan
    }

    /// Within 1e-3, or within the oracle's six significant digits.
    static func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= max(1e-3, abs(b) * 1e-5)
    }

    private static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { close($0, $1) }
    }

    private static func sameColor(_ color: UInt32, _ text: String?) -> Bool {
        guard let text, text.hasPrefix("#"), let other = UInt32(text.dropFirst(), radix: 16) else { return false }
        return (0..<4).allSatisfy { shift in
            let a = Int((color >> (shift * 8)) & 0xFF), b = Int((other >> (shift * 8)) & 0xFF)
            return abs(a - b) <= 1
        }
    }

    enum Token: CustomStringConvertible {
        case verb(Character)
        case value(Double)

        var description: String {
            switch self {
            case .verb(let verb): String(verb)
            case .value(let value): String(value)
            }
        }
    }

    private static func pathTokens(_ path: RenderPath) -> [Token] {
        var tokens: [Token] = []
        for command in path.commands {
            switch command {
            case .move(let p): tokens += [.verb("M"), .value(p.x), .value(p.y)]
            case .line(let p): tokens += [.verb("L"), .value(p.x), .value(p.y)]
            case .cubic(let a, let b, let c): tokens += [.verb("C")] + [a, b, c].flatMap { [Token.value($0.x), .value($0.y)] }
            case .close: tokens.append(.verb("Z"))
            }
        }
        return tokens
    }

    static func parsePathData(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        func flush() {
            if !current.isEmpty { tokens.append(.value(Double(current) ?? .nan)) }
            current = ""
        }
        for character in text {
            if "MLCZQ".contains(character) {
                flush()
                tokens.append(.verb(character))
            } else if character == "," || character == " " {
                flush()
            } else if character == "-" && !current.isEmpty && !current.hasSuffix("e") {
                flush()
                current.append(character)
            } else {
                current.append(character)
            }
        }
        flush()
        return tokens
    }
}
