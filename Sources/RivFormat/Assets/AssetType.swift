/// The kind of a file asset.
///
/// Images, fonts and audio are the kinds Rive runtimes let an app replace; every
/// other kind (scripts, script modules, shaders, blobs, manifests, and kinds
/// newer than this reader) is `.unknown` with its type key.
public enum AssetType: Sendable, Hashable, CustomStringConvertible, Codable {
    /// An `ImageAsset` (type key 105).
    case image
    /// A `FontAsset` (type key 141).
    case font
    /// An `AudioAsset` (type key 406).
    case audio
    /// Any other file asset, identified by its type key.
    case unknown(UInt16)

    /// The type for an asset object's type key.
    public init(typeKey: UInt16) {
        switch typeKey {
        case Schema.TypeKey.imageAsset: self = .image
        case Schema.TypeKey.fontAsset: self = .font
        case Schema.TypeKey.audioAsset: self = .audio
        default: self = .unknown(typeKey)
        }
    }

    /// The type key objects of this type are written with.
    public var typeKey: UInt16 {
        switch self {
        case .image: Schema.TypeKey.imageAsset
        case .font: Schema.TypeKey.fontAsset
        case .audio: Schema.TypeKey.audioAsset
        case .unknown(let key): key
        }
    }

    /// The schema's name for the kind, e.g. `ImageAsset` or `ScriptAsset`.
    public var kindName: String {
        switch self {
        case .image: "ImageAsset"
        case .font: "FontAsset"
        case .audio: "AudioAsset"
        case .unknown(let key): Schema.typeName(key)
        }
    }

    /// The extension Rive runtimes append to ``FileAsset/uniqueName`` when they look the
    /// asset up outside the file (`png`, `ttf`, `wav`, `lua`, ...); empty for kinds they do not load.
    public var runtimeFileExtension: String {
        switch typeKey {
        case Schema.TypeKey.imageAsset: "png"
        case Schema.TypeKey.fontAsset: "ttf"
        case Schema.TypeKey.audioAsset: "wav"
        case Schema.TypeKey.scriptAsset: "lua"
        case Schema.TypeKey.scriptModuleAsset: "wasm"
        case Schema.TypeKey.shaderAsset: "rstb"
        case Schema.TypeKey.blobAsset: "blob"
        case Schema.TypeKey.manifestAsset: "man"
        default: ""
        }
    }

    /// True for type keys that are file assets in the schema (they extend `FileAsset`).
    @inline(__always)
    public static func isFileAsset(typeKey: UInt16) -> Bool {
        Int(typeKey) < fileAssetTypeKeys.count && fileAssetTypeKeys[Int(typeKey)]
    }

    /// Indexed by type key: whether the type extends `FileAsset`. Looked up once per object.
    private static let fileAssetTypeKeys: [Bool] = {
        var table = [Bool](repeating: false, count: Int(Schema.fileAssetTypeKeys.last ?? 0) + 1)
        for key in Schema.fileAssetTypeKeys { table[Int(key)] = true }
        return table
    }()

    /// `image`, `font`, `audio` or `unknown`.
    public var description: String {
        switch self {
        case .image: "image"
        case .font: "font"
        case .audio: "audio"
        case .unknown: "unknown"
        }
    }

    /// Reads the JSON string ``description`` writes: `image`, `font`, `audio`, or
    /// `unknown`, which becomes `.unknown(0)` since the string does not carry the
    /// type key (a listing carries it in its own field).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        switch text {
        case "image": self = .image
        case "font": self = .font
        case "audio": self = .audio
        case "unknown": self = .unknown(0)
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(text) is not an asset type (image, font, audio or unknown)"))
        }
    }

    /// Writes ``description`` as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
