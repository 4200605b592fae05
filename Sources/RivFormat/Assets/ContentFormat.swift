/// The real format of an asset's embedded bytes, recognised from their first bytes.
///
/// Rive files do not record the format: an `ImageAsset` may hold a JPEG, an
/// `AudioAsset` a FLAC. The extension Rive runtimes use (``AssetType/runtimeFileExtension``)
/// says nothing about the bytes; this does.
public enum ContentFormat: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// PNG (`\x89PNG\r\n\x1a\n`).
    case png
    /// JPEG (`FF D8 FF`).
    case jpeg
    /// WebP (`RIFF` … `WEBP`).
    case webp
    /// GIF (`GIF87a`, `GIF89a`); Rive's runtimes do not decode it.
    case gif
    /// TrueType (`00 01 00 00` or `true`).
    case ttf
    /// OpenType with CFF outlines (`OTTO`).
    case otf
    /// A TrueType collection (`ttcf`).
    case ttc
    /// WOFF (`wOFF`).
    case woff
    /// WOFF 2 (`wOF2`).
    case woff2
    /// WAV (`RIFF` … `WAVE`).
    case wav
    /// MP3 (an ID3 tag or an MPEG audio frame header).
    case mp3
    /// FLAC (`fLaC`).
    case flac
    /// Ogg (`OggS`).
    case ogg
    /// A Rive file embedded in another.
    case riv
    /// A WebAssembly module.
    case wasm
    /// Lua bytecode (`\x1bLua`).
    case luaBytecode = "lua-bytecode"
    /// Luau bytecode, as Rive's scripts carry it (a version byte, the types
    /// version, then the string table), possibly after one zero byte.
    case luauBytecode = "luau-bytecode"
    /// Lua or Luau source text.
    case luaSource = "lua"
    /// Anything else.
    case unknown

    /// Recognises the format of `bytes` from their first few bytes.
    public init<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(16))
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
        else if Self.isLuauBytecode(head) { self = .luauBytecode }
        else if Self.isLuaSource(head) { self = .luaSource }
        else { self = .unknown }
    }

    /// A Luau bytecode header: version 3 to 7, for version 4 and later a types
    /// version of 1 to 3, a string count, then a first (or, when the first is
    /// empty, a second) string whose length fits and whose bytes, as far as `head`
    /// goes, are printable ASCII.
    private static func isLuauBytecode(_ head: [UInt8]) -> Bool {
        var index = head.first == 0 ? 1 : 0
        guard index < head.count, (3...7).contains(head[index]) else { return false }
        let version = head[index]
        index += 1
        if version >= 4 {
            guard index < head.count, (1...3).contains(head[index]) else { return false }
            index += 1
        }
        func varUInt() -> Int? {
            var value = 0
            for shift in stride(from: 0, to: 28, by: 7) {
                guard index < head.count else { return nil }
                let byte = head[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }
        guard let count = varUInt(), count > 0, var length = varUInt(), length <= 1024 else { return false }
        if length == 0 && count > 1 {  // an empty first string: judge by the second
            guard let next = varUInt(), (1...1024).contains(next) else { return false }
            length = next
        }
        guard length > 0 else { return false }
        let shown = head[index..<min(head.count, index + length)]
        return shown.count >= min(3, length) && shown.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// Source text that starts like Lua: after an optional byte-order mark and
    /// white space, a comment, `local`, `function`, `return`, `require` or `#!`,
    /// with no control characters but tabs and line breaks.
    private static func isLuaSource(_ head: [UInt8]) -> Bool {
        var text = head
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        guard text.allSatisfy({ $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }), !text.contains(0x7F) else { return false }
        let trimmed = String(decoding: text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }, as: UTF8.self)
        return ["--", "local ", "local\t", "function", "return", "require", "#!"].contains { trimmed.hasPrefix($0) }
    }

    /// The usual file extension for the format (`jpg` for JPEG, `bin` when unknown).
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .luaBytecode: "luac"
        case .luauBytecode: "luauc"
        case .unknown: "bin"
        default: rawValue
        }
    }
}

extension ContentFormat {
    /// The format's name as JSON and messages write it (`png`, `lua-bytecode`),
    /// also inside arrays (`[png, jpeg]`, not `[RivFormat.ContentFormat.png, ...]`).
    public var description: String { rawValue }
}
