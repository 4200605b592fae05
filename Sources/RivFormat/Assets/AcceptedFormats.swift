extension AssetType {
    /// The formats Rive runtimes decode for this type, or nil when the type has no such rule.
    /// Images: PNG, JPEG, WebP. Fonts: TrueType, OpenType. Audio: WAV, MP3, FLAC, Ogg.
    public var acceptedFormats: [ContentFormat]? { kind?.acceptedFormats }

    /// True for kinds whose contents a file signature covers: scripts, script modules and shaders.
    public var isSignable: Bool { kind?.isSignable ?? false }
}

extension AssetType {
    /// The kinds an app may replace, in the order a content format is tried
    /// against them: images, fonts, audio (the kinds of the table with accepted
    /// formats, in its order).
    public static let replaceable: [AssetType] = AssetKind.allCases.filter { $0.acceptedFormats != nil }.map(AssetType.init)

    /// Whether an app may replace assets of this kind (``replaceable``).
    public var isReplaceable: Bool { acceptedFormats != nil }

    /// The replaceable kind whose runtimes decode `format` (`.png` -> `.image`);
    /// nil for a format no replaceable kind accepts.
    public init?(replacementFormat format: ContentFormat) {
        guard let type = Self.replaceable.first(where: { $0.acceptedFormats?.contains(format) == true }) else { return nil }
        self = type
    }
}
