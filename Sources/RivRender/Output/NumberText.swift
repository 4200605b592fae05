/// How the writers print numbers, colours and path data: the shortest text that
/// reads back as the same single-precision value (the runtime computes in floats),
/// without a trailing `.0` (a value past the float range: the double's text); a
/// value that is not finite prints as 0.
enum NumberText {
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let single = Float(value)
        // Past the float range the float is infinite: the value prints in double precision.
        guard single.isFinite else { return value.description }
        if single == single.rounded(), abs(single) < 1e15 { return String(Int64(single)) }
        return single.description
    }

    /// `#aarrggbb`, as the oracle writes colours.
    static func argb(_ color: UInt32) -> String {
        "#" + hex(color, digits: 8)
    }

    /// `#rrggbb` for SVG, with the alpha given apart.
    static func rgb(_ color: UInt32) -> String {
        "#" + hex(color & 0xFF_FFFF, digits: 6)
    }

    static func alpha(_ color: UInt32) -> String {
        number(Double(color >> 24) / 255)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// SVG path data: `M x,y`, `L x,y`, `C x,y x,y x,y`, `Z`.
    static func pathData(_ path: RenderPath) -> String {
        var text = ""
        func point(_ point: RenderPoint) -> String { number(point.x) + "," + number(point.y) }
        for command in path.commands {
            switch command {
            case .move(let to): text += "M" + point(to)
            case .line(let to): text += "L" + point(to)
            case .cubic(let out, let `in`, let to): text += "C" + point(out) + " " + point(`in`) + " " + point(to)
            case .close: text += "Z"
            }
        }
        return text
    }
}
