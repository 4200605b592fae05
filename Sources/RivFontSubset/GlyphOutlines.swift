/// The glyf and loca tables: each glyph's byte range, the components of composite
/// glyphs, and the rewritten tables holding only the kept glyphs' outlines.
struct GlyphOutlines {
    let glyf: FontBytes.Table
    /// glyph i's outline is glyf[ranges[i]] (empty for a glyph without outline).
    let ranges: [Range<Int>]

    init(glyf: FontBytes.Table, loca: FontBytes.Table, glyphCount: Int, longOffsets: Bool) throws(FontSubsetError) {
        self.glyf = glyf
        let width = longOffsets ? 4 : 2
        try loca.check(0, (glyphCount + 1) * width)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(glyphCount)
        var previous = longOffsets ? try loca.u32(0) : try loca.u16(0) * 2
        for glyph in 0..<glyphCount {
            let next = longOffsets ? try loca.u32((glyph + 1) * width) : try loca.u16((glyph + 1) * width) * 2
            guard previous <= next, next <= glyf.count else {
                throw loca.error((glyph + 1) * width, .offsetOutOfBounds(glyf.start + next))
            }
            ranges.append(previous..<next)
            previous = next
        }
        self.ranges = ranges
    }

    /// The glyphs a composite glyph's outline is made of (empty for a simple glyph).
    func components(of glyph: Int) throws(FontSubsetError) -> [Int] {
        var components: [Int] = []
        for at in try componentFields(of: glyph) { components.append(try glyf.u16(ranges[glyph].lowerBound + at)) }
        return components
    }

    /// Where in a composite glyph's outline its component glyph ids are (empty for
    /// a simple glyph); every id is checked against the glyph count.
    func componentFields(of glyph: Int) throws(FontSubsetError) -> [Int] {
        let range = ranges[glyph]
        guard range.count >= 10 else { return [] }
        let contours = try glyf.i16(range.lowerBound)
        guard contours < 0 else { return [] }
        let outline = FontBytes.Table(font: glyf.font, tag: "glyf", start: glyf.start + range.lowerBound, end: glyf.start + range.upperBound)
        var fields: [Int] = []
        var offset = 10
        while true {
            let flags = try outline.u16(offset)
            let component = try outline.u16(offset + 2)
            guard component < ranges.count else {
                throw outline.error(offset + 2, .invalidValue("composite glyph \(glyph) uses glyph \(component), past the glyph count \(ranges.count)"))
            }
            fields.append(offset + 2)
            offset += 4 + (flags & 0x0001 != 0 ? 4 : 2)           // ARG_1_AND_2_ARE_WORDS
            if flags & 0x0008 != 0 { offset += 2 }                 // WE_HAVE_A_SCALE
            else if flags & 0x0040 != 0 { offset += 4 }            // WE_HAVE_AN_X_AND_Y_SCALE
            else if flags & 0x0080 != 0 { offset += 8 }            // WE_HAVE_A_TWO_BY_TWO
            guard flags & 0x0020 != 0 else { break }               // MORE_COMPONENTS
        }
        try outline.check(0, offset)
        return fields
    }

    /// Adds to `kept` every glyph a kept composite is made of, at any depth.
    /// A composite that contains itself is an error.
    func closeOverComponents(_ kept: inout [Bool]) throws(FontSubsetError) {
        // 0: not visited, 1: on the current path, 2: finished.
        var state = [UInt8](repeating: 0, count: ranges.count)
        for root in 0..<ranges.count where kept[root] && state[root] == 0 {
            var stack: [(glyph: Int, components: [Int], next: Int)] = [(root, try components(of: root), 0)]
            state[root] = 1
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next == stack[top].components.count {
                    state[stack[top].glyph] = 2
                    stack.removeLast()
                    continue
                }
                let child = stack[top].components[stack[top].next]
                stack[top].next += 1
                kept[child] = true
                switch state[child] {
                case 1: throw FontSubsetError(table: "glyf", offset: glyf.start + ranges[stack[top].glyph].lowerBound, reason: .cyclicComposite(glyph: child))
                case 0:
                    state[child] = 1
                    stack.append((child, try components(of: child), 0))
                default: break
                }
            }
        }
    }

    /// The glyf and loca tables of the glyphs `map` keeps, in their new order:
    /// glyph `new` gets original glyph `map.oldID[new]`'s outline when `kept` holds
    /// it (else none), with composite component ids renumbered; and whether loca
    /// uses long offsets.
    func write(_ map: GlyphMap, keeping kept: [Bool]) throws(FontSubsetError) -> (glyf: [UInt8], loca: [UInt8], longOffsets: Bool) {
        var glyfOut = FontWriter()
        var offsets: [Int] = [0]
        offsets.reserveCapacity(map.oldID.count + 1)
        for glyph in map.oldID {
            let range = ranges[glyph]
            if kept[glyph], !range.isEmpty {
                let start = glyfOut.bytes.count
                glyfOut.append(glyf.all[(glyf.start + range.lowerBound)..<(glyf.start + range.upperBound)])
                for at in try componentFields(of: glyph) {
                    guard let component = map.map(try glyf.u16(range.lowerBound + at)) else {
                        throw glyf.error(range.lowerBound + at, .invalidValue("composite glyph \(glyph) uses a glyph that is not kept"))
                    }
                    glyfOut.set16(start + at, component)
                }
                glyfOut.pad(to: 2)
            }
            offsets.append(glyfOut.bytes.count)
        }
        let longOffsets = glyfOut.bytes.count > 0x1FFFE
        var locaOut = FontWriter()
        for offset in offsets {
            if longOffsets { locaOut.u32(offset) } else { locaOut.u16(offset / 2) }
        }
        return (glyfOut.bytes, locaOut.bytes, longOffsets)
    }
}
