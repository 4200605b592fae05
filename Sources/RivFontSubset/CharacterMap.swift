/// Reading the font's best Unicode cmap subtable and writing a format 4 + 12 cmap.
enum CharacterMap {
    /// The glyph of each scalar in `scalars` that the font maps (to a glyph other than 0).
    static func glyphs(for scalars: Set<Unicode.Scalar>, in cmap: FontBytes.Table, glyphCount: Int) throws(FontSubsetError) -> [(scalar: UInt32, glyph: Int)] {
        let subtable = try bestSubtable(cmap)
        var found: [(scalar: UInt32, glyph: Int)] = []
        let wanted = scalars.map { $0.value }.sorted()
        let format = try subtable.u16(0)
        switch format {
        case 4:
            let segments = try subtable.u16(6) / 2
            let ends = 14, starts = 16 + segments * 2, deltas = starts + segments * 2, ranges = deltas + segments * 2
            try subtable.check(0, ranges + segments * 2)
            for scalar in wanted where scalar <= 0xFFFF {
                let code = Int(scalar)
                var low = 0, high = segments
                while low < high {                        // first segment whose end >= code
                    let middle = (low + high) / 2
                    if try subtable.u16(ends + middle * 2) < code { low = middle + 1 } else { high = middle }
                }
                guard low < segments else { continue }
                let start = try subtable.u16(starts + low * 2)
                guard code >= start else { continue }
                let delta = try subtable.u16(deltas + low * 2)
                let rangeOffset = try subtable.u16(ranges + low * 2)
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (code + delta) & 0xFFFF
                } else {
                    glyph = try subtable.u16(ranges + low * 2 + rangeOffset + (code - start) * 2)
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                if glyph != 0, glyph < glyphCount { found.append((scalar, glyph)) }
            }
        case 12:
            let groups = try subtable.u32(12)
            try subtable.check(16, groups * 12)
            for scalar in wanted {
                let code = Int(scalar)
                var low = 0, high = groups
                while low < high {
                    let middle = (low + high) / 2
                    if try subtable.u32(16 + middle * 12 + 4) < code { low = middle + 1 } else { high = middle }
                }
                guard low < groups else { continue }
                let start = try subtable.u32(16 + low * 12)
                guard code >= start else { continue }
                let glyph = try subtable.u32(16 + low * 12 + 8) + (code - start)
                if glyph != 0, glyph < glyphCount { found.append((scalar, glyph)) }
            }
        default:
            throw subtable.error(0, .invalidValue("cmap subtable format \(format) is not read"))
        }
        return found
    }

    /// The Unicode subtable to read: a full-repertoire format 12 first, then a BMP format 4.
    private static func bestSubtable(_ cmap: FontBytes.Table) throws(FontSubsetError) -> FontBytes.Table {
        let count = try cmap.u16(2)
        try cmap.check(4, count * 8)
        var best: (rank: Int, offset: Int)?
        for index in 0..<count {
            let platform = try cmap.u16(4 + index * 8)
            let encoding = try cmap.u16(6 + index * 8)
            let offset = try cmap.u32(8 + index * 8)
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode else { continue }
            let format = try cmap.u16(offset)
            let rank = format == 12 ? 2 : format == 4 ? 1 : 0
            if rank > 0, rank > (best?.rank ?? 0) { best = (rank, offset) }
        }
        guard let best else { throw cmap.error(0, .invalidValue("no Unicode cmap subtable of format 4 or 12")) }
        return try cmap.sub(best.offset)
    }

    /// A cmap with a format 4 subtable (BMP, platforms 0/3 and 3/1) and, when a
    /// scalar is past the BMP, a format 12 subtable (all scalars, platforms 0/4 and
    /// 3/10) for `mapping`.
    static func write(_ mapping: [(scalar: UInt32, glyph: Int)]) -> [UInt8] {
        let sorted = mapping.sorted { $0.scalar < $1.scalar }
        let format4 = writeFormat4(sorted.filter { $0.scalar <= 0xFFFF })
        let format12 = sorted.last.map { $0.scalar > 0xFFFF } == true ? writeFormat12(sorted) : []
        let records = format12.isEmpty ? 2 : 4
        var out = FontWriter()
        out.u16(0)
        out.u16(records)
        let first = 4 + records * 8, second = first + format4.count
        for (platform, encoding, offset) in [(0, 3, first), (0, 4, second), (3, 1, first), (3, 10, second)] where records == 4 || offset == first {
            out.u16(platform); out.u16(encoding); out.u32(offset)
        }
        out.append(format4)
        out.append(format12)
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
