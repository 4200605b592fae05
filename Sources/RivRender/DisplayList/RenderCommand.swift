/// A path drawn with a paint: the runtime's `Renderer::drawPath`.
public struct DrawPathCommand: Sendable, Equatable {
    /// The call's position among the draw calls (0 first).
    public var index: Int
    /// The path as handed to the renderer, in the space of ``transform``.
    public var path: RenderPath
    /// The path's fill rule.
    public var fillRule: FillRule
    /// The renderer's transform at the call: from the path's space to the artboard's.
    public var transform: RenderTransform
    /// The renderer's modulated opacity (1 unless a nested artboard or layout modulates it).
    public var opacity: Double
    /// The clips in effect, by their ``ClipPathCommand/index``, outermost first.
    public var clips: [Int]
    /// The paint.
    public var paint: RenderPaint

    /// The path in the artboard's space.
    public var artboardPath: RenderPath { path.transformed(by: transform) }
}

/// A clip pushed on the renderer: the runtime's `Renderer::clipPath`. It stays in
/// effect until the renderer restores the state saved before it.
public struct ClipPathCommand: Sendable, Equatable {
    /// The clip's position among the clip calls (0 first).
    public var index: Int
    /// The clip's outline, in the space of ``transform``.
    public var path: RenderPath
    /// Its fill rule.
    public var fillRule: FillRule
    /// The renderer's transform at the call.
    public var transform: RenderTransform
    /// The clips already in effect.
    public var clips: [Int]

    /// The outline in the artboard's space.
    public var artboardPath: RenderPath { path.transformed(by: transform) }
}

/// An image drawn in the unit square of its pixels: the runtime's `Renderer::drawImage`.
public struct DrawImageCommand: Sendable, Equatable {
    /// The call's position among the draw calls (paths and images, 0 first).
    public var index: Int
    /// The image: its index in the file's asset list (``DisplayList/images`` holds its bytes).
    public var asset: Int
    /// The image's size in pixels: it covers `(0, 0)` to `(width, height)` under ``transform``.
    public var width, height: Int
    /// The renderer's transform at the call.
    public var transform: RenderTransform
    /// The image's render opacity.
    public var opacity: Double
    /// How it combines with what is below.
    public var blend: BlendMode
    /// The clips in effect, by their ``ClipPathCommand/index``, outermost first.
    public var clips: [Int]
}

/// One call the runtime makes to its renderer, in painter's order.
public enum RenderCommand: Sendable, Equatable {
    /// A path drawn with a paint.
    case drawPath(DrawPathCommand)
    /// An image drawn under a transform.
    case drawImage(DrawImageCommand)
    /// An image drawn through a triangle mesh.
    case drawImageMesh(DrawImageMeshCommand)
    /// A clip applied to what follows.
    case clipPath(ClipPathCommand)
}
