/// The `name` table of an sfnt font: a 6-byte header (format, record count,
/// where the strings start) and one 12-byte record per string. The one reader
/// of it: RivFormat reads a font's family and style with it, RivFontSubset
/// compares and rewrites names. Each part is read from its own bytes, so a
/// caller may fetch them a few at a time.
package enum SfntNameTable {
    /// The header's size, before the first record.
    package static let headerSize = 6
    /// One record's size.
    package static let recordSize = 12

    /// The number of records and where the strings start (from the table's
    /// start), from the header; nil when `bytes` holds fewer than 6 bytes.
    package static func header(_ bytes: some RandomAccessCollection<UInt8>) -> (count: Int, stringsOffset: Int)? {
        let bytes = ArraySlice(bytes.prefix(headerSize))
        guard bytes.count == headerSize else { return nil }
        return (bytes.bigEndian(at: 2, width: 2), bytes.bigEndian(at: 4, width: 2))
    }

    /// Where record `index` starts, from the table's start.
    package static func recordOffset(_ index: Int) -> Int { headerSize + index * recordSize }

    /// One string's record.
    package struct Record: Sendable, Equatable, Hashable {
        /// 0 Unicode, 1 Macintosh, 3 Windows.
        package var platform: Int
        /// The platform's encoding (Windows 1 and 10: UTF-16; Macintosh 0: Roman).
        package var encoding: Int
        /// The platform's language code (Windows `0x0409`: US English).
        package var language: Int
        /// What the string names (1 family, 2 style, 16 and 17 their typographic forms).
        package var nameID: Int
        /// The string's size in bytes.
        package var length: Int
        /// Where the string starts, from the start of the strings.
        package var offset: Int

        /// Reads a record from the first 12 bytes of `bytes`; nil when `bytes` holds fewer.
        package init?(_ bytes: some RandomAccessCollection<UInt8>) {
            let bytes = ArraySlice(bytes.prefix(SfntNameTable.recordSize))
            guard bytes.count == SfntNameTable.recordSize else { return nil }
            platform = bytes.bigEndian(at: 0, width: 2)
            encoding = bytes.bigEndian(at: 2, width: 2)
            language = bytes.bigEndian(at: 4, width: 2)
            nameID = bytes.bigEndian(at: 6, width: 2)
            length = bytes.bigEndian(at: 8, width: 2)
            offset = bytes.bigEndian(at: 10, width: 2)
        }
    }

    /// A string's text: UTF-16 big-endian on the Unicode and Windows platforms,
    /// the ASCII part of Mac Roman on Macintosh (other bytes become `?`); nil for
    /// UTF-16 of an odd length.
    package static func text(_ bytes: some RandomAccessCollection<UInt8>, platform: Int) -> String? {
        if platform == 1 { return String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self) }
        let bytes = Array(bytes)
        guard bytes.count % 2 == 0 else { return nil }
        return String(decoding: stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }, as: UTF16.self)
    }
}
