/// The renumbering of a subset: the kept glyphs, in their original order, get
/// the ids 0, 1, 2, ... (`.notdef` stays 0).
struct GlyphMap {
    /// The new id of each original glyph, -1 for a glyph that is not kept.
    let newID: [Int]
    /// The original id of each new glyph, ascending.
    let oldID: [Int]

    init(kept: [Bool]) {
        var newID = [Int](repeating: -1, count: kept.count)
        var oldID: [Int] = []
        for (glyph, keep) in kept.enumerated() where keep {
            newID[glyph] = oldID.count
            oldID.append(glyph)
        }
        self.newID = newID
        self.oldID = oldID
    }

    /// The new id of original glyph `glyph`, nil when it is not kept (or past the glyph count).
    func map(_ glyph: Int) -> Int? {
        guard glyph >= 0, glyph < newID.count else { return nil }
        let id = newID[glyph]
        return id < 0 ? nil : id
    }

    /// The new ids of the kept original glyphs in `first...last`, ascending.
    func kept(from first: Int, through last: Int) -> Range<Int> {
        let low = lowerBound(first), high = lowerBound(last + 1)
        return low..<max(low, high)
    }

    /// The index of the first kept original glyph >= `glyph`.
    private func lowerBound(_ glyph: Int) -> Int {
        var low = 0, high = oldID.count
        while low < high {
            let middle = (low + high) / 2
            if oldID[middle] < glyph { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Work left before a layout table is judged hostile: one unit per coverage or
/// class entry looked at. Shared by every reader of one font's layout tables.
struct LayoutBudget {
    private var left: Int

    init(tableBytes: Int) { left = 4_000_000 + 200 * tableBytes }

    mutating func spend(_ units: Int, _ table: FontBytes.Table, _ offset: Int) throws(FontSubsetError) {
        left -= units
        guard left >= 0 else { throw table.error(offset, .tooComplex) }
    }
}
