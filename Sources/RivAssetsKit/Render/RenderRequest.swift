@_exported import enum RivRender.RenderError
@_exported import enum RivRender.RenderScene
@_exported import struct RivRender.SceneInput
@_exported import struct RivRender.SceneOptions

/// What to render: see ``AssetOperations/render(_:)``.
public struct RenderRequest: Sendable, Hashable {
    /// Which artboard of the file.
    public enum Artboard: Sendable, Hashable {
        /// The file's first artboard (the runtime's default one).
        case first
        /// The artboard at this index.
        case index(Int)
        /// The first artboard with this name.
        case named(String)
    }

    /// What to write.
    public enum Format: String, Sendable, Hashable, Codable {
        /// An SVG picture.
        case svg
        /// The draw calls as JSON lines (`DisplayList.jsonLines()`).
        case json
    }

    /// The `.riv` file, or `-` for standard input.
    public var input: String
    /// The artboard drawn.
    public var artboard: Artboard
    /// What is written.
    public var format: Format
    /// The file written; nil to return the document in the report instead.
    public var output: String?
    /// Whether an existing output file may be replaced.
    public var overwrite: Bool
    /// The scene drawn: by default the runtime's default scene.
    public var scene: RenderScene = .default
    /// How the scene is played: its steps (`--time`) and input values (`--input`).
    public var sceneOptions = SceneOptions()

    /// A request to draw `artboard` of `input` at its default scene (set ``scene`` and
    /// ``sceneOptions`` for another).
    public init(input: String, artboard: Artboard = .first, format: Format = .svg, output: String? = nil, overwrite: Bool = false) {
        self.input = input
        self.artboard = artboard
        self.format = format
        self.output = output
        self.overwrite = overwrite
    }
}
