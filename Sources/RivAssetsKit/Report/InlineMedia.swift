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
        guard let format else { return nil }
        return switch type.kind {
        case .image: ([.png: "image/png", .jpeg: "image/jpeg", .webp: "image/webp"] as [ContentFormat: String])[format]
        case .font: ([.ttf: "font/ttf", .otf: "font/otf", .woff: "font/woff", .woff2: "font/woff2"] as [ContentFormat: String])[format]
        case .audio: ([.wav: "audio/wav", .mp3: "audio/mpeg", .flac: "audio/flac", .ogg: "audio/ogg"] as [ContentFormat: String])[format]
        case .script, .scriptModule, .shader, .blob, .manifest, nil: nil
        }
    }
}
