/// hmtx or vmtx for the glyphs a ``GlyphMap`` keeps, in their new order: a glyph
/// `kept` does not hold gets zeros; the long metrics stop where the advances
/// that follow are all the same as the last long one. The two tables have one
/// layout (advance and side bearing per glyph, the count of long metrics at
/// byte 34 of hhea or vhea).
enum GlyphMetrics {
    static func write(_ hmtx: FontBytes.Table, header hhea: FontBytes.Table, glyphCount: Int, map: GlyphMap,
                      keeping kept: [Bool]) throws(FontSubsetError) -> (table: [UInt8], metricCount: Int) {
        let all = try read(hmtx, header: hhea, glyphCount: glyphCount)
        return encode(map.oldID.map { kept[$0] ? all[$0] : (0, 0) })
    }

    /// Every glyph's advance and side bearing (the side bearing as stored, unsigned).
    static func read(_ hmtx: FontBytes.Table, header hhea: FontBytes.Table,
                     glyphCount: Int) throws(FontSubsetError) -> [(advance: Int, sideBearing: Int)] {
        let longCount = try hhea.u16(34)
        guard longCount >= 1, longCount <= glyphCount else {
            throw hhea.error(34, .invalidValue("\(hhea.tag == "vhea" ? "numOfLongVerMetrics" : "numberOfHMetrics") \(longCount) with \(glyphCount) glyphs"))
        }
        try hmtx.check(0, longCount * 4 + (glyphCount - longCount) * 2)
        var metrics: [(advance: Int, sideBearing: Int)] = []
        metrics.reserveCapacity(glyphCount)
        for glyph in 0..<glyphCount {
            let advance = try hmtx.u16(min(glyph, longCount - 1) * 4)
            let sideBearing = glyph < longCount ? try hmtx.u16(glyph * 4 + 2) : try hmtx.u16(longCount * 4 + (glyph - longCount) * 2)
            metrics.append((advance, sideBearing))
        }
        return metrics
    }

    /// The table holding `metrics`, and its count of long metrics.
    static func encode(_ metrics: [(advance: Int, sideBearing: Int)]) -> (table: [UInt8], metricCount: Int) {
        var metricCount = metrics.count
        while metricCount > 1, metrics[metricCount - 2].advance == metrics[metricCount - 1].advance { metricCount -= 1 }
        var out = FontWriter()
        for metric in metrics[..<metricCount] { out.u16(metric.advance); out.u16(metric.sideBearing) }
        for metric in metrics[metricCount...] { out.u16(metric.sideBearing) }
        return (out.bytes, metricCount)
    }
}
