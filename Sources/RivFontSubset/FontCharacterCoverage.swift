/// Which characters a font can draw: those its Unicode `cmap` maps to a glyph
/// other than `.notdef`. Reads only the table directory, `maxp` and `cmap`, so it
/// works for TrueType and CFF-flavoured OpenType fonts alike.
///
/// ```swift
/// let missing = try FontCharacterCoverage(font: fontBytes).missing(from: Set("Grüße".unicodeScalars))
/// ```
public struct FontCharacterCoverage: Sendable {
    private let cmap: FontBytes.Table
    private let glyphCount: Int

    /// The coverage of `font`; throws when its directory, `maxp` or `cmap` cannot be read.
    public init(font: [UInt8]) throws(FontSubsetError) {
        let directory = try TableDirectory(font: FontBytes(bytes: font))
        cmap = try directory.required("cmap")
        glyphCount = try directory.required("maxp").u16(4)
    }

    /// The characters of `scalars` the font maps to a glyph.
    public func mapped(_ scalars: Set<Unicode.Scalar>) throws(FontSubsetError) -> Set<Unicode.Scalar> {
        Set(try CharacterMap.glyphs(for: scalars, in: cmap, glyphCount: glyphCount).compactMap { Unicode.Scalar($0.scalar) })
    }

    /// The characters of `scalars` the font has no glyph for, in code point order.
    public func missing(from scalars: Set<Unicode.Scalar>) throws(FontSubsetError) -> [Unicode.Scalar] {
        scalars.subtracting(try mapped(scalars)).sorted { $0.value < $1.value }
    }
}
