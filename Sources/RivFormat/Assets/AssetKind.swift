/// A kind of file asset that Rive's runtimes load: the one table of what the
/// format knows about each kind.
///
/// Each kind is one row of the table: its type key, the extension runtimes look
/// its file up with, the formats they decode, whether it takes a place in the
/// runtime's asset list, whether a signature covers it and whether it is a
/// script. The libraries above the format decide what they know about a kind (a
/// MIME type, a label, a command-line option) in a `switch` over the kind
/// without a `default`, so a new kind is one case here, one row, and a compiler
/// error at every place that has to decide something for it.
///
/// A file asset whose type key is in no row (a kind newer than this reader, or one
/// of the schema's kinds the runtimes do not load) has no kind: its
/// ``AssetType/kind`` is nil.
public enum AssetKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `ImageAsset`: a bitmap (PNG, JPEG, WebP).
    case image
    /// `FontAsset`: a TrueType or OpenType font.
    case font
    /// `AudioAsset`: a sound clip (WAV, MP3, FLAC, Ogg).
    case audio
    /// `ScriptAsset`: a Luau script.
    case script
    /// `ScriptModuleAsset`: a WebAssembly module scripts load.
    case scriptModule
    /// `ShaderAsset`: a compiled shader.
    case shader
    /// `BlobAsset`: bytes handed to scripts as they are.
    case blob
    /// `ManifestAsset`: the names the runtime looks up by id (data binding,
    /// scripts); it has no place in the runtime's asset list.
    case manifest

    /// What the format says of one kind.
    private struct Row {
        /// The type key records of the kind are written with.
        let typeKey: UInt16
        /// The extension runtimes append to the unique name when they look the asset up.
        let runtimeFileExtension: String
        /// The formats runtimes decode, nil for kinds an app does not replace.
        let acceptedFormats: [ContentFormat]?
        /// Whether the runtime adds the asset to its asset list (and renumbers its id).
        let isListed: Bool
        /// Whether a file signature covers the asset's contents.
        let isSignable: Bool
        /// Whether the asset is code the runtime runs, which may look any asset up by id.
        let isScript: Bool
    }

    /// The table: one row per kind.
    private var row: Row {
        switch self {
        case .image: Row(typeKey: Schema.TypeKey.imageAsset, runtimeFileExtension: "png", acceptedFormats: [.png, .jpeg, .webp], isListed: true, isSignable: false, isScript: false)
        case .font: Row(typeKey: Schema.TypeKey.fontAsset, runtimeFileExtension: "ttf", acceptedFormats: [.ttf, .otf], isListed: true, isSignable: false, isScript: false)
        case .audio: Row(typeKey: Schema.TypeKey.audioAsset, runtimeFileExtension: "wav", acceptedFormats: [.wav, .mp3, .flac, .ogg], isListed: true, isSignable: false, isScript: false)
        case .script: Row(typeKey: Schema.TypeKey.scriptAsset, runtimeFileExtension: "lua", acceptedFormats: nil, isListed: true, isSignable: true, isScript: true)
        case .scriptModule: Row(typeKey: Schema.TypeKey.scriptModuleAsset, runtimeFileExtension: "wasm", acceptedFormats: nil, isListed: true, isSignable: true, isScript: true)
        case .shader: Row(typeKey: Schema.TypeKey.shaderAsset, runtimeFileExtension: "rstb", acceptedFormats: nil, isListed: true, isSignable: true, isScript: false)
        case .blob: Row(typeKey: Schema.TypeKey.blobAsset, runtimeFileExtension: "blob", acceptedFormats: nil, isListed: true, isSignable: false, isScript: false)
        case .manifest: Row(typeKey: Schema.TypeKey.manifestAsset, runtimeFileExtension: "man", acceptedFormats: nil, isListed: false, isSignable: false, isScript: false)
        }
    }

    /// The kind whose records are written with `typeKey`; nil when no row has it.
    public init?(typeKey: UInt16) {
        guard let kind = Self.byTypeKey[typeKey] else { return nil }
        self = kind
    }

    /// Every kind by its type key, built once from the table.
    private static let byTypeKey: [UInt16: AssetKind] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.typeKey, $0) })

    /// The type key records of this kind are written with (`ImageAsset` is 105).
    public var typeKey: UInt16 { row.typeKey }

    /// The schema's name for the kind: `ImageAsset`, `ScriptModuleAsset`, ...
    public var name: String { Schema.typeName(typeKey) }

    /// The extension Rive runtimes append to ``FileAsset/uniqueName`` when they
    /// look an asset of this kind up outside the file: `png`, `ttf`, `wav`, `lua`,
    /// `wasm`, `rstb`, `blob` or `man`.
    public var runtimeFileExtension: String { row.runtimeFileExtension }

    /// The formats Rive runtimes decode for this kind, nil for kinds an app does
    /// not replace. Images: PNG, JPEG, WebP. Fonts: TrueType, OpenType. Audio:
    /// WAV, MP3, FLAC, Ogg.
    public var acceptedFormats: [ContentFormat]? { row.acceptedFormats }

    /// Whether Rive's runtime adds assets of this kind to the file's asset list,
    /// the list objects point into by index and whose ids it makes unique. Only
    /// manifests stay out of it.
    public var isListed: Bool { row.isListed }

    /// Whether a file signature covers the contents of assets of this kind:
    /// scripts, script modules and shaders.
    public var isSignable: Bool { row.isSignable }

    /// Whether assets of this kind are code the runtime runs, which may look any
    /// asset of the file up by id: scripts and script modules. A file that holds
    /// one keeps every asset (see ``RivEditor/removeUnusedAssets(skipChecks:)``).
    public var isScript: Bool { row.isScript }

    /// The schema's name for the kind (``name``).
    public var description: String { name }
}
