/// How a path is filled: Rive's `FillRule`.
public enum FillRule: String, Sendable, Codable {
    /// Nonzero winding.
    case nonZero
    /// Even-odd.
    case evenOdd
    /// Rive's clockwise rule: the runtime reverses holes so that nonzero draws the same.
    case clockwise

    init(code: UInt64) {
        self = code == 1 ? .evenOdd : code == 2 ? .clockwise : .nonZero
    }
}

/// Whether a paint fills or strokes.
public enum PaintStyle: String, Sendable, Codable {
    /// The inside of the path.
    case fill
    /// A band along the path.
    case stroke
}

/// The end of an open stroke: Rive's `StrokeCap`.
public enum StrokeCap: String, Sendable, Codable {
    /// Ends at the end point.
    case butt
    /// A half disc past the end point.
    case round
    /// A half square past the end point.
    case square

    init(code: UInt64) {
        self = code == 1 ? .round : code == 2 ? .square : .butt
    }
}

/// The corner of a stroke: Rive's `StrokeJoin`.
public enum StrokeJoin: String, Sendable, Codable {
    /// A sharp corner.
    case miter
    /// A rounded corner.
    case round
    /// A cut corner.
    case bevel

    init(code: UInt64) {
        self = code == 1 ? .round : code == 2 ? .bevel : .miter
    }
}

/// How a drawing combines with what is below it: Rive's `BlendMode`.
public enum BlendMode: String, Sendable, Codable {
    /// Source over: normal painting.
    case srcOver
    /// The `screen` blend mode.
    case screen
    /// The `overlay` blend mode.
    case overlay
    /// The `darken` blend mode.
    case darken
    /// The `lighten` blend mode.
    case lighten
    /// The `colorDodge` blend mode.
    case colorDodge
    /// The `colorBurn` blend mode.
    case colorBurn
    /// The `hardLight` blend mode.
    case hardLight
    /// The `softLight` blend mode.
    case softLight
    /// The `difference` blend mode.
    case difference
    /// The `exclusion` blend mode.
    case exclusion
    /// The `multiply` blend mode.
    case multiply
    /// The `hue` blend mode.
    case hue
    /// The `saturation` blend mode.
    case saturation
    /// The `color` blend mode.
    case color
    /// The `luminosity` blend mode.
    case luminosity

    /// The mode of the runtime's code (3 is source over, 14 to 28 the others).
    init?(code: UInt64) {
        let modes: [BlendMode] = [.screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
                                  .difference, .exclusion, .multiply, .hue, .saturation, .color, .luminosity]
        if code == 3 {
            self = .srcOver
        } else if code >= 14, code <= 28 {
            self = modes[Int(code - 14)]
        } else {
            return nil
        }
    }
}

/// One stop of a gradient: a position in 0...1 and a colour as 0xAARRGGBB.
public struct GradientStop: Sendable, Equatable {
    /// Where the stop lies between the start (0) and the end (1).
    public var position: Double
    /// The colour as 0xAARRGGBB, the paint's opacity applied.
    public var color: UInt32
}

/// A gradient shader, in the coordinates of the transform the path is drawn with.
public enum RenderShader: Sendable, Equatable {
    /// A linear gradient from `start` to `end`.
    case linear(start: RenderPoint, end: RenderPoint, stops: [GradientStop])
    /// A radial gradient around `center`.
    case radial(center: RenderPoint, radius: Double, stops: [GradientStop])
}

/// What a path is drawn with, as the runtime sets its `RenderPaint`.
public struct RenderPaint: Sendable, Equatable {
    /// Fill or stroke.
    public var style: PaintStyle
    /// The solid colour as 0xAARRGGBB (0xFF000000, the runtime's initial colour, under a gradient).
    public var color: UInt32
    /// The stroke's width.
    public var thickness: Double
    /// The stroke's corners.
    public var join: StrokeJoin
    /// The stroke's ends.
    public var cap: StrokeCap
    /// How it combines with what is below.
    public var blend: BlendMode
    /// A gradient, when the paint has one.
    public var shader: RenderShader?
    /// How far the paint's edge is softened (0: not at all): a Gaussian blur of
    /// sigma feather/2 in the path's space.
    public var feather: Double = 0
}
