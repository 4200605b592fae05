/// Why a font could not be subset. The font is then left as it was: the
/// subsetter never returns damaged bytes.
///
/// Every error names the table it was reading (`"glyf"`, or `"sfnt"` for the
/// table directory), the byte offset within the font where reading failed, and
/// what was wrong.
public struct FontSubsetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem stopped the subsetter.
    public enum Reason: Sendable, Equatable {
        /// A read ran past the end of the font or of a table (`needed` bytes at the offset).
        case truncated(needed: Int)
        /// A table or record points outside the font or its table (to the byte given);
        /// the error's offset is where the pointer is stored or measured from.
        case offsetOutOfBounds(Int)
        /// A composite glyph refers, directly or through other composites, to itself.
        case cyclicComposite(glyph: Int)
        /// A value is impossible for the format (`detail` says which).
        case invalidValue(String)
        /// A table the subsetter needs is missing.
        case missingTable
        /// The outlines are CFF or CFF2, which this subsetter does not rewrite.
        case cffOutlines
        /// The bytes are a font collection (`ttcf`), which this subsetter does not rewrite.
        case collection
        /// The font has a table that refers to glyphs by id in ways this subsetter
        /// does not follow (colour layers, bitmaps, MATH); the font is left whole.
        case unsupportedTable
        /// The bytes do not start with a TrueType or OpenType signature.
        case notAFont
        /// The layout tables ask for more work than any real font needs (a hostile font).
        case tooComplex
    }

    /// The table being read (`"sfnt"` for the table directory).
    public let table: String
    /// The byte offset from the start of the font where the problem was found.
    public let offset: Int
    /// What was wrong.
    public let reason: Reason

    /// Creates an error for `table` at byte `offset` of the font.
    public init(table: String, offset: Int, reason: Reason) {
        self.table = table
        self.offset = offset
        self.reason = reason
    }

    /// True when the font is well formed but of a kind the subsetter leaves alone
    /// (CFF outlines, a collection); false when the font is broken.
    public var isUnsupportedKind: Bool {
        switch reason {
        case .cffOutlines, .collection, .unsupportedTable: return true
        default: return false
        }
    }

    /// One line for a note: the table, the offset and what was wrong.
    public var description: String {
        let what: String
        switch reason {
        case .truncated(let needed): what = "needed \(needed) bytes past the end"
        case .offsetOutOfBounds(let target): what = "an offset stored here points to byte \(target), outside the \(table == "sfnt" ? "font" : "table")"
        case .cyclicComposite(let glyph): what = "composite glyph \(glyph) contains itself"
        case .invalidValue(let detail): what = detail
        case .missingTable: what = "table is missing"
        case .cffOutlines: what = "CFF outlines are not subset; font left whole"
        case .collection: what = "font collections are not subset; font left whole"
        case .unsupportedTable: what = "fonts with this table are not subset; font left whole"
        case .notAFont: what = "not a TrueType or OpenType font"
        case .tooComplex: what = "layout tables need more work than any real font; font left whole"
        }
        return "\(table) at byte \(offset): \(what)"
    }
}
