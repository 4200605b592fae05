/// How much an artboard may make the renderer draw: past a limit, the rest is left
/// out with a note, so that time and memory stay bounded whatever a file multiplies
/// (an artboard nested in itself, many instances of large paths).
public struct RenderLimits: Sendable, Equatable {
    /// How many path points the calls may hold in all.
    public var points: Int
    /// How deep nested artboards are drawn.
    public var nestingDepth: Int
    /// How many nested artboard instances are drawn in all.
    public var nestedInstances: Int

    /// Limits with the given values.
    public init(points: Int = 4_000_000, nestingDepth: Int = 16, nestedInstances: Int = 2_000) {
        self.points = points
        self.nestingDepth = nestingDepth
        self.nestedInstances = nestedInstances
    }

    /// The defaults: 4 000 000 points, 16 levels, 2 000 nested instances.
    public static let standard = RenderLimits()
}
