/// Bounds-checked big-endian reads from a font's bytes. Every read names the
/// table it belongs to, so a failure becomes a ``FontSubsetError`` with the
/// table and the absolute byte offset.
struct FontBytes {
    let bytes: [UInt8]

    /// A view of one table: `start..<end` of the font.
    struct Table {
        let font: FontBytes
        let tag: String
        let start: Int
        let end: Int

        var count: Int { end - start }

        func error(_ offset: Int, _ reason: FontSubsetError.Reason) -> FontSubsetError {
            FontSubsetError(table: tag, offset: start + offset, reason: reason)
        }

        /// Checks that `size` bytes at table offset `offset` lie inside the table. An
        /// offset past the table's end (a stored offset that points outside) is
        /// reported at the start of this table or structure, where the offset is
        /// stored and measured from, so the error's byte lies inside the font.
        func check(_ offset: Int, _ size: Int) throws(FontSubsetError) {
            guard offset >= 0, size >= 0, offset <= count, size <= count - offset else {
                throw offset > count ? error(0, .offsetOutOfBounds(start + offset)) : error(max(0, offset), .truncated(needed: size))
            }
        }

        func u8(_ offset: Int) throws(FontSubsetError) -> Int {
            try check(offset, 1)
            return Int(font.bytes[start + offset])
        }

        func u16(_ offset: Int) throws(FontSubsetError) -> Int {
            try check(offset, 2)
            let at = start + offset
            return Int(font.bytes[at]) << 8 | Int(font.bytes[at + 1])
        }

        func i16(_ offset: Int) throws(FontSubsetError) -> Int {
            Int(Int16(truncatingIfNeeded: try u16(offset)))
        }

        func u32(_ offset: Int) throws(FontSubsetError) -> Int {
            try check(offset, 4)
            let at = start + offset
            return Int(font.bytes[at]) << 24 | Int(font.bytes[at + 1]) << 16 | Int(font.bytes[at + 2]) << 8 | Int(font.bytes[at + 3])
        }

        /// The bytes `offset..<offset+size` of the table.
        func slice(_ offset: Int, _ size: Int) throws(FontSubsetError) -> ArraySlice<UInt8> {
            try check(offset, size)
            return font.bytes[(start + offset)..<(start + offset + size)]
        }

        /// The whole table.
        var all: ArraySlice<UInt8> { font.bytes[start..<end] }

        /// The sub-table at `offset`, to the end of this table.
        func sub(_ offset: Int) throws(FontSubsetError) -> Table {
            try check(offset, 0)
            return Table(font: font, tag: tag, start: start + offset, end: end)
        }
    }
}
