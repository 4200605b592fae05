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

    /// The type for an asset object's type key: the replaceable kinds by name,
    /// every other kind (and every type key of no ``AssetKind``) as `.unknown`.
    public init(typeKey: UInt16) {
        switch AssetKind(typeKey: typeKey) {
        case .image: self = .image
        case .font: self = .font
        case .audio: self = .audio
        case .script, .scriptModule, .shader, .blob, .manifest, nil: self = .unknown(typeKey)
        }
    }

    /// The type of assets of `kind` (`.unknown` with its type key for the kinds an
    /// app does not replace).
    public init(_ kind: AssetKind) {
        self.init(typeKey: kind.typeKey)
    }

    /// The type key objects of this type are written with.
    public var typeKey: UInt16 {
        switch self {
        case .image: AssetKind.image.typeKey
        case .font: AssetKind.font.typeKey
        case .audio: AssetKind.audio.typeKey
        case .unknown(let key): key
        }
    }

    /// The row of the kind table for this type; nil for a type key that no
    /// ``AssetKind`` has (a kind newer than this reader).
    public var kind: AssetKind? { AssetKind(typeKey: typeKey) }

    /// The schema's name for the kind, e.g. `ImageAsset` or `ScriptAsset`.
    public var kindName: String { Schema.typeName(typeKey) }

    /// The extension Rive runtimes append to ``FileAsset/uniqueName`` when they look the
    /// asset up outside the file (`png`, `ttf`, `wav`, `lua`, ...); empty for kinds they do not load.
    public var runtimeFileExtension: String { kind?.runtimeFileExtension ?? "" }

    /// Whether Rive's runtime puts assets of this type in the file's asset list,
    /// the one objects point into by index (``AssetKind/isListed``): every kind but
    /// manifests, and type keys of no known kind, which the list keeps too.
    public var isListed: Bool { kind?.isListed ?? true }

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
