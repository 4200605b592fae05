/// Reading the cmap subtable HarfBuzz reads and writing a format 4 + 12 (+ 14) cmap.
enum CharacterMap {
    /// The glyph of each scalar in `scalars` that the font maps (to a glyph other
    /// than 0), read as HarfBuzz reads it: from the subtable ``bestSubtable(_:)``
    /// picks, a symbol subtable also answering U+0000-U+00FF with U+F000-U+F0FF.
    static func glyphs(for scalars: Set<UInt32>, in cmap: FontBytes.Table, os2: FontBytes.Table?,
                       glyphCount: Int) throws(FontSubsetError) -> [(scalar: UInt32, glyph: Int)] {
        let (subtable, symbol) = try bestSubtable(cmap)
        var remapsSymbols = false
        if symbol {
            // HarfBuzz's font page: OS/2 version 0 keeps it in fsSelection's high byte.
            let page = try os2.map { table throws(FontSubsetError) in try table.u16(0) == 0 ? try table.u16(62) & 0xFF00 : 0 } ?? 0
            if page == 0xB100 || page == 0xB200 {
                throw cmap.error(0, .invalidValue("a symbol cmap of an Arabic font page is not read"))
            }
            remapsSymbols = page == 0
        }
        let format = try subtable.u16(0)
        var found: [(scalar: UInt32, glyph: Int)] = []
        for scalar in scalars.sorted() {
            var glyph = try self.glyph(Int(scalar), in: subtable, format: format)
            if glyph == 0, remapsSymbols, scalar <= 0xFF { glyph = try self.glyph(0xF000 + Int(scalar), in: subtable, format: format) }
            if glyph != 0, glyph < glyphCount { found.append((scalar, glyph)) }
        }
        return found
    }

    /// The glyph subtable `format` maps `code` to; 0 when it maps none.
    private static func glyph(_ code: Int, in subtable: FontBytes.Table, format: Int) throws(FontSubsetError) -> Int {
        switch format {
        case 0:
            return code < 256 ? try subtable.u8(6 + code) : 0
        case 4:
            guard code <= 0xFFFF else { return 0 }
            let segments = try subtable.u16(6) / 2
            let ends = 14, starts = 16 + segments * 2, deltas = starts + segments * 2, ranges = deltas + segments * 2
            try subtable.check(0, ranges + segments * 2)
            var low = 0, high = segments
            while low < high {                        // first segment whose end >= code
                let middle = (low + high) / 2
                if try subtable.u16(ends + middle * 2) < code { low = middle + 1 } else { high = middle }
            }
            guard low < segments else { return 0 }
            let start = try subtable.u16(starts + low * 2)
            guard code >= start else { return 0 }
            let delta = try subtable.u16(deltas + low * 2)
            let rangeOffset = try subtable.u16(ranges + low * 2)
            guard rangeOffset != 0 else { return (code + delta) & 0xFFFF }
            let glyph = try subtable.u16(ranges + low * 2 + rangeOffset + (code - start) * 2)
            return glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
        case 6, 10:
            let header = format == 6 ? 6 : 12, size = format == 6 ? 2 : 4
            let first = format == 6 ? try subtable.u16(header) : try subtable.u32(header)
            let count = format == 6 ? try subtable.u16(header + size) : try subtable.u32(header + size)
            guard code >= first, code - first < count else { return 0 }
            return try subtable.u16(header + 2 * size + (code - first) * 2)
        case 12, 13:
            let groups = try subtable.u32(12)
            try subtable.check(16, groups * 12)
            var low = 0, high = groups
            while low < high {
                let middle = (low + high) / 2
                if try subtable.u32(16 + middle * 12 + 4) < code { low = middle + 1 } else { high = middle }
            }
            guard low < groups else { return 0 }
            let start = try subtable.u32(16 + low * 12)
            guard code >= start else { return 0 }
            let glyph = try subtable.u32(16 + low * 12 + 8)
            return format == 12 ? glyph + (code - start) : glyph
        default:
            throw subtable.error(0, .invalidValue("cmap subtable format \(format) is not read"))
        }
    }

    /// HarfBuzz's order of preference among (platform, encoding) subtables: the
    /// symbol one, then the full-repertoire ones, then the BMP ones.
    private static let preference: [(platform: Int, encoding: Int)] = [(3, 0), (3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0)]

    /// The subtable HarfBuzz reads characters from (the first record of the most
    /// preferred platform and encoding), and whether it is the symbol one.
    private static func bestSubtable(_ cmap: FontBytes.Table) throws(FontSubsetError) -> (FontBytes.Table, symbol: Bool) {
        for (platform, encoding) in preference {
            if let offset = try subtableOffset(cmap, platform: platform, encoding: encoding) {
                return (try cmap.sub(offset), platform == 3 && encoding == 0)
            }
        }
        throw cmap.error(0, .invalidValue("no Unicode or symbol cmap subtable"))
    }

    /// The offset of the first subtable record of `platform` and `encoding` names.
    static func subtableOffset(_ cmap: FontBytes.Table, platform: Int, encoding: Int) throws(FontSubsetError) -> Int? {
        let count = try cmap.u16(2)
        try cmap.check(4, count * 8)
        for index in 0..<count {
            let recordPlatform = try cmap.u16(4 + index * 8), recordEncoding = try cmap.u16(6 + index * 8)
            if recordPlatform == platform, recordEncoding == encoding { return try cmap.u32(8 + index * 8) }
        }
        return nil
    }

    /// A cmap with a format 4 subtable (BMP, platforms 0/3 and 3/1), when a scalar
    /// is past the BMP a format 12 subtable (all scalars, platforms 0/4 and 3/10)
    /// for `mapping`, and when there are `sequences` a format 14 subtable (0/5).
    static func write(_ mapping: [(scalar: UInt32, glyph: Int)], sequences: [VariationSequences.Entry] = []) -> [UInt8] {
        let sorted = mapping.sorted { $0.scalar < $1.scalar }
        let format4 = writeFormat4(sorted.filter { $0.scalar <= 0xFFFF })
        let format12 = sorted.last.map { $0.scalar > 0xFFFF } == true ? writeFormat12(sorted) : []
        let format14 = sequences.isEmpty ? [] : VariationSequences.write(sequences)
        let records = (format12.isEmpty ? 2 : 4) + (format14.isEmpty ? 0 : 1)
        let first = 4 + records * 8, second = first + format4.count, third = second + format12.count
        var out = FontWriter()
        out.u16(0)
        out.u16(records)
        for (platform, encoding, offset, size) in [(0, 3, first, 1), (0, 4, second, format12.count), (0, 5, third, format14.count),
                                                   (3, 1, first, 1), (3, 10, second, format12.count)] where size > 0 {
            out.u16(platform); out.u16(encoding); out.u32(offset)
        }
        out.append(format4)
        out.append(format12)
        out.append(format14)
        return out.bytes
    }

    private static func writeFormat4(_ mapping: [(scalar: UInt32, glyph: Int)]) -> [UInt8] {
        // Runs of consecutive codes with consecutive glyphs become one delta segment.
        var segments: [(start: Int, end: Int, delta: Int)] = []
        for (scalar, glyph) in mapping {
            let code = Int(scalar)
            if let last = segments.last, last.end + 1 == code, (code + last.delta) & 0xFFFF == glyph {
                segments[segments.count - 1].end = code
            } else {
                segments.append((code, code, (glyph - code) & 0xFFFF))
            }
        }
        if segments.last?.end != 0xFFFF { segments.append((0xFFFF, 0xFFFF, 1)) }
        let count = segments.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        var out = FontWriter()
        out.u16(4)
        out.u16(16 + count * 8)
        out.u16(0)
        out.u16(count * 2)
        out.u16(power * 2)
        out.u16(log)
        out.u16(count * 2 - power * 2)
        for segment in segments { out.u16(segment.end) }
        out.u16(0)
        for segment in segments { out.u16(segment.start) }
        for segment in segments { out.u16(segment.delta) }
        for _ in segments { out.u16(0) }
        return out.bytes
    }

    private static func writeFormat12(_ mapping: [(scalar: UInt32, glyph: Int)]) -> [UInt8] {
        var groups: [(start: Int, end: Int, glyph: Int)] = []
        for (scalar, glyph) in mapping {
            let code = Int(scalar)
            if let last = groups.last, last.end + 1 == code, last.glyph + (code - last.start) == glyph {
                groups[groups.count - 1].end = code
            } else {
                groups.append((code, code, glyph))
            }
        }
        var out = FontWriter()
        out.u16(12)
        out.u16(0)
        out.u32(16 + groups.count * 12)
        out.u32(0)
        out.u32(groups.count)
        for group in groups { out.u32(group.start); out.u32(group.end); out.u32(group.glyph) }
        return out.bytes
    }
}
