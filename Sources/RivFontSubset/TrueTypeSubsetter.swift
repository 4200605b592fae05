/// Subsets a TrueType font (glyf outlines, static or variable) to the glyphs a
/// set of characters can reach.
///
/// A glyph is kept when a kept character maps to it, when a GSUB substitution
/// can produce it from kept glyphs, or when a kept composite glyph is built from
/// it; glyph 0 (`.notdef`) is always kept. The kept glyphs are renumbered in
/// their original order, and every table that names glyphs (cmap, glyf, loca,
/// hmtx, vmtx, gvar, HVAR, VVAR, GSUB, GPOS, GDEF, kern) is rewritten for the new ids, its
/// coverage, rules and lookups cut to what the kept glyphs need. A font with a
/// table the subsetter does not rewrite keeps its glyph ids instead: the
/// outlines, metrics and variations of the glyphs not kept are emptied and
/// every other table stays byte for byte.
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

    /// Tables without glyph ids, copied as they are when glyphs are renumbered.
    static let copiedTables: Set<String> = ["OS/2", "head", "hhea", "vhea", "maxp", "name", "post", "cvt ", "fpgm", "prep", "gasp",
                                            "fvar", "avar", "STAT", "MVAR", "cvar", "meta", "FFTM", "VDMX", "PCLT"]
    /// Tables rewritten for new glyph ids.
    static let renumberedTables: Set<String> = ["cmap", "glyf", "loca", "hmtx", "vmtx", "gvar", "HVAR", "VVAR", "GSUB", "GPOS", "GDEF", "kern"]
    /// Tables left out of every subset: the signature no longer matches; per-glyph
    /// hinting device metrics and linear thresholds are optional.
    static let droppedTables: Set<String> = ["DSIG", "hdmx", "LTSH"]

    /// The subset of `font` that draws the characters in `scalars`.
    public func subset(_ font: [UInt8], keeping scalars: Set<Unicode.Scalar>) throws(FontSubsetError) -> FontSubset {
        let directory = try TableDirectory(font: FontBytes(bytes: font))
        for tag in ["COLR", "SVG ", "sbix", "CBDT", "EBDT", "MATH"] where directory.tables[tag] != nil {
            throw FontSubsetError(table: tag, offset: directory.tables[tag]!.start, reason: .unsupportedTable)
        }
        let head = try directory.required("head")
        let maxp = try directory.required("maxp")
        let glyphCount = try maxp.u16(4)
        guard glyphCount > 0 else { throw maxp.error(4, .invalidValue("the font has no glyphs")) }
        let longLoca = try head.u16(50)
        guard longLoca <= 1 else { throw head.error(50, .invalidValue("indexToLocFormat \(longLoca)")) }
        let outlines = try GlyphOutlines(glyf: try directory.required("glyf"), loca: try directory.required("loca"),
                                         glyphCount: glyphCount, longOffsets: longLoca == 1)

        let (mapping, sequences, notdefDrawn) = try FontCharacterCoverage(directory: directory, glyphCount: glyphCount).reach(scalars)
        var kept = [Bool](repeating: false, count: glyphCount)
        kept[0] = true
        for (_, glyph) in mapping { kept[glyph] = true }
        for case let glyph? in sequences.map(\.glyph) { kept[glyph] = true }
        if let gsub = directory.tables["GSUB"] {
            var closure = SubstitutionClosure(gsub: gsub)
            try closure.close(&kept)
        }
        try outlines.closeOverComponents(&kept)
        let keptCount = kept.reduce(0) { $0 + ($1 ? 1 : 0) }

        // vmtx is read through vhea's count of long metrics: without vhea it is a table of unknown layout.
        let unknown = directory.order.first {
            (!Self.copiedTables.contains($0) && !Self.renumberedTables.contains($0) && !Self.droppedTables.contains($0))
                || ($0 == "vmtx" && directory.tables["vhea"] == nil)
        }
        let tables: [String: [UInt8]]
        if let unknown {
            tables = try write(directory, outlines, mapping, sequences, map: GlyphMap(kept: [Bool](repeating: true, count: glyphCount)),
                               kept: kept, notdefDrawn: notdefDrawn)
            return FontSubset(bytes: SfntAssembler.assemble(tables), glyphCount: glyphCount, keptGlyphCount: keptCount,
                              subsetGlyphCount: glyphCount, mappedCharacterCount: mapping.count(where: { Unicode.Scalar($0.scalar).map(scalars.contains) == true }),
                              note: "glyph ids kept: the \(unknown) table is not rewritten for new ones")
        }
        tables = try write(directory, outlines, mapping, sequences, map: GlyphMap(kept: kept), kept: kept, notdefDrawn: notdefDrawn)
        return FontSubset(bytes: SfntAssembler.assemble(tables), glyphCount: glyphCount, keptGlyphCount: keptCount,
                          subsetGlyphCount: keptCount, mappedCharacterCount: mapping.count(where: { Unicode.Scalar($0.scalar).map(scalars.contains) == true }), note: nil)
    }

    /// The subset's tables: glyphs numbered by `map`, outlines, metrics and
    /// variations of the glyphs `kept` holds; the tables `map` keeps ids for
    /// (every glyph mapped) copied when they name glyphs.
    private func write(_ directory: TableDirectory, _ outlines: GlyphOutlines, _ mapping: [(scalar: UInt32, glyph: Int)],
                       _ sequences: [VariationSequences.Entry], map: GlyphMap, kept: [Bool], notdefDrawn: Bool) throws(FontSubsetError) -> [String: [UInt8]] {
        let renumbered = map.oldID.count < map.newID.count
        var tables: [String: [UInt8]] = [:]
        for tag in directory.order where !Self.droppedTables.contains(tag) {
            tables[tag] = Array(directory.tables[tag]!.all)
        }
        // .notdef keeps its metrics; its outline only when a kept character has no
        // glyph (the text draws it): otherwise it shows only for characters the
        // subset does not map, which the original drew with their own glyphs.
        var drawn = kept
        drawn[0] = notdefDrawn
        let (glyf, loca, longOffsets) = try outlines.write(map, keeping: drawn)
        tables["glyf"] = glyf
        tables["loca"] = loca
        tables["head"]![50] = 0
        tables["head"]![51] = longOffsets ? 1 : 0
        var maxp = FontWriter(bytes: tables["maxp"]!)
        maxp.set16(4, map.oldID.count)
        tables["maxp"] = maxp.bytes
        tables["cmap"] = CharacterMap.write(mapping.map { ($0.scalar, map.newID[$0.glyph]) },
                                            sequences: sequences.map { .init(selector: $0.selector, base: $0.base, glyph: $0.glyph.map { map.newID[$0] }) })
        for (metricsTag, headerTag) in [("hmtx", "hhea"), ("vmtx", "vhea")]
        where metricsTag == "hmtx" || (directory.tables[metricsTag] != nil && directory.tables[headerTag] != nil) {
            let (metrics, metricCount) = try GlyphMetrics.write(try directory.required(metricsTag), header: try directory.required(headerTag),
                                                                 glyphCount: map.newID.count, map: map, keeping: kept)
            tables[metricsTag] = metrics
            var header = FontWriter(bytes: tables[headerTag]!)
            header.set16(34, metricCount)
            tables[headerTag] = header.bytes
        }
        if let gvar = directory.tables["gvar"] { tables["gvar"] = try GlyphVariations.write(gvar, map: map, keeping: drawn) }
        if let post = directory.tables["post"] { tables["post"] = try PostScriptNames.withoutNames(post) }
        if let os2 = directory.tables["OS/2"], os2.count >= 68, let first = mapping.map(\.scalar).min(),
           let last = mapping.map(\.scalar).max() {
            var writer = FontWriter(bytes: tables["OS/2"]!)
            writer.set16(64, Int(min(first, 0xFFFF)))
            writer.set16(66, Int(min(last, 0xFFFF)))
            tables["OS/2"] = writer.bytes
        }
        guard renumbered else {
            if let name = directory.tables["name"] { tables["name"] = try NameTable.write(name, referenced: nil) }
            return tables
        }
        var gsub: LayoutSubsetter.Prepared?, gpos: LayoutSubsetter.Prepared?
        if let table = directory.tables["GSUB"] { gsub = try LayoutSubsetter.Prepared(table, map: map) }
        if let table = directory.tables["GPOS"] { gpos = try LayoutSubsetter.Prepared(table, map: map) }
        if let gsub { tables["GSUB"] = try gsub.bytes(deltaMap: [:]) }
        if let name = directory.tables["name"] {
            let referenced = try NameReferences.of(fvar: directory.tables["fvar"], stat: directory.tables["STAT"])
                .union(gsub?.nameIDs ?? []).union(gpos?.nameIDs ?? [])
            tables["name"] = try NameTable.write(name, referenced: referenced)
        }
        var deltaMap: [Int: Int] = [:]
        if let gdef = directory.tables["GDEF"] {
            (tables["GDEF"], deltaMap) = try GlyphDefinitions.write(gdef, map: map, deltaSets: gpos?.deltaSets ?? [])
        }
        if let gpos { tables["GPOS"] = try gpos.bytes(deltaMap: deltaMap) }
        for tag in ["HVAR", "VVAR"] {
            if let variations = directory.tables[tag] { tables[tag] = try MetricVariations.write(variations, map: map) }
        }
        if let kern = directory.tables["kern"] { tables["kern"] = try KerningPairs.write(kern, map: map) }
        return tables
    }
}

/// A subset font and what went into it.
public struct FontSubset: Sendable {
    /// The subset font, a complete TrueType file.
    public let bytes: [UInt8]
    /// The number of glyphs in the original font.
    public let glyphCount: Int
    /// The number of glyphs whose outlines were kept.
    public let keptGlyphCount: Int
    /// The number of glyphs in the subset: ``keptGlyphCount`` when the glyphs were
    /// renumbered, ``glyphCount`` when their ids were kept (see ``note``).
    public let subsetGlyphCount: Int
    /// How many of the requested characters the font maps to a glyph.
    public let mappedCharacterCount: Int
    /// Why the glyph ids were kept rather than renumbered (a table the subsetter
    /// does not rewrite); nil when they were renumbered.
    public let note: String?
}
