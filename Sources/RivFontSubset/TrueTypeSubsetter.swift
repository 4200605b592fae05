/// Subsets a TrueType font (glyf outlines, static or variable) to the glyphs a
/// set of characters can reach.
///
/// Glyph ids are kept as they are: the outlines and glyph variations of every
/// glyph that is not kept are emptied, so GSUB, GPOS, GDEF, HVAR, vmtx and
/// every other table indexed by glyph id stays valid byte for byte. A glyph is
/// kept when a kept character maps to it, when a GSUB substitution can produce
/// it from kept glyphs, or when a kept composite glyph is built from it; glyph 0
/// (`.notdef`) is always kept.
///
/// ```swift
/// let subset = try TrueTypeSubsetter().subset(fontBytes, keeping: Set("Hello".unicodeScalars))
/// ```
///
/// A font the subsetter cannot rewrite safely (CFF outlines, a collection,
/// colour layers, a broken table) throws a ``FontSubsetError``; the caller
/// keeps the font as it was.
public struct TrueTypeSubsetter: Sendable {
    /// Creates a subsetter.
    public init() {}

    /// The subset of `font` that draws the characters in `scalars`.
    public func subset(_ font: [UInt8], keeping scalars: Set<Unicode.Scalar>) throws(FontSubsetError) -> FontSubset {
        let directory = try TableDirectory(font: FontBytes(bytes: font))
        for tag in ["COLR", "SVG ", "sbix", "CBDT", "EBDT", "MATH"] where directory.tables[tag] != nil {
            throw FontSubsetError(table: tag, offset: directory.tables[tag]!.start, reason: .unsupportedTable)
        }
        let head = try directory.required("head")
        let maxp = try directory.required("maxp")
        let hhea = try directory.required("hhea")
        let glyphCount = try maxp.u16(4)
        guard glyphCount > 0 else { throw maxp.error(4, .invalidValue("the font has no glyphs")) }
        let longLoca = try head.u16(50)
        guard longLoca <= 1 else { throw head.error(50, .invalidValue("indexToLocFormat \(longLoca)")) }
        let outlines = try GlyphOutlines(glyf: try directory.required("glyf"), loca: try directory.required("loca"),
                                         glyphCount: glyphCount, longOffsets: longLoca == 1)

        let mapping = try CharacterMap.glyphs(for: scalars, in: try directory.required("cmap"), glyphCount: glyphCount)
        var kept = [Bool](repeating: false, count: glyphCount)
        kept[0] = true
        for (_, glyph) in mapping { kept[glyph] = true }
        if let gsub = directory.tables["GSUB"] {
            var closure = SubstitutionClosure(gsub: gsub)
            try closure.close(&kept)
        }
        try outlines.closeOverComponents(&kept)

        var tables: [String: [UInt8]] = [:]
        for tag in directory.order where tag != "DSIG" {
            tables[tag] = Array(directory.tables[tag]!.all)
        }
        let (glyf, loca, longOffsets) = outlines.write(keeping: kept)
        tables["glyf"] = glyf
        tables["loca"] = loca
        tables["head"]![50] = 0
        tables["head"]![51] = longOffsets ? 1 : 0
        tables["cmap"] = CharacterMap.write(mapping)
        let (hmtx, metricCount) = try HorizontalMetrics.write(try directory.required("hmtx"), hhea: hhea, keeping: kept)
        tables["hmtx"] = hmtx
        tables["hhea"]![34] = UInt8(metricCount >> 8)
        tables["hhea"]![35] = UInt8(metricCount & 0xFF)
        if let gvar = directory.tables["gvar"] { tables["gvar"] = try GlyphVariations.write(gvar, keeping: kept) }
        if let post = directory.tables["post"] { tables["post"] = try PostScriptNames.withoutNames(post) }
        if let name = directory.tables["name"] { tables["name"] = try NameTable.write(name) }
        if let os2 = directory.tables["OS/2"], os2.count >= 68, let first = mapping.map(\.scalar).min(),
           let last = mapping.map(\.scalar).max() {
            var writer = FontWriter(bytes: tables["OS/2"]!)
            writer.set16(64, Int(min(first, 0xFFFF)))
            writer.set16(66, Int(min(last, 0xFFFF)))
            tables["OS/2"] = writer.bytes
        }
        return FontSubset(bytes: SfntAssembler.assemble(tables), glyphCount: glyphCount,
                          keptGlyphCount: kept.reduce(0) { $0 + ($1 ? 1 : 0) }, mappedCharacterCount: mapping.count)
    }
}

/// A subset font and what went into it.
public struct FontSubset: Sendable {
    /// The subset font, a complete TrueType file.
    public let bytes: [UInt8]
    /// The number of glyphs in the font (unchanged: glyph ids are kept).
    public let glyphCount: Int
    /// The number of glyphs whose outlines were kept.
    public let keptGlyphCount: Int
    /// How many of the requested characters the font maps to a glyph.
    public let mappedCharacterCount: Int
}
