/// hmtx with the kept glyphs' metrics: unkept glyphs get zeros, and the long
/// metrics stop at the last kept glyph (later glyphs share its advance).
enum HorizontalMetrics {
    static func write(_ hmtx: FontBytes.Table, hhea: FontBytes.Table, keeping kept: [Bool]) throws(FontSubsetError) -> (table: [UInt8], metricCount: Int) {
        let glyphCount = kept.count
        let longCount = try hhea.u16(34)
        guard longCount >= 1, longCount <= glyphCount else {
            throw hhea.error(34, .invalidValue("numberOfHMetrics \(longCount) with \(glyphCount) glyphs"))
        }
        try hmtx.check(0, longCount * 4 + (glyphCount - longCount) * 2)
        func advance(_ glyph: Int) throws(FontSubsetError) -> Int { try hmtx.u16(min(glyph, longCount - 1) * 4) }
        func sideBearing(_ glyph: Int) throws(FontSubsetError) -> Int {
            glyph < longCount ? try hmtx.u16(glyph * 4 + 2) : try hmtx.u16(longCount * 4 + (glyph - longCount) * 2)
        }
        let metricCount = (kept.lastIndex(of: true) ?? 0) + 1
        var out = FontWriter()
        for glyph in 0..<metricCount {
            out.u16(kept[glyph] ? try advance(glyph) : 0)
            out.u16(kept[glyph] ? try sideBearing(glyph) : 0)
        }
        for _ in metricCount..<glyphCount { out.u16(0) }
        return (out.bytes, metricCount)
    }
}
