/// The draw calls of one artboard, as Rive's runtime makes them, with what was not drawn.
public struct DisplayList: Sendable, Equatable {
    /// The version of the JSON form (``jsonLines()``); it changes when a field does.
    public static let schemaVersion = 1

    /// The artboard's name.
    public var artboardName: String
    /// The artboard's index in the file.
    public var artboardIndex: Int
    /// The artboard's bounds: `[0, 0, width, height]`.
    public var width, height: Double
    /// The scene applied, as the runtime names it: the state machine's or animation's
    /// name; `none` is the setup pose.
    public var scene: String
    /// The seconds the scene was played for (the sum of its steps).
    public var time: Double = 0
    /// The calls in painter's order.
    public var commands: [RenderCommand]
    /// What the renderer met and did not draw.
    public var notes: [RenderNote]
    /// The images the calls draw, by asset index, with their bytes.
    public var images: [RenderImage] = []

    /// How many draw calls the list makes: paths, images and image meshes.
    public var drawCount: Int {
        commands.reduce(0) { count, command in if case .clipPath = command { count } else { count + 1 } }
    }

    /// The drawPath calls alone, in order.
    public var drawCalls: [DrawPathCommand] {
        commands.compactMap { if case .drawPath(let call) = $0 { call } else { nil } }
    }

    /// The drawImage calls alone, in order.
    public var imageCalls: [DrawImageCommand] {
        commands.compactMap { if case .drawImage(let call) = $0 { call } else { nil } }
    }

    /// The drawImageMesh calls alone, in order.
    public var meshCalls: [DrawImageMeshCommand] {
        commands.compactMap { if case .drawImageMesh(let call) = $0 { call } else { nil } }
    }

    /// The clipPath calls alone, in order.
    public var clipCalls: [ClipPathCommand] {
        commands.compactMap { if case .clipPath(let call) = $0 { call } else { nil } }
    }
}

/// An embedded image a display list draws.
public struct RenderImage: Sendable, Equatable {
    /// Its index in the file's asset list (the index an `Image` object's `assetId` names).
    public var asset: Int
    /// Its size in pixels.
    public var width, height: Int
    /// Its MIME type (`image/png`, `image/jpeg`, `image/webp`).
    public var mimeType: String
    /// Its encoded bytes, as the file embeds them.
    public var bytes: [UInt8]
}
