/// The gvar table for the glyphs a ``GlyphMap`` keeps, in their new order, with
/// the variation data of the glyphs `kept` holds; the shared tuples are kept as
/// they are.
enum GlyphVariations {
    static func write(_ gvar: FontBytes.Table, map: GlyphMap, keeping kept: [Bool]) throws(FontSubsetError) -> [UInt8] {
        let sharedTupleCount = try gvar.u16(6)
        let sharedTuplesOffset = try gvar.u32(8)
        let glyphCount = try gvar.u16(12)
        let flags = try gvar.u16(14)
        let dataOffset = try gvar.u32(16)
        guard glyphCount == map.newID.count else {
            throw gvar.error(12, .invalidValue("gvar has \(glyphCount) glyphs, maxp \(map.newID.count)"))
        }
        let axisCount = try gvar.u16(4)
        let long = flags & 1 != 0
        let width = long ? 4 : 2
        try gvar.check(20, (glyphCount + 1) * width)
        let sharedTuples = try gvar.slice(sharedTuplesOffset, sharedTupleCount * axisCount * 2)
        func offset(_ glyph: Int) throws(FontSubsetError) -> Int {
            long ? try gvar.u32(20 + glyph * 4) : try gvar.u16(20 + glyph * 2) * 2
        }
        var data = FontWriter()
        var offsets: [Int] = [0]
        for glyph in map.oldID {
            let start = try offset(glyph), end = try offset(glyph + 1)
            guard start <= end else { throw gvar.error(20 + (glyph + 1) * width, .invalidValue("glyph \(glyph)'s variation data ends before it starts")) }
            if kept[glyph], end > start {
                data.append(try gvar.slice(dataOffset + start, end - start))
                data.pad(to: 2)
            }
            offsets.append(data.bytes.count)
        }
        let longOut = data.bytes.count > 0x1FFFE
        var out = FontWriter()
        let headerSize = 20 + (map.oldID.count + 1) * (longOut ? 4 : 2)
        let sharedAt = (headerSize + 1) & ~1
        let dataAt = sharedAt + sharedTuples.count
        out.u16(1); out.u16(0)
        out.u16(axisCount)
        out.u16(sharedTupleCount)
        out.u32(sharedAt)
        out.u16(map.oldID.count)
        out.u16(longOut ? 1 : 0)
        out.u32(dataAt)
        for value in offsets { if longOut { out.u32(value) } else { out.u16(value / 2) } }
        out.pad(to: 2)
        out.append(sharedTuples)
        out.append(data.bytes)
        return out.bytes
    }
}
