import RivSupport

/// Merges cut-down copies of one TrueType font (Rive's editor stores, in each
/// file, a copy of a font subset to that file's text) into one font that maps
/// every character any copy maps.
///
/// The copy that maps the most characters is the base: its glyphs keep their
/// ids. Each other copy adds, after the glyphs so far, every glyph the font so
/// far lacks (those of its new characters, their components, and its
/// ligatures and alternates), with their horizontal metrics, gvar variation
/// data (shared tuples referred to by index where the merged font has them,
/// embedded otherwise) and layout rules: its GSUB and GPOS lookups are lined
/// up with the base's and hold its subtables before the base's, and GDEF holds
/// the classes, mark sets and variation deltas of both. What cannot be merged
/// soundly is said in ``FontMerge/notes``: rules joining characters that no
/// copy holds together (neither copy knows them), and HVAR, VVAR and vertical
/// metrics (a renderer then varies advances through gvar's phantom points).
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
    /// per-glyph hinting data; vertical metrics and their variations are not
    /// extended (gvar's phantom points carry the variations).
    static let leftOut: Set<String> = TrueTypeSubsetter.droppedTables.union(["VVAR", "vmtx", "vhea"])

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
            notes.append("left out: \(dropped.joined(separator: ", ")) (vertical metrics; vertical advances vary through gvar's phantom points)")
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
    /// names, units per em and axes, and each character both map drawn alike;
    /// and the pairs of glyphs (this font's, the other's) found alike.
    func difference(from other: MergedCopy, copyNumber: Int) throws(FontSubsetError) -> (why: String?, alike: Set<[Int]>) {
        if let why = try sameFont(as: other) { return ("copy \(copyNumber + 1) has \(why)", []) }
        var compared = Set<[Int]>()
        for (scalar, glyph) in mapping.sorted(by: { $0.key < $1.key }) {
            guard let otherGlyph = other.mapping[scalar] else { continue }
            if try !draws(glyph, as: otherGlyph, in: other, compared: &compared) {
                let hex = String(scalar, radix: 16, uppercase: true)
                return ("U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " is drawn otherwise in copy \(copyNumber + 1)", [])
            }
        }
        return (nil, compared)
    }

    /// The merged id of each of `other`'s glyphs: this font's glyph for one
    /// found alike through the characters both map (and their components),
    /// .notdef for .notdef, for a glyph no character maps (a ligature or
    /// alternate both hold) this font's glyph that no character maps either and
    /// draws alike, else a new id after this font's glyphs, in `other`'s order
    /// (two characters' glyphs that draw alike may still kern otherwise); and
    /// the added glyphs.
    private func merging(_ other: MergedCopy, alike: Set<[Int]>) throws(FontSubsetError) -> (map: [Int], added: [Int]) {
        var newID = [Int](repeating: -1, count: other.glyphCount)
        newID[0] = 0
        for pair in alike { newID[pair[1]] = pair[0] }
        let mapped = Set(mapping.values), otherMapped = Set(other.mapping.values)
        var byOwnPart: [[UInt8]: [Int]] = [:]
        for glyph in 0..<glyphCount where !mapped.contains(glyph) { byOwnPart[try ownIdentity(of: glyph).bytes, default: []].append(glyph) }
        var added: [Int] = []
        for glyph in 0..<other.glyphCount where newID[glyph] < 0 {
            guard !otherMapped.contains(glyph) else {
                newID[glyph] = glyphCount + added.count
                added.append(glyph)
                continue
            }
            // At most four candidates drawn alike are compared: a font repeats a drawing rarely.
            for candidate in (byOwnPart[try other.ownIdentity(of: glyph).bytes] ?? []).prefix(4) {
                var compared = Set<[Int]>()
                if try draws(candidate, as: glyph, in: other, compared: &compared) { newID[glyph] = candidate; break }
            }
            if newID[glyph] < 0 {
                newID[glyph] = glyphCount + added.count
                added.append(glyph)
            }
        }
        return (newID, added)
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
        let found: (why: String?, alike: Set<[Int]>)
        do throws(FontSubsetError) {
            found = try difference(from: other, copyNumber: copyNumber)
        } catch {
            throw .unreadable(copy: copyNumber, error)
        }
        if let why = found.why { throw .differentFonts(why) }
        do throws(FontSubsetError) {
            return try extended(by: other, alike: found.alike, copyNumber: copyNumber)
        } catch {
            throw .unreadable(copy: copyNumber, error)
        }
    }

    /// This font with the glyphs of `other` it lacks and their layout rules.
    private func extended(by other: MergedCopy, alike: Set<[Int]>, copyNumber: Int) throws(FontSubsetError) -> (bytes: [UInt8], characters: Int, notes: [String]) {
        let newCharacters = other.mapping.filter { mapping[$0.key] == nil }
        guard !newCharacters.isEmpty else { return (bytes, 0, []) }
        let (newID, added) = try merging(other, alike: alike)
        guard glyphCount + added.count <= 0xFFFF else {
            throw try directory.required("maxp").error(4, .invalidValue("the merged font would hold \(glyphCount + added.count) glyphs, over 65,535"))
        }
        return try tables(adding: added, of: other, newID: newID, characters: newCharacters, copyNumber: copyNumber)
    }

    /// The merged font's bytes and what the merge could not carry over.
    private func tables(adding added: [Int], of other: MergedCopy, newID: [Int], characters: [UInt32: Int],
                        copyNumber: Int) throws(FontSubsetError) -> (bytes: [UInt8], characters: Int, notes: [String]) {
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
                glyf.set16(start + at, newID[try other.outlines.glyf.u16(range.lowerBound + at)])
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
        tables["cmap"] = CharacterMap.write(mapping.map { ($0.key, $0.value) } + characters.map { ($0.key, newID[$0.value]) }, sequences: sequences)
        if let post = directory.tables["post"] { tables["post"] = try PostScriptNames.withoutNames(post) }
        try widen(&tables, by: other, total: total, metricCount: metricCount, longOffsets: longOffsets)
        var notes: [String] = []
        if let hvar = directory.tables["HVAR"] {
            let otherHVAR = other.directory.tables["HVAR"]
            tables["HVAR"] = try otherHVAR.flatMap { otherHVAR throws(FontSubsetError) in
                try MetricVariations.write([(hvar, Array(0..<glyphCount)), (otherHVAR, added)])
            }
            if tables["HVAR"] == nil {
                notes.append("left out: HVAR (copy \(copyNumber + 1) has none or varies over other regions; advances vary through gvar's phantom points)")
            }
        }
        notes += try mergeLayout(into: &tables, other, otherMap: GlyphMap(newIDs: newID, count: total), total: total, copyNumber: copyNumber)
        return (SfntAssembler.assemble(tables), characters.count, notes)
    }

    /// GSUB, GPOS and GDEF with `other`'s rules merged in (``LayoutMerge``,
    /// ``GlyphDefinitions/merge(_:)``); what could not be carried over, said.
    private func mergeLayout(into tables: inout [String: [UInt8]], _ other: MergedCopy, otherMap: GlyphMap, total: Int,
                             copyNumber: Int) throws(FontSubsetError) -> [String] {
        let baseMap = GlyphMap(newIDs: Array(0..<glyphCount), count: total)
        var notes: [String] = []
        var shift: Int? = 0
        let definitions = [(directory.tables["GDEF"], baseMap), (other.directory.tables["GDEF"], otherMap)].compactMap { table, map in table.map { ($0, map) } }
        if !definitions.isEmpty {
            let merged = try GlyphDefinitions.merge(definitions)
            tables["GDEF"] = merged.table
            shift = other.directory.tables["GDEF"] == nil ? 0 : merged.outerShifts.last!
            if shift == nil { notes.append("copy \(copyNumber + 1)'s GDEF item variation store varies over other regions: its kerning and anchors do not vary") }
        }
        for tag in ["GSUB", "GPOS"] {
            guard let otherTable = other.directory.tables[tag] else { continue }
            let prepared: LayoutSubsetter.Prepared
            if let base = directory.tables[tag] {
                prepared = try LayoutSubsetter.Prepared(base, map: baseMap,
                                                        merging: LayoutMerge(other: otherTable, otherMap: otherMap, baseGlyphCount: glyphCount, outerShift: shift))
                tables[tag] = try prepared.bytes(deltaMap: nil)
            } else {
                prepared = try LayoutSubsetter.Prepared(otherTable, map: otherMap)
                let deltaMap = Dictionary(uniqueKeysWithValues: prepared.deltaSets.map { deltaSet in (deltaSet, shift.map { deltaSet + $0 << 16 } ?? 0xFFFF_FFFF) })
                tables[tag] = try prepared.bytes(deltaMap: deltaMap)
            }
            notes += prepared.notes.map { "copy \(copyNumber + 1): " + $0 }
        }
        if other.directory.tables["kern"] != nil {
            notes.append("the kern table of copy \(copyNumber + 1) was not merged (its pairs with added glyphs are lost)")
        }
        let layout = ["GSUB", "GPOS"].filter { directory.tables[$0] != nil || other.directory.tables[$0] != nil }
        if !layout.isEmpty, Set(mapping.keys).subtracting(other.mapping.keys).count > 0 {
            notes.append("\(layout.joined(separator: " and ")) rules joining a character only copy \(copyNumber + 1) maps with one only the other copies map "
                + "are in neither copy (no kerning or ligature between them; the original font subset to every character has them)")
        }
        return notes
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
}
