/// How a drawing's colours combine with what the canvas holds: Rive's blend modes, with the
/// formulas of the W3C Compositing and Blending specification. The one list of blend modes:
/// RivRender's display list names these (its JSON writes the raw values, which are Rive's names).
public enum BlendMode: String, Sendable, Equatable, CaseIterable, Codable {
    /// Source over destination (no blending).
    case srcOver
    /// 1 - (1 - b)(1 - s).
    case screen
    /// Hard light with source and backdrop swapped.
    case overlay
    /// The smaller of the two.
    case darken
    /// The larger of the two.
    case lighten
    /// b / (1 - s), at most 1.
    case colorDodge
    /// 1 - (1 - b) / s, at least 0.
    case colorBurn
    /// Multiply or screen, by the source.
    case hardLight
    /// Darken or lighten softly, by the source.
    case softLight
    /// |b - s|.
    case difference
    /// b + s - 2bs.
    case exclusion
    /// b × s.
    case multiply
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the backdrop's luminosity.
    case color
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity

    /// The blended colour B(cb, cs) of unpremultiplied backdrop `b` and source `s` (red, green, blue).
    func blend(_ b: SIMD3<Float>, _ s: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .srcOver: return s
        case .multiply: return b * s
        case .screen: return b + s - b * s
        case .overlay: return BlendMode.hardLight.blend(s, b)
        case .darken: return pointwiseMin(b, s)
        case .lighten: return pointwiseMax(b, s)
        case .colorDodge: return each(b, s) { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return each(b, s) { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return each(b, s) { b, s in s <= 0.5 ? b * 2 * s : BlendMode.screenOne(b, 2 * s - 1) }
        case .softLight:
            return each(b, s) { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each(b, s) { b, s in abs(b - s) }
        case .exclusion: return b + s - 2 * b * s
        case .hue: return BlendMode.setLuminosity(BlendMode.setSaturation(s, BlendMode.saturationOf(b)), BlendMode.luminosityOf(b))
        case .saturation: return BlendMode.setLuminosity(BlendMode.setSaturation(b, BlendMode.saturationOf(s)), BlendMode.luminosityOf(b))
        case .color: return BlendMode.setLuminosity(s, BlendMode.luminosityOf(b))
        case .luminosity: return BlendMode.setLuminosity(b, BlendMode.luminosityOf(s))
        }
    }

    private static func screenOne(_ b: Float, _ s: Float) -> Float { b + s - b * s }

    private func each(_ b: SIMD3<Float>, _ s: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
    }

    private static func luminosityOf(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func saturationOf(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    private static func setLuminosity(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        let shifted = c + (l - luminosityOf(c))
        let lum = luminosityOf(shifted), low = shifted.min(), high = shifted.max()
        var out = shifted
        if low < 0 { out = lum + (out - lum) * lum / (lum - low) }
        if high > 1 { out = lum + (out - lum) * (1 - lum) / (high - lum) }
        return out
    }

    private static func setSaturation(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let high = c.max(), low = c.min()
        guard high > low else { return SIMD3(repeating: 0) }
        return (c - low) * s / (high - low)
    }
}
