import RivRaster

/// Whether a paint fills or strokes.
public enum PaintStyle: String, Sendable, Codable {
    /// The inside of the path.
    case fill
    /// A band along the path.
    case stroke
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
