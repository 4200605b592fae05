/// The table directory an sfnt font (TrueType, OpenType, each font of a
/// collection) starts with: a 12-byte header whose first fields are the version
/// tag and the number of tables, then one 16-byte record per table. The one
/// reader of it: RivFormat finds a font's `name` table with it, RivFontSubset
/// every table. Each part is read from its own bytes, so a caller may fetch them
/// a few at a time; what is out of place is the caller's to decide.
package enum SfntTableDirectory {
    /// The header's size, before the first record.
    package static let headerSize = 12
    /// One record's size.
    package static let recordSize = 16

    /// The version tag (`0x00010000` or `true` for TrueType outlines, `OTTO` for
    /// CFF) and the number of tables, from the header's first 6 bytes; nil when
    /// `bytes` holds fewer.
    package static func header(_ bytes: some RandomAccessCollection<UInt8>) -> (version: UInt32, tableCount: Int)? {
        let bytes = ArraySlice(bytes.prefix(6))
        guard bytes.count == 6 else { return nil }
        return (UInt32(bytes.bigEndian(at: 0, width: 4)), bytes.bigEndian(at: 4, width: 2))
    }

    /// Where the record of table `index` starts, from the start of the font.
    package static func recordOffset(_ index: Int) -> Int { headerSize + index * recordSize }

    /// One table's record: its tag and where it lies.
    package struct Record: Sendable, Equatable {
        /// The four-letter tag (`name`, `glyf`, `OS/2`).
        package var tag: String
        /// Where the table starts, from the start of the font (for a collection, of the file).
        package var offset: Int
        /// The table's size in bytes.
        package var length: Int

        /// Reads a record from the first 16 bytes of `bytes` (tag, checksum, offset,
        /// length); nil when `bytes` holds fewer.
        package init?(_ bytes: some RandomAccessCollection<UInt8>) {
            let bytes = ArraySlice(bytes.prefix(SfntTableDirectory.recordSize))
            guard bytes.count == SfntTableDirectory.recordSize else { return nil }
            tag = String(decoding: bytes.prefix(4), as: UTF8.self)
            offset = bytes.bigEndian(at: 8, width: 4)
            length = bytes.bigEndian(at: 12, width: 4)
        }
    }
}
