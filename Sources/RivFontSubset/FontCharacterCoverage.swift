/// Which characters a font can draw, as HarfBuzz draws them: those its Unicode
/// `cmap` (the subtable HarfBuzz picks) maps to a glyph other than `.notdef`,
/// and those HarfBuzz draws with other characters' glyphs (a precomposed
/// character through its canonical decomposition, decomposed text through the
/// composed character, a space through U+0020, U+2011 through U+2010). Reads
/// only the table directory, `maxp`, `OS/2` and `cmap`, so it works for TrueType
/// and CFF-flavoured OpenType fonts alike.
///
/// ```swift
/// let missing = try FontCharacterCoverage(font: fontBytes).missing(from: "Grüße".unicodeScalars)
/// ```
public struct FontCharacterCoverage: Sendable {
    private let cmap: FontBytes.Table
    private let os2: FontBytes.Table?
    private let glyphCount: Int

    /// The coverage of `font`; throws when its directory, `maxp` or `cmap` cannot be read.
    public init(font: [UInt8]) throws(FontSubsetError) {
        try self.init(directory: TableDirectory(font: FontBytes(bytes: font)))
    }

    /// The coverage of a font whose directory the caller has read; `glyphCount`
    /// when the caller has read `maxp` too (the subsetter).
    init(directory: TableDirectory, glyphCount: Int? = nil) throws(FontSubsetError) {
        cmap = try directory.required("cmap")
        os2 = directory.tables["OS/2"]
        if let glyphCount { self.glyphCount = glyphCount } else { self.glyphCount = try directory.required("maxp").u16(4) }
    }

    /// The characters of `scalars` the font maps to a glyph.
    public func mapped(_ scalars: Set<Unicode.Scalar>) throws(FontSubsetError) -> Set<Unicode.Scalar> {
        Set(try glyphs(Set(scalars.map(\.value))).compactMap { Unicode.Scalar($0.scalar) })
    }

    /// The characters of `text` the font draws no glyph for, in code point order.
    /// A character the font lacks counts as drawn when HarfBuzz draws it otherwise,
    /// composed with the character before it included (e and U+0301 drawn as é).
    public func missing<Text: Sequence>(from text: Text) throws(FontSubsetError) -> [Unicode.Scalar] where Text.Element == Unicode.Scalar {
        let values = text.map(\.value)
        let mapped = Set(try glyphs(ShapingCharacters.reachable(from: Set(values))).map(\.scalar))
        var drawn = values.map { ShapingCharacters.draws($0, mapped: mapped) }
        // Composition joins a character with the one before it (or what they already composed to).
        var composing: (value: UInt32, start: Int)?
        for (index, value) in values.enumerated() {
            if let previous = composing, let composed = ShapingCharacters.composition(of: previous.value, value), mapped.contains(composed) {
                for position in previous.start...index { drawn[position] = true }
                composing = (composed, previous.start)
            } else {
                composing = (value, index)
            }
        }
        let missing = Set(values.indices.filter { !drawn[$0] }.compactMap { Unicode.Scalar(values[$0]) })
        return missing.sorted { $0.value < $1.value }
    }

    /// What the subsetter keeps for `scalars`: the glyph of every character
    /// HarfBuzz may look up to draw them (``ShapingCharacters``), the variation
    /// sequences they may use, and whether some character of them draws `.notdef`.
    func reach(_ scalars: Set<Unicode.Scalar>) throws(FontSubsetError)
        -> (mapping: [(scalar: UInt32, glyph: Int)], sequences: [VariationSequences.Entry], notdefDrawn: Bool) {
        let values = Set(scalars.map(\.value))
        let reachable = ShapingCharacters.reachable(from: values)
        let mapping = try glyphs(reachable)
        let mapped = Set(mapping.map(\.scalar))
        let sequences = try VariationSequences.read(cmap, selectors: values, bases: reachable, glyphCount: glyphCount)
        return (mapping, sequences, values.contains { !ShapingCharacters.draws($0, mapped: mapped) })
    }

    private func glyphs(_ values: Set<UInt32>) throws(FontSubsetError) -> [(scalar: UInt32, glyph: Int)] {
        try CharacterMap.glyphs(for: values, in: cmap, os2: os2, glyphCount: glyphCount)
    }
}
