/// The real format of an asset's embedded bytes, recognised from their first bytes.
///
/// Rive files do not record the format: an `ImageAsset` may hold a JPEG, an
/// `AudioAsset` a FLAC. The extension Rive runtimes use (``AssetType/runtimeFileExtension``)
/// says nothing about the bytes; this does.
public enum ContentFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, webp, gif
    case ttf, otf, ttc, woff, woff2
    case wav, mp3, flac, ogg
    /// A Rive file embedded in another.
    case riv
    /// A WebAssembly module.
    case wasm
    /// Lua bytecode.
    case luaBytecode = "lua-bytecode"
    /// Anything else.
    case unknown

    /// Recognises the format of `bytes` from their first few bytes.
    public init<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(12))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<(offset + magic.count)]) == magic
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { self = .webp }
        else if starts(ascii("RIFF")) && starts(ascii("WAVE"), at: 8) { self = .wav }
        else if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { self = .gif }
        else if starts([0x00, 0x01, 0x00, 0x00]) || starts(ascii("true")) { self = .ttf }
        else if starts(ascii("OTTO")) { self = .otf }
        else if starts(ascii("ttcf")) { self = .ttc }
        else if starts(ascii("wOFF")) { self = .woff }
        else if starts(ascii("wOF2")) { self = .woff2 }
        else if starts(ascii("fLaC")) { self = .flac }
        else if starts(ascii("OggS")) { self = .ogg }
        else if starts(ascii("ID3")) || (head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0) { self = .mp3 }
        else if starts(ascii("RIVE")) { self = .riv }
        else if starts([0x00, 0x61, 0x73, 0x6D]) { self = .wasm }
        else if starts([0x1B, 0x4C, 0x75, 0x61]) { self = .luaBytecode }
        else { self = .unknown }
    }

    /// The usual file extension for the format (`jpg` for JPEG, `bin` when unknown).
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .luaBytecode: "luac"
        case .unknown: "bin"
        default: rawValue
        }
    }
}
