import RivSupport

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
        guard let directory = reader.bytes(at: fontStart, count: SfntTableDirectory.headerSize).flatMap({ SfntTableDirectory.header($0) }) else { return nil }
        let tableCount = min(directory.tableCount, tableLimit)
        let recordSize = SfntTableDirectory.recordSize
        guard let records = reader.bytes(at: fontStart + SfntTableDirectory.headerSize, count: recordSize * tableCount),
              let table = (0..<tableCount).lazy.compactMap({ SfntTableDirectory.Record(records[(recordSize * $0)...]) }).first(where: { $0.tag == "name" }),
              let header = reader.bytes(at: table.offset, count: SfntNameTable.headerSize).flatMap({ SfntNameTable.header($0) }) else { return nil }
        let count = min(header.count, recordLimit)
        let strings = table.offset + header.stringsOffset
        guard let entries = reader.bytes(at: table.offset + SfntNameTable.headerSize, count: SfntNameTable.recordSize * count) else { return nil }
        var best: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<count {
            guard let record = SfntNameTable.Record(entries[(SfntNameTable.recordSize * index)...]),
                  [1, 2, 16, 17].contains(record.nameID), let rank = rank(record),
                  rank < (best[record.nameID]?.rank ?? .max),
                  let bytes = reader.bytes(at: strings + record.offset, count: min(record.length, nameByteLimit)),
                  let text = SfntNameTable.text(bytes, platform: record.platform), !text.isEmpty else { continue }
            best[record.nameID] = (rank, text)
        }
        guard let family = best[16]?.text ?? best[1]?.text else { return nil }
        return FontNames(family: family, style: best[17]?.text ?? best[2]?.text ?? "")
    }

    /// How much a name record is preferred (lower is better); nil for encodings not read.
    private static func rank(_ record: SfntNameTable.Record) -> Int? {
        switch (record.platform, record.encoding) {
        case (3, 1), (3, 10): record.language == 0x0409 ? 0 : 1
        case (0, _): 2
        case (1, 0): record.language == 0 ? 3 : 4
        default: nil
        }
    }
}
