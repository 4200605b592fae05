/// The gvar table: read per glyph, and written for the glyphs a ``GlyphMap``
/// keeps, in their new order, with the variation data of the glyphs `kept`
/// holds; the shared tuples are kept as they are.
struct GlyphVariations {
    let gvar: FontBytes.Table
    let axisCount: Int
    let glyphCount: Int
    /// The shared peak tuples, `axisCount` F2Dot14 values each.
    let sharedTuples: ArraySlice<UInt8>
    private let dataOffset: Int
    private let long: Bool

    init(_ gvar: FontBytes.Table) throws(FontSubsetError) {
        self.gvar = gvar
        let sharedTupleCount = try gvar.u16(6)
        let sharedTuplesOffset = try gvar.u32(8)
        glyphCount = try gvar.u16(12)
        long = try gvar.u16(14) & 1 != 0
        dataOffset = try gvar.u32(16)
        axisCount = try gvar.u16(4)
        try gvar.check(20, (glyphCount + 1) * (long ? 4 : 2))
        sharedTuples = try gvar.slice(sharedTuplesOffset, sharedTupleCount * axisCount * 2)
    }

    /// The variation data of `glyph` (empty when it has none).
    func data(of glyph: Int) throws(FontSubsetError) -> ArraySlice<UInt8> {
        let width = long ? 4 : 2
        func offset(_ glyph: Int) throws(FontSubsetError) -> Int {
            long ? try gvar.u32(20 + glyph * 4) : try gvar.u16(20 + glyph * 2) * 2
        }
        let start = try offset(glyph), end = try offset(glyph + 1)
        guard start <= end else { throw gvar.error(20 + (glyph + 1) * width, .invalidValue("glyph \(glyph)'s variation data ends before it starts")) }
        return try gvar.slice(dataOffset + start, end - start)
    }

    static func write(_ gvar: FontBytes.Table, map: GlyphMap, keeping kept: [Bool]) throws(FontSubsetError) -> [UInt8] {
        let variations = try GlyphVariations(gvar)
        guard variations.glyphCount == map.newID.count else {
            throw gvar.error(12, .invalidValue("gvar has \(variations.glyphCount) glyphs, maxp \(map.newID.count)"))
        }
        var data: [ArraySlice<UInt8>] = []
        for glyph in map.oldID { data.append(kept[glyph] ? try variations.data(of: glyph) : []) }
        return assemble(axisCount: variations.axisCount, sharedTuples: variations.sharedTuples, data: data)
    }

    /// A gvar table holding `data` for glyphs 0, 1, 2, ... and `sharedTuples`.
    static func assemble(axisCount: Int, sharedTuples: ArraySlice<UInt8>, data glyphData: [ArraySlice<UInt8>]) -> [UInt8] {
        var data = FontWriter()
        var offsets: [Int] = [0]
        for item in glyphData {
            if !item.isEmpty {
                data.append(item)
                data.pad(to: 2)
            }
            offsets.append(data.bytes.count)
        }
        let longOut = data.bytes.count > 0x1FFFE
        var out = FontWriter()
        let headerSize = 20 + (glyphData.count + 1) * (longOut ? 4 : 2)
        let sharedAt = (headerSize + 1) & ~1
        let dataAt = sharedAt + sharedTuples.count
        out.u16(1); out.u16(0)
        out.u16(axisCount)
        out.u16(axisCount == 0 ? 0 : sharedTuples.count / (axisCount * 2))
        out.u32(sharedAt)
        out.u16(glyphData.count)
        out.u16(longOut ? 1 : 0)
        out.u32(dataAt)
        for value in offsets { if longOut { out.u32(value) } else { out.u16(value / 2) } }
        out.pad(to: 2)
        out.append(sharedTuples)
        out.append(data.bytes)
        return out.bytes
    }

    /// `glyph`'s variation data with every shared peak tuple of this table
    /// referred to in `target`'s shared tuples: by index where `target` holds
    /// the same tuple, embedded in the tuple's header where it does not.
    func data(of glyph: Int, sharingTuplesOf target: ArraySlice<UInt8>) throws(FontSubsetError) -> [UInt8] {
        let data = try self.data(of: glyph)
        guard !data.isEmpty, sharedTuples != target else { return Array(data) }
        let item = FontBytes.Table(font: gvar.font, tag: "gvar", start: data.startIndex, end: data.endIndex)
        let countField = try item.u16(0), serializedAt = try item.u16(2)
        let tupleSize = axisCount * 2
        var targetIndex: [ArraySlice<UInt8>: Int] = [:]
        for index in 0..<(tupleSize == 0 ? 0 : target.count / tupleSize) {
            let start = target.startIndex + index * tupleSize
            targetIndex[target[start..<(start + tupleSize)], default: index] = index
        }
        var headers = FontWriter()
        var at = 4
        for _ in 0..<(countField & 0x0FFF) {
            let size = try item.u16(at), tupleIndex = try item.u16(at + 2)
            at += 4
            var flags = tupleIndex & 0xF000
            var peak: ArraySlice<UInt8> = []
            if tupleIndex & 0x8000 != 0 {
                peak = try item.slice(at, tupleSize)
                at += tupleSize
            } else {
                let shared = tupleIndex & 0x0FFF
                guard (shared + 1) * tupleSize <= sharedTuples.count else {
                    throw item.error(at - 2, .invalidValue("glyph \(glyph) refers to shared tuple \(shared), past the shared tuples"))
                }
                let tuple = sharedTuples[(sharedTuples.startIndex + shared * tupleSize)..<(sharedTuples.startIndex + (shared + 1) * tupleSize)]
                if let index = targetIndex[tuple] { flags |= index } else { flags |= 0x8000; peak = tuple }
            }
            headers.u16(size); headers.u16(flags); headers.append(peak)
            if tupleIndex & 0x4000 != 0 {
                headers.append(try item.slice(at, 2 * tupleSize))
                at += 2 * tupleSize
            }
        }
        guard serializedAt >= at else { throw item.error(2, .invalidValue("glyph \(glyph)'s variation data starts inside its tuple headers")) }
        var out = FontWriter()
        out.u16(countField)
        out.u16(4 + headers.bytes.count)
        out.append(headers.bytes)
        out.append(try item.slice(serializedAt, item.count - serializedAt))
        return out.bytes
    }
}
