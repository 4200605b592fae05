import RivSupport

/// Merges cut-down copies of one TrueType font (Rive's editor stores, in each
/// file, a copy of a font subset to that file's text) into one font that maps
/// every character any copy maps.
///
/// The copy that maps the most characters is the base: its glyphs, metrics,
/// variations and layout tables stay as they are. Each other copy adds, after
/// the base's glyphs, the glyphs of the characters the font so far lacks, with
/// the glyphs their composites are made of, their horizontal metrics and
/// their gvar variation data (shared tuples referred to by index where the
/// merged font has them, embedded otherwise). What cannot be merged soundly is
/// left out and said in ``FontMerge/notes``: the GSUB and GPOS rules of added
/// glyphs (kerning and ligatures among added characters, or between them and
/// the base's), and HVAR, VVAR and vertical metrics (a renderer then varies
/// advances through gvar's phantom points).
///
/// Copies are refused (``FontMergeError/differentFonts(_:)``) when they are not
/// one font: other family or style names, units per em, variation axes, or
/// another outline, advance or variation data for a character two copies map.
///
/// ```swift
/// let merged = try FontMerger().merge([copyInFileA, copyInFileB])
/// ```
public struct FontMerger: Sendable {
    /// Creates a merger.
    public init() {}

    /// Tables the merged font does not hold: the signature no longer matches,
    /// per-glyph hinting data and the metric variations of glyphs the merge
    /// adds cannot be extended soundly.
    static let leftOut: Set<String> = TrueTypeSubsetter.droppedTables.union(["HVAR", "VVAR", "vmtx", "vhea"])

    /// One font mapping every character any of `copies` maps.
    public func merge(_ copies: [[UInt8]]) throws(FontMergeError) -> FontMerge {
        guard !copies.isEmpty else { throw .differentFonts("no copies to merge") }
        var read: [MergedCopy] = []
        for (index, bytes) in copies.enumerated() {
            do throws(FontSubsetError) {
                read.append(try MergedCopy(bytes))
            } catch {
                throw .unreadable(copy: index, error)
            }
        }
        let order = read.indices.sorted { read[$0].mapping.count > read[$1].mapping.count || (read[$0].mapping.count == read[$1].mapping.count && $0 < $1) }
        var merged = read[order[0]]
        var notes: [String] = []
        var added: [Int] = Array(repeating: 0, count: copies.count)
        for index in order.dropFirst() {
            let result = try merged.adding(read[index], copyNumber: index)
            do throws(FontSubsetError) {
                merged = try MergedCopy(result.bytes)
            } catch {
                throw .unreadable(copy: index, error)
            }
            added[index] = result.characters
            notes += result.notes
        }
        let dropped = Self.leftOut.intersection(read.flatMap(\.directory.order)).subtracting(TrueTypeSubsetter.droppedTables).sorted()
        if order.count > 1, !dropped.isEmpty {
            notes.append("left out: \(dropped.joined(separator: ", ")) (advances vary through gvar's phantom points)")
        }
        return FontMerge(bytes: merged.bytes, base: order[0], mappedCharacterCount: merged.mapping.count, addedCharacters: added, notes: notes)
    }
}

/// A merged font and what went into it.
public struct FontMerge: Sendable {
    /// The merged font, a complete TrueType file.
    public let bytes: [UInt8]
    /// The position among the copies of the copy the merge started from (the one mapping the most characters).
    public let base: Int
    /// How many characters the merged font maps.
    public let mappedCharacterCount: Int
    /// For each copy, how many characters it added (0 for the base).
    public let addedCharacters: [Int]
    /// What could not be merged, one sentence each; empty when nothing was left out.
    public let notes: [String]
}

/// Why copies could not be merged.
public enum FontMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The copy at this position cannot be read (or written back) soundly.
    case unreadable(copy: Int, FontSubsetError)
    /// The copies are not one font; the text says how they differ.
    case differentFonts(String)

    /// One sentence.
    public var description: String {
        switch self {
        case .unreadable(let copy, let error): "copy \(copy + 1) cannot be merged: \(error)"
        case .differentFonts(let why): "the copies are not one font: \(why)"
        }
    }
}

/// One copy, read for merging.
private struct MergedCopy {
    let bytes: [UInt8]
    let directory: TableDirectory
    let glyphCount: Int
    let outlines: GlyphOutlines
    let metrics: [(advance: Int, sideBearing: Int)]
    let variations: GlyphVariations?
    /// Every character the copy maps, and its glyph.
    let mapping: [UInt32: Int]

    /// Every Unicode scalar value but the surrogates.
    static let everyScalar = Set((0...0x10FFFF).filter { !(0xD800...0xDFFF).contains($0) }.map(UInt32.init))

    init(_ bytes: [UInt8]) throws(FontSubsetError) {
        self.bytes = bytes
        directory = try TableDirectory(font: FontBytes(bytes: bytes))
        for tag in ["COLR", "SVG ", "sbix", "CBDT", "EBDT", "MATH"] where directory.tables[tag] != nil {
            throw FontSubsetError(table: tag, offset: directory.tables[tag]!.start, reason: .unsupportedTable)
        }
        let known = TrueTypeSubsetter.copiedTables.union(TrueTypeSubsetter.renumberedTables).union(FontMerger.leftOut)
        if let unknown = directory.order.first(where: { !known.contains($0) }) {
            throw FontSubsetError(table: unknown, offset: directory.tables[unknown]!.start, reason: .unsupportedTable)
        }
        let head = try directory.required("head")
        glyphCount = try directory.required("maxp").u16(4)
        guard glyphCount > 0 else { throw try directory.required("maxp").error(4, .invalidValue("the font has no glyphs")) }
        outlines = try GlyphOutlines(glyf: try directory.required("glyf"), loca: try directory.required("loca"),
                                     glyphCount: glyphCount, longOffsets: try head.u16(50) == 1)
        metrics = try GlyphMetrics.read(try directory.required("hmtx"), header: try directory.required("hhea"), glyphCount: glyphCount)
        variations = try directory.tables["gvar"].map { table throws(FontSubsetError) in try GlyphVariations(table) }
        if let variations, variations.glyphCount != glyphCount {
            throw variations.gvar.error(12, .invalidValue("gvar has \(variations.glyphCount) glyphs, maxp \(glyphCount)"))
        }
        let found = try CharacterMap.glyphs(for: Self.everyScalar, in: try directory.required("cmap"), os2: directory.tables["OS/2"], glyphCount: glyphCount)
        mapping = Dictionary(found.map { ($0.scalar, $0.glyph) }, uniquingKeysWith: { first, _ in first })
    }

    /// A glyph's own part of what makes it the same glyph in another copy: its
    /// outline without alignment padding and with component ids zeroed, its
    /// advance and its variation data (every shared peak tuple written out in
    /// full: two subsetters may number a font's shared tuples otherwise); and its
    /// components, in order, which are compared by what they are, not by id.
    private func ownIdentity(of glyph: Int) throws(FontSubsetError) -> (bytes: [UInt8], components: [Int]) {
        let range = outlines.ranges[glyph]
        var outline = Array(outlines.glyf.all[(outlines.glyf.start + range.lowerBound)..<(outlines.glyf.start + range.upperBound)])
        var components: [Int] = []
        for at in try outlines.componentFields(of: glyph) {
            components.append(Int(outline[at]) << 8 | Int(outline[at + 1]))
            outline[at] = 0; outline[at + 1] = 0
        }
        while outline.last == 0 { outline.removeLast() }
        var variation = try variations.map { table throws(FontSubsetError) in try table.data(of: glyph, sharingTuplesOf: []) } ?? []
        while variation.last == 0 { variation.removeLast() }
        let advance = metrics[glyph].advance
        return ([UInt8(truncatingIfNeeded: advance >> 8), UInt8(truncatingIfNeeded: advance), UInt8(truncatingIfNeeded: outline.count >> 8),
                 UInt8(truncatingIfNeeded: outline.count)] + outline + variation, components)
    }

    /// Whether `glyph` draws as `otherGlyph` of `other`: their own parts equal and
    /// their components pairwise the same. Each pair is compared once (`compared`
    /// holds the pairs found the same or being compared), so shared components
    /// cost nothing more however they are nested; nesting past 64 is an error.
    private func draws(_ glyph: Int, as otherGlyph: Int, in other: MergedCopy, compared: inout Set<[Int]>, depth: Int = 0) throws(FontSubsetError) -> Bool {
        guard depth < 64 else {
            throw outlines.glyf.error(outlines.ranges[glyph].lowerBound, .invalidValue("composite glyphs nested deeper than 64"))
        }
        guard compared.insert([glyph, otherGlyph]).inserted else { return true }
        let mine = try ownIdentity(of: glyph), theirs = try other.ownIdentity(of: otherGlyph)
        guard mine.bytes == theirs.bytes, mine.components.count == theirs.components.count else { return false }
        for (component, otherComponent) in zip(mine.components, theirs.components) {
            guard try draws(component, as: otherComponent, in: other, compared: &compared, depth: depth + 1) else { return false }
        }
        return true
    }

    /// How `other` differs from this font, nil when it is this font: its
    /// names, units per em and axes, and each character both map drawn alike.
    func difference(from other: MergedCopy, copyNumber: Int) throws(FontSubsetError) -> String? {
        if let why = try sameFont(as: other) { return "copy \(copyNumber + 1) has \(why)" }
        var compared = Set<[Int]>()
        for (scalar, glyph) in mapping.sorted(by: { $0.key < $1.key }) {
            guard let otherGlyph = other.mapping[scalar] else { continue }
            if try !draws(glyph, as: otherGlyph, in: other, compared: &compared) {
                let hex = String(scalar, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " is drawn otherwise in copy \(copyNumber + 1)"
            }
        }
        return nil
    }

    /// The names, units per em and axes that make a font this font.
    private func sameFont(as other: MergedCopy) throws(FontSubsetError) -> String? {
        if try directory.required("head").u16(18) != other.directory.required("head").u16(18) {
            return "other units per em (\(try directory.required("head").u16(18)), \(try other.directory.required("head").u16(18)))"
        }
        let names = try familyNames(), otherNames = try other.familyNames()
        if names != otherNames {
            return "other family or style names (\(names.values.sorted().joined(separator: " ")); \(otherNames.values.sorted().joined(separator: " ")))"
        }
        if try axes() != other.axes() { return "other variation axes" }
        if (variations == nil) != (other.variations == nil) { return "one copy varies (gvar), the other does not" }
        return nil
    }

    /// Name ids 1, 2, 16 and 17 of the Windows (or Unicode) records, as text.
    private func familyNames() throws(FontSubsetError) -> [Int: String] {
        guard let name = directory.tables["name"] else { return [:] }
        let (count, storage) = try NameTable.records(of: name)
        var names: [Int: String] = [:]
        for index in 0..<count {
            let record = try NameTable.record(index, of: name)
            guard record.platform == 3 || record.platform == 0, [1, 2, 16, 17].contains(record.nameID), names[record.nameID] == nil else { continue }
            names[record.nameID] = SfntNameTable.text(try name.slice(storage + record.offset, record.length), platform: record.platform)
        }
        return names
    }

    /// Each axis's tag, minimum, default and maximum, from fvar.
    private func axes() throws(FontSubsetError) -> [ArraySlice<UInt8>] {
        guard let fvar = directory.tables["fvar"] else { return [] }
        let at = try fvar.u16(4), count = try fvar.u16(8), size = try fvar.u16(10)
        var axes: [ArraySlice<UInt8>] = []
        for axis in 0..<count { axes.append(try fvar.slice(at + axis * size, 16)) }
        return axes
    }

    /// This font with the glyphs of the characters `other` maps and it lacks;
    /// throws ``FontMergeError/differentFonts(_:)`` when `other` is not this font.
    func adding(_ other: MergedCopy, copyNumber: Int) throws(FontMergeError) -> (bytes: [UInt8], characters: Int, notes: [String]) {
        let why: String?
        do throws(FontSubsetError) {
            why = try difference(from: other, copyNumber: copyNumber)
        } catch {
            throw .unreadable(copy: copyNumber, error)
        }
        if let why { throw .differentFonts(why) }
        do throws(FontSubsetError) {
            return try extended(by: other, copyNumber: copyNumber)
        } catch {
            throw .unreadable(copy: copyNumber, error)
        }
    }

    /// This font with the glyphs of the characters `other` maps and it lacks.
    private func extended(by other: MergedCopy, copyNumber: Int) throws(FontSubsetError) -> (bytes: [UInt8], characters: Int, notes: [String]) {
        let newCharacters = other.mapping.filter { mapping[$0.key] == nil }
        guard !newCharacters.isEmpty else { return (bytes, 0, []) }
        var wanted = [Bool](repeating: false, count: other.glyphCount)
        for glyph in newCharacters.values { wanted[glyph] = true }
        try other.outlines.closeOverComponents(&wanted)
        let addedGlyphs = wanted.indices.filter { wanted[$0] }
        guard glyphCount + addedGlyphs.count <= 0xFFFF else {
            throw try directory.required("maxp").error(4, .invalidValue("the merged font would hold \(glyphCount + addedGlyphs.count) glyphs, over 65,535"))
        }
        var newID: [Int: Int] = [:]
        for (offset, glyph) in addedGlyphs.enumerated() { newID[glyph] = glyphCount + offset }
        return (try tables(adding: addedGlyphs, of: other, newID: newID, characters: newCharacters), newCharacters.count,
                layoutNotes(other, addedGlyphs: addedGlyphs.count, copyNumber: copyNumber))
    }

    /// The merged font's bytes.
    private func tables(adding added: [Int], of other: MergedCopy, newID: [Int: Int], characters: [UInt32: Int]) throws(FontSubsetError) -> [UInt8] {
        var tables: [String: [UInt8]] = [:]
        for tag in directory.order where !FontMerger.leftOut.contains(tag) { tables[tag] = Array(directory.tables[tag]!.all) }
        // Outlines: this font's glyphs as they are, then the added ones with their components renumbered.
        var glyf = FontWriter()
        var offsets: [Int] = [0]
        for glyph in 0..<glyphCount {
            let range = outlines.ranges[glyph]
            glyf.append(outlines.glyf.all[(outlines.glyf.start + range.lowerBound)..<(outlines.glyf.start + range.upperBound)])
            glyf.pad(to: 2)
            offsets.append(glyf.bytes.count)
        }
        for glyph in added {
            let range = other.outlines.ranges[glyph]
            let start = glyf.bytes.count
            glyf.append(other.outlines.glyf.all[(other.outlines.glyf.start + range.lowerBound)..<(other.outlines.glyf.start + range.upperBound)])
            for at in try other.outlines.componentFields(of: glyph) {
                glyf.set16(start + at, newID[try other.outlines.glyf.u16(range.lowerBound + at)]!)
            }
            glyf.pad(to: 2)
            offsets.append(glyf.bytes.count)
        }
        let longOffsets = glyf.bytes.count > 0x1FFFE
        var loca = FontWriter()
        for offset in offsets { if longOffsets { loca.u32(offset) } else { loca.u16(offset / 2) } }
        tables["glyf"] = glyf.bytes
        tables["loca"] = loca.bytes
        let total = glyphCount + added.count
        let (hmtx, metricCount) = GlyphMetrics.encode(metrics + added.map { other.metrics[$0] })
        tables["hmtx"] = hmtx
        if let variations, let otherVariations = other.variations {
            var data: [ArraySlice<UInt8>] = []
            for glyph in 0..<glyphCount { data.append(try variations.data(of: glyph)) }
            for glyph in added { data.append(ArraySlice(try otherVariations.data(of: glyph, sharingTuplesOf: variations.sharedTuples))) }
            tables["gvar"] = GlyphVariations.assemble(axisCount: variations.axisCount, sharedTuples: variations.sharedTuples, data: data)
        }
        let cmap = try directory.required("cmap")
        let selectors = Set((0xFE00...0xFE0F).map(UInt32.init) + (0xE0100...0xE01EF).map(UInt32.init) + (0x180B...0x180F).map(UInt32.init))
        let sequences = try VariationSequences.read(cmap, selectors: selectors, bases: Set(mapping.keys), glyphCount: glyphCount)
        tables["cmap"] = CharacterMap.write(mapping.map { ($0.key, $0.value) } + characters.map { ($0.key, newID[$0.value]!) }, sequences: sequences)
        if let post = directory.tables["post"] { tables["post"] = try PostScriptNames.withoutNames(post) }
        try widen(&tables, by: other, total: total, metricCount: metricCount, longOffsets: longOffsets)
        return SfntAssembler.assemble(tables)
    }

    /// maxp, head and hhea for the merged glyphs: the glyph count, the larger of
    /// each maximum, the bounding box of both, the count of long metrics.
    private func widen(_ tables: inout [String: [UInt8]], by other: MergedCopy, total: Int, metricCount: Int, longOffsets: Bool) throws(FontSubsetError) {
        var maxp = FontWriter(bytes: tables["maxp"]!)
        maxp.set16(4, total)
        if let otherMaxp = other.directory.tables["maxp"], maxp.bytes.count >= 32, otherMaxp.count >= 32 {
            for at in stride(from: 6, to: 32, by: 2) { maxp.set16(at, max(try directory.required("maxp").u16(at), try otherMaxp.u16(at))) }
        }
        tables["maxp"] = maxp.bytes
        let head = try directory.required("head"), otherHead = try other.directory.required("head")
        var headOut = FontWriter(bytes: tables["head"]!)
        for at in [36, 38] { headOut.set16(at, min(try head.i16(at), try otherHead.i16(at))) }
        for at in [40, 42] { headOut.set16(at, max(try head.i16(at), try otherHead.i16(at))) }
        headOut.set16(50, longOffsets ? 1 : 0)
        tables["head"] = headOut.bytes
        let hhea = try directory.required("hhea"), otherHhea = try other.directory.required("hhea")
        var hheaOut = FontWriter(bytes: tables["hhea"]!)
        hheaOut.set16(10, max(try hhea.u16(10), try otherHhea.u16(10)))
        for at in [12, 14] { hheaOut.set16(at, min(try hhea.i16(at), try otherHhea.i16(at))) }
        hheaOut.set16(16, max(try hhea.i16(16), try otherHhea.i16(16)))
        hheaOut.set16(34, metricCount)
        tables["hhea"] = hheaOut.bytes
    }

    /// What the added glyphs' layout would need and the merge leaves out.
    private func layoutNotes(_ other: MergedCopy, addedGlyphs: Int, copyNumber: Int) -> [String] {
        let layout = ["GSUB", "GPOS", "GDEF", "kern"].filter { other.directory.tables[$0] != nil }
        guard !layout.isEmpty else { return [] }
        return ["the \(layout.joined(separator: ", ")) rules of the \(addedGlyphs) glyphs added from copy \(copyNumber + 1) were not merged "
            + "(kerning and ligatures with them are lost; give the original font to subset it exactly)"]
    }
}
