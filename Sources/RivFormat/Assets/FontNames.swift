/// The family and style of an embedded font, read from its `name` table (TTF,
/// OTF, and the first font of a TTC; WOFF and WOFF2 compress their tables and are
/// not read): which typeface a `FontAsset` really holds, whatever its asset name.
public struct FontNames: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The family (`Inter`), typographic when the font gives one.
    public var family: String
    /// The style within the family (`Regular`, `Bold Italic`).
    public var style: String

    /// Names `family` and `style`.
    public init(family: String, style: String) {
        self.family = family
        self.style = style
    }

    /// The names of a font file's bytes (TTF, OTF, or the first font of a
    /// TTC); nil for anything else or a font without a sound `name` table.
    public init?<Bytes: Collection>(fontFile bytes: Bytes) where Bytes.Element == UInt8 {
        let reader = EmbeddedBytesReader(storage: ByteStorage(copying: bytes), range: 0..<bytes.count)
        guard let names = Self.read(reader, format: ContentFormat(sniffing: bytes.prefix(16))) else { return nil }
        self = names
    }

    /// `Inter Regular`.
    public var description: String { style.isEmpty ? family : family + " " + style }

    /// At most this many tables and name records are looked at, and names this long.
    private static let tableLimit = 256, recordLimit = 2048, nameByteLimit = 512

    /// The names of a font of `format`, or nil when it has no sound `name` table.
    static func read(_ reader: EmbeddedBytesReader, format: ContentFormat) -> FontNames? {
        var fontStart = 0
        switch format {
        case .ttf, .otf: break
        case .ttc:
            guard let header = reader.bytes(at: 8, count: 8), header.bigEndian(at: 0, width: 4) > 0 else { return nil }
            fontStart = header.bigEndian(at: 4, width: 4)
        default: return nil
        }
        guard let directory = reader.bytes(at: fontStart + 4, count: 2) else { return nil }
        let tableCount = min(directory.bigEndian(at: 0, width: 2), tableLimit)
        guard let records = reader.bytes(at: fontStart + 12, count: 16 * tableCount) else { return nil }
        guard let table = (0..<tableCount).first(where: { records[16 * $0..<16 * $0 + 4] == [0x6E, 0x61, 0x6D, 0x65] }) else { return nil }
        let nameTable = records.bigEndian(at: 16 * table + 8, width: 4)
        guard let header = reader.bytes(at: nameTable, count: 6) else { return nil }
        let count = min(header.bigEndian(at: 2, width: 2), recordLimit)
        let strings = nameTable + header.bigEndian(at: 4, width: 2)
        guard let entries = reader.bytes(at: nameTable + 6, count: 12 * count) else { return nil }
        var best: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<count {
            let entry = Array(entries[12 * index..<12 * index + 12])
            let (platform, encoding, language, nameID) = (entry.bigEndian(at: 0, width: 2), entry.bigEndian(at: 2, width: 2),
                                                          entry.bigEndian(at: 4, width: 2), entry.bigEndian(at: 6, width: 2))
            guard [1, 2, 16, 17].contains(nameID), let rank = rank(platform: platform, encoding: encoding, language: language),
                  rank < (best[nameID]?.rank ?? .max) else { continue }
            let length = min(entry.bigEndian(at: 8, width: 2), nameByteLimit)
            guard let bytes = reader.bytes(at: strings + entry.bigEndian(at: 10, width: 2), count: length),
                  let text = decode(bytes, platform: platform), !text.isEmpty else { continue }
            best[nameID] = (rank, text)
        }
        guard let family = best[16]?.text ?? best[1]?.text else { return nil }
        return FontNames(family: family, style: best[17]?.text ?? best[2]?.text ?? "")
    }

    /// How much a name record is preferred (lower is better); nil for encodings not read.
    private static func rank(platform: Int, encoding: Int, language: Int) -> Int? {
        switch (platform, encoding) {
        case (3, 1), (3, 10): language == 0x0409 ? 0 : 1
        case (0, _): 2
        case (1, 0): language == 0 ? 3 : 4
        default: nil
        }
    }

    /// UTF-16 big-endian for the Unicode and Windows platforms, Mac Roman's ASCII part for Macintosh.
    private static func decode(_ bytes: [UInt8], platform: Int) -> String? {
        if platform == 1 { return String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self) }
        guard bytes.count % 2 == 0 else { return nil }
        let units = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }
}
