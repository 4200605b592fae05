import RivFormat

/// The formats a report inlines, and the MIME type each is labelled with: only
/// bytes whose format was detected become a `data:` URI, and then only with the
/// type of that format.
enum InlineMedia {
    /// The MIME type under which bytes of `format` are inlined for an asset of
    /// `type`: a thumbnail only from PNG, JPEG or WebP in an image asset, a font
    /// only from TTF, OTF, WOFF or WOFF2 in a font asset, a clip only from WAV,
    /// MP3, FLAC or Ogg in an audio asset; nil for anything else.
    static func mimeType(_ format: ContentFormat?, for type: AssetType) -> String? {
        switch (type, format) {
        case (.image, .png): "image/png"
        case (.image, .jpeg): "image/jpeg"
        case (.image, .webp): "image/webp"
        case (.font, .ttf): "font/ttf"
        case (.font, .otf): "font/otf"
        case (.font, .woff): "font/woff"
        case (.font, .woff2): "font/woff2"
        case (.audio, .wav): "audio/wav"
        case (.audio, .mp3): "audio/mpeg"
        case (.audio, .flac): "audio/flac"
        case (.audio, .ogg): "audio/ogg"
        default: nil
        }
    }
}
