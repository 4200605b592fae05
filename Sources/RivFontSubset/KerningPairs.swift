/// The legacy `kern` table (version 0, format 0 subtables only) for a renumbered
/// subset: the pairs of two kept glyphs, renumbered and sorted.
enum KerningPairs {
    static func write(_ kern: FontBytes.Table, map: GlyphMap) throws(FontSubsetError) -> [UInt8] {
        guard try kern.u16(0) == 0 else { throw kern.error(0, .unsupportedTable) }
        let count = try kern.u16(2)
        var out = FontWriter()
        out.u16(0); out.u16(count)
        var at = 4
        for _ in 0..<count {
            let coverage = try kern.u16(at + 4)
            guard coverage >> 8 == 0 else { throw kern.error(at + 4, .unsupportedTable) }
            let pairs = try kern.u16(at + 6)
            try kern.check(at + 14, pairs * 6)
            var kept: [(pair: Int, value: Int)] = []
            for index in 0..<pairs {
                let record = at + 14 + index * 6
                if let left = map.map(try kern.u16(record)), let right = map.map(try kern.u16(record + 2)) {
                    kept.append((left << 16 | right, try kern.u16(record + 4)))
                }
            }
            kept.sort { $0.pair < $1.pair }
            var power = kept.isEmpty ? 0 : 1, log = 0
            while power > 0, power * 2 <= kept.count { power *= 2; log += 1 }
            out.u16(0); out.u16(14 + kept.count * 6); out.u16(coverage)
            out.u16(kept.count); out.u16(power * 6); out.u16(log); out.u16((kept.count - power) * 6)
            for entry in kept { out.u32(entry.pair); out.u16(entry.value) }
            at += 14 + pairs * 6                          // the size of a format 0 subtable (its 16-bit length can wrap)
        }
        return out.bytes
    }
}
