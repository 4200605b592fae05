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
        /// Every artboard, each into its own file in the output folder, named after the
        /// artboard by the file-name rule of `extract` (`-<index>` added where names repeat
        /// or are empty).
        case all
    }

    /// What to write.
    public enum Format: String, Sendable, Hashable, Codable {
        /// An SVG picture.
        case svg
        /// The draw calls as JSON lines (`DisplayList.jsonLines()`).
        case json
        /// A PNG picture drawn by RivRaster (`DisplayList.png(width:decoding:)`).
        case png

        /// The format a file name's extension names: `png` for `.png` (any case), nil otherwise.
        public init?(fileName: String) {
            guard fileName.lowercased().hasSuffix(".png") else { return nil }
            self = .png
        }
    }

    /// The `.riv` file, or `-` for standard input.
    public var input: RequestInput
    /// The artboard drawn.
    public var artboard: Artboard
    /// What is written.
    public var format: Format
    /// The file written; nil to return the document in the result instead.
    public var output: String?
    /// Whether an existing output file may be replaced.
    public var overwrite: Bool
    /// The scene drawn: by default the runtime's default scene.
    public var scene: RenderScene = .default
    /// How the scene is played: its steps (`--time`) and input values (`--input`).
    public var sceneOptions = SceneOptions()
    /// A PNG's width in pixels, its height keeping the artboard's aspect; nil: the artboard's size.
    public var width: Int?

    /// A request to draw `artboard` of `input` at its default scene (set ``scene`` and
    /// ``sceneOptions`` for another).
    public init(input: RequestInput, artboard: Artboard = .first, format: Format = .svg, output: String? = nil, overwrite: Bool = false, width: Int? = nil) {
        self.input = input
        self.artboard = artboard
        self.format = format
        self.output = output
        self.overwrite = overwrite
        self.width = width
    }
}
