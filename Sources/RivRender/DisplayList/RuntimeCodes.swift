@_exported import enum RivRaster.BlendMode
@_exported import enum RivRaster.FillRule
@_exported import struct RivRaster.GradientStop
@_exported import enum RivRaster.StrokeCap
@_exported import enum RivRaster.StrokeJoin

// The display list names RivRaster's fill rules, stroke ends and corners, gradient stops and
// blend modes (one list of each for the rasterizer and the renderer); here, the numbers
// Rive's runtime stores for them.

extension FillRule {
    /// The rule of the runtime's code (0 nonzero, 1 even-odd, 2 clockwise; others nonzero).
    init(code: UInt64) {
        self = code == 1 ? .evenOdd : code == 2 ? .clockwise : .nonZero
    }
}

extension StrokeCap {
    /// The cap of the runtime's code (0 butt, 1 round, 2 square; others butt).
    init(code: UInt64) {
        self = code == 1 ? .round : code == 2 ? .square : .butt
    }
}

extension StrokeJoin {
    /// The join of the runtime's code (0 miter, 1 round, 2 bevel; others miter).
    init(code: UInt64) {
        self = code == 1 ? .round : code == 2 ? .bevel : .miter
    }
}

extension BlendMode {
    /// The modes of the runtime's codes 14 to 28, in order.
    private static let codedFrom14: [BlendMode] = [.screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
                                                   .difference, .exclusion, .multiply, .hue, .saturation, .color, .luminosity]

    /// The mode of the runtime's code (3 is source over, 14 to 28 the others); nil for any other code.
    init?(code: UInt64) {
        if code == 3 {
            self = .srcOver
        } else if code >= 14, code <= 28 {
            self = BlendMode.codedFrom14[Int(code - 14)]
        } else {
            return nil
        }
    }
}
