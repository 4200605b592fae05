@testable import RivFontSubset

/// Hand-built TrueType fonts for the subsetter's tests: a triangle per simple
/// glyph, composites made of other glyphs, a format 4 cmap, and optional tables.
struct TinyFont {
    enum Glyph {
        case empty
        case triangle
        case composite([Int])
    }

    var glyphs: [Glyph]
    var characters: [(scalar: UInt32, glyph: Int)]
    var extraTables: [String: [UInt8]] = [:]
    /// Overrides maxp's glyph count (for hostile fonts).
    var declaredGlyphCount: Int?

    var bytes: [UInt8] {
        var glyf = FontWriter()
        var loca = FontWriter()
        for glyph in glyphs {
            loca.u32(glyf.bytes.count)
            switch glyph {
            case .empty: break
            case .triangle:
                glyf.u16(1); glyf.u16(0); glyf.u16(0); glyf.u16(100); glyf.u16(100)
                glyf.u16(2)                                  // end point of the contour
                glyf.u16(0)                                  // no instructions
                for _ in 0..<3 { glyf.u8(0x01) }             // on curve, 16-bit x and y
                for x in [0, 100, -50] { glyf.u16(x) }
                for y in [0, 0, 100] { glyf.u16(y) }
            case .composite(let parts):
                glyf.u16(0xFFFF); glyf.u16(0); glyf.u16(0); glyf.u16(100); glyf.u16(100)
                for (index, part) in parts.enumerated() {
                    glyf.u16(0x0003 | (index < parts.count - 1 ? 0x0020 : 0))
                    glyf.u16(part); glyf.u16(10); glyf.u16(0)
                }
            }
            glyf.pad(to: 4)
        }
        loca.u32(glyf.bytes.count)
        let count = declaredGlyphCount ?? glyphs.count
        var head = FontWriter()
        head.u32(0x0001_0000); head.u32(0x0001_0000); head.u32(0); head.u32(0x5F0F_3CF5)
        head.u16(0); head.u16(1000)
        for _ in 0..<4 { head.u32(0) }                       // created, modified
        for _ in 0..<4 { head.u16(0) }                       // bounding box
        head.u16(0); head.u16(8); head.u16(2); head.u16(1); head.u16(0)
        var hhea = FontWriter()
        hhea.u32(0x0001_0000)
        for _ in 0..<15 { hhea.u16(0) }
        hhea.u16(glyphs.count)
        var hmtx = FontWriter()
        for glyph in 0..<glyphs.count { hmtx.u16(500 + glyph); hmtx.u16(glyph) }
        var maxp = FontWriter()
        maxp.u32(0x0000_5000); maxp.u16(count)
        var post = FontWriter()
        post.u32(0x0003_0000)
        for _ in 0..<7 { post.u32(0) }
        var tables = ["glyf": glyf.bytes, "loca": loca.bytes, "head": head.bytes, "hhea": hhea.bytes,
                      "hmtx": hmtx.bytes, "maxp": maxp.bytes, "post": post.bytes, "cmap": CharacterMap.write(characters)]
        tables.merge(extraTables) { _, new in new }
        return SfntAssembler.assemble(tables)
    }

    /// A GSUB with three lookups: ligature `first`+`second` -> `ligature`; single
    /// (format 2) `source` -> `alternate`; an extension holding a single (format 1)
    /// `alternate` -> `alternate + delta`.
    static func substitutions(first: Int, second: Int, ligature: Int, source: Int, alternate: Int, delta: Int) -> [UInt8] {
        var ligatureLookup = FontWriter()
        ligatureLookup.u16(4); ligatureLookup.u16(0); ligatureLookup.u16(1); ligatureLookup.u16(8)
        ligatureLookup.u16(1); ligatureLookup.u16(18); ligatureLookup.u16(1); ligatureLookup.u16(8)
        ligatureLookup.u16(1); ligatureLookup.u16(4)
        ligatureLookup.u16(ligature); ligatureLookup.u16(2); ligatureLookup.u16(second)
        ligatureLookup.u16(1); ligatureLookup.u16(1); ligatureLookup.u16(first)
        var singleLookup = FontWriter()
        singleLookup.u16(1); singleLookup.u16(0); singleLookup.u16(1); singleLookup.u16(8)
        singleLookup.u16(2); singleLookup.u16(8); singleLookup.u16(1); singleLookup.u16(alternate)
        singleLookup.u16(1); singleLookup.u16(1); singleLookup.u16(source)
        var extensionLookup = FontWriter()
        extensionLookup.u16(7); extensionLookup.u16(0); extensionLookup.u16(1); extensionLookup.u16(8)
        extensionLookup.u16(1); extensionLookup.u16(1); extensionLookup.u32(8)
        extensionLookup.u16(1); extensionLookup.u16(6); extensionLookup.u16(delta)
        extensionLookup.u16(1); extensionLookup.u16(1); extensionLookup.u16(alternate)
        return layoutTable(lookups: [ligatureLookup.bytes, singleLookup.bytes, extensionLookup.bytes], feature: "liga")
    }

    /// A GSUB whose one single substitution has `ranges` coverage ranges over every glyph.
    static func hostileCoverage(ranges: Int) -> [UInt8] {
        var lookup = FontWriter()
        lookup.u16(1); lookup.u16(0); lookup.u16(1); lookup.u16(8)
        lookup.u16(1); lookup.u16(6); lookup.u16(0)
        lookup.u16(2); lookup.u16(ranges)
        for _ in 0..<ranges { lookup.u16(0); lookup.u16(0xFFFF); lookup.u16(0) }
        return layoutTable(lookups: [lookup.bytes], feature: "liga")
    }

    /// A GSUB of `levels` contextual lookups (format 3, no input glyphs), each
    /// naming the next one `records` times, and a last single substitution
    /// 1 -> 2: applied naively, `records` to the power `levels` applications.
    static func nestedContexts(levels: Int, records: Int) -> [UInt8] {
        var lookups: [[UInt8]] = []
        for level in 0..<levels {
            var context = FontWriter()
            context.u16(3); context.u16(0); context.u16(records)
            for _ in 0..<records { context.u16(0); context.u16(level + 1) }
            lookups.append(lookup(type: 5, context.bytes))
        }
        var single = FontWriter()
        single.u16(1); single.u16(6); single.u16(1)
        single.u16(1); single.u16(1); single.u16(1)
        lookups.append(lookup(type: 1, single.bytes))
        return layoutTable(lookups: lookups, feature: "liga")
    }

    /// A GPOS with two pair adjustment lookups (x advance only), one feature
    /// `kern` using both: format 1, (1, 2) -50, (1, 4) -60, (3, 4) -70; format 2 over
    /// glyphs 1-4, first classes 1 -> 1 and 3 -> 2, second classes 2 -> 1 and
    /// 4 -> 2, the value of (class1, class2) 10 * (class1 * 3 + class2).
    static func pairPositioning() -> [UInt8] {
        var glyphPairs = FontWriter()
        glyphPairs.u16(1); glyphPairs.u16(14); glyphPairs.u16(4); glyphPairs.u16(0); glyphPairs.u16(2)
        glyphPairs.u16(22); glyphPairs.u16(32)
        glyphPairs.u16(1); glyphPairs.u16(2); glyphPairs.u16(1); glyphPairs.u16(3)           // coverage at 14
        glyphPairs.u16(2); glyphPairs.u16(2); glyphPairs.u16(-50); glyphPairs.u16(4); glyphPairs.u16(-60)   // set at 22
        glyphPairs.u16(1); glyphPairs.u16(4); glyphPairs.u16(-70)                           // set at 32
        var classPairs = FontWriter()
        classPairs.u16(2); classPairs.u16(34); classPairs.u16(4); classPairs.u16(0)
        classPairs.u16(44); classPairs.u16(60); classPairs.u16(3); classPairs.u16(3)
        for class1 in 0..<3 { for class2 in 0..<3 { classPairs.u16(10 * (class1 * 3 + class2)) } }   // 16 + 18 = 34
        classPairs.u16(2); classPairs.u16(1); classPairs.u16(1); classPairs.u16(4); classPairs.u16(0)   // coverage at 34: 1-4
        classPairs.u16(2); classPairs.u16(2); classPairs.u16(1); classPairs.u16(1); classPairs.u16(1)   // class def 1 at 44
        classPairs.u16(3); classPairs.u16(3); classPairs.u16(2)
        classPairs.u16(2); classPairs.u16(2); classPairs.u16(2); classPairs.u16(2); classPairs.u16(1)   // class def 2 at 60
        classPairs.u16(4); classPairs.u16(4); classPairs.u16(2)
        return layoutTable(lookups: [lookup(type: 2, glyphPairs.bytes), lookup(type: 2, classPairs.bytes)], feature: "kern")
    }

    /// A lookup of `type` with one subtable.
    static func lookup(type: Int, _ subtable: [UInt8]) -> [UInt8] {
        var out = FontWriter()
        out.u16(type); out.u16(0); out.u16(1); out.u16(8)
        out.append(subtable)
        return out.bytes
    }

    /// A kern table (version 0, one format 0 subtable) with `pairs` (left, right, value).
    static func kerning(_ pairs: [(Int, Int, Int)]) -> [UInt8] {
        var out = FontWriter()
        out.u16(0); out.u16(1)
        out.u16(0); out.u16(14 + pairs.count * 6); out.u16(1)
        out.u16(pairs.count); out.u16(0); out.u16(0); out.u16(0)
        for (left, right, value) in pairs { out.u16(left); out.u16(right); out.u16(value) }
        return out.bytes
    }

    /// A layout table with `lookups` and, when `feature` is given, a DFLT script
    /// whose default language system has that one feature using every lookup.
    static func layoutTable(lookups: [[UInt8]], feature: String) -> [UInt8] {
        var scripts = FontWriter()
        scripts.u16(1); scripts.append("DFLT".utf8); scripts.u16(8)
        scripts.u16(4); scripts.u16(0)                                  // script: default language system at 4
        scripts.u16(0); scripts.u16(0xFFFF); scripts.u16(1); scripts.u16(0)
        var features = FontWriter()
        features.u16(1); features.append(feature.utf8); features.u16(8)
        features.u16(0); features.u16(lookups.count)
        for index in lookups.indices { features.u16(index) }
        var out = FontWriter()
        let scriptsAt = 10, featuresAt = scriptsAt + scripts.bytes.count, lookupsAt = featuresAt + features.bytes.count
        out.u32(0x0001_0000); out.u16(scriptsAt); out.u16(featuresAt); out.u16(lookupsAt)
        out.append(scripts.bytes)
        out.append(features.bytes)
        out.u16(lookups.count)
        var offset = 2 + lookups.count * 2
        for lookup in lookups { out.u16(offset); offset += lookup.count }
        for lookup in lookups { out.append(lookup) }
        return out.bytes
    }
}
