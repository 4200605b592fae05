import RivRender

/// What ``AssetOperations/render(_:)`` drew.
public struct RenderResult: Codable, Sendable, Equatable {
    /// The input as given.
    public var input: String
    /// The artboard drawn, by name and index; nil when the input could not be read.
    public var artboard: String?
    /// The artboard's index in the file.
    public var artboardIndex: Int?
    /// The scene applied, as the runtime names it (the state machine's or animation's
    /// name); `none`, the setup pose.
    public var scene: String
    /// The seconds the scene was played for (the sum of its steps).
    public var time: Double = 0
    /// How many paths were drawn and clips applied.
    public var draws = 0, clips = 0
    /// What was met and not drawn.
    public var notes: [RenderNote] = []
    /// The file written, when the request named one and it was written.
    public var output: String?
    /// The document (SVG or JSON lines) when the request named no output file.
    public var document: String?
    /// A PNG's size in pixels.
    public var width, height: Int?
    /// With ``RenderRequest/Artboard/all``: each artboard's file, in artboard order.
    public var pictures: [RenderedArtboard] = []
    /// Why the input could not be read or the output written; nil on success.
    public var failure: InputFailure?
}

/// One artboard's file written by a render of every artboard.
public struct RenderedArtboard: Codable, Sendable, Equatable {
    /// The artboard's name and index.
    public var artboard: String, artboardIndex: Int
    /// The file, as the request's folder and the artboard's file name.
    public var output: String
    /// Whether it was written.
    public var written = false
    /// How many paths were drawn and clips applied.
    public var draws = 0, clips = 0
    /// A PNG's size in pixels.
    public var width, height: Int?
    /// What was met and not drawn.
    public var notes: [RenderNote] = []
    /// Why the artboard could not be drawn or its file written; nil on success.
    public var failure: InputFailure?
}

extension RenderResult: InputOutcomes {
    /// The input's failure, or the output's, and each artboard's, when there were.
    public var inputFailures: [InputFailure] { (failure.map { [$0] } ?? []) + pictures.compactMap(\.failure) }
}
