extension AssetType {
    /// The formats Rive runtimes decode for this type, or nil when the type has no such rule.
    /// Images: PNG, JPEG, WebP. Fonts: TrueType, OpenType. Audio: WAV, MP3, FLAC, Ogg.
    public var acceptedFormats: [ContentFormat]? {
        switch self {
        case .image: [.png, .jpeg, .webp]
        case .font: [.ttf, .otf]
        case .audio: [.wav, .mp3, .flac, .ogg]
        case .unknown: nil
        }
    }

    /// True for kinds whose contents a file signature covers: scripts, script modules and shaders.
    public var isSignable: Bool {
        [Schema.TypeKey.scriptAsset, Schema.TypeKey.scriptModuleAsset, Schema.TypeKey.shaderAsset].contains(typeKey)
    }
}
