/// One colour stop of a gradient.
public struct GradientStop: Sendable, Equatable {
    /// Where the stop sits between the gradient's start (0) and end (1).
    public var position: Double
    /// The colour as 0xAARRGGBB (not premultiplied).
    public var color: UInt32

    /// A stop from its position and colour.
    public init(_ position: Double, _ color: UInt32) {
        self.position = position
        self.color = color
    }
}

/// What a fill or a stroke paints with: a colour or gradient, an opacity, a blend mode and a
/// feather. Gradient coordinates are in the path's own coordinates (before its transform).
public struct RasterPaint: Sendable, Equatable {
    /// Where the colour of a point comes from.
    public enum Shader: Sendable, Equatable {
        /// One colour, 0xAARRGGBB (not premultiplied).
        case solid(UInt32)
        /// Colours along the line from `start` (position 0) to `end` (position 1), the first and
        /// last stop's colour beyond them.
        case linear(start: RasterPoint, end: RasterPoint, stops: [GradientStop])
        /// Colours by distance from `center`: position 0 there, 1 at `radius` and beyond.
        case radial(center: RasterPoint, radius: Double, stops: [GradientStop])
    }

    /// The colour source.
    public var shader: Shader
    /// A factor on every colour's alpha, 0 to 1.
    public var opacity: Double
    /// How the colours combine with the canvas.
    public var blendMode: BlendMode
    /// Rive's feather: the coverage is blurred by a Gaussian of standard deviation
    /// `feather / 2`, in the path's own units (0: sharp).
    public var feather: Double

    /// A paint from its parts.
    public init(_ shader: Shader, opacity: Double = 1, blendMode: BlendMode = .srcOver, feather: Double = 0) {
        self.shader = shader
        self.opacity = opacity
        self.blendMode = blendMode
        self.feather = feather
    }

    /// A solid paint of `color` (0xAARRGGBB).
    public static func color(_ color: UInt32) -> RasterPaint { RasterPaint(.solid(color)) }

    /// True when every number in the paint is finite.
    var isFinite: Bool {
        guard opacity.isFinite, feather.isFinite else { return false }
        switch shader {
        case .solid: return true
        case .linear(let start, let end, let stops): return start.isFinite && end.isFinite && stops.allSatisfy(\.position.isFinite)
        case .radial(let center, let radius, let stops): return center.isFinite && radius.isFinite && stops.allSatisfy(\.position.isFinite)
        }
    }
}
