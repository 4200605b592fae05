/// The renumbering of a subset: the kept glyphs, in their original order, get
/// the ids 0, 1, 2, ... (`.notdef` stays 0). A merge renumbers a copy's glyphs
/// into the merged font's ids, in any order (``init(newIDs:count:)``).
struct GlyphMap {
    /// The new id of each original glyph, -1 for a glyph that is not kept.
    let newID: [Int]
    /// The original id of each new glyph (ascending for a subset; -1 for a
    /// merged glyph this copy does not hold).
    let oldID: [Int]
    /// The kept original glyphs, ascending.
    private let keptOld: [Int]

    init(kept: [Bool]) {
        var newID = [Int](repeating: -1, count: kept.count)
        var oldID: [Int] = []
        for (glyph, keep) in kept.enumerated() where keep {
            newID[glyph] = oldID.count
            oldID.append(glyph)
        }
        self.newID = newID
        self.oldID = oldID
        keptOld = oldID
    }

    /// A copy's glyphs renumbered into a merged font of `count` glyphs: `newIDs`
    /// holds each glyph's merged id (-1 for one not kept); two glyphs drawn
    /// alike may share one, whose original is then the first of them.
    init(newIDs: [Int], count: Int) {
        var oldID = [Int](repeating: -1, count: count)
        for (glyph, id) in newIDs.enumerated() where id >= 0 && oldID[id] < 0 { oldID[id] = glyph }
        newID = newIDs
        self.oldID = oldID
        keptOld = newIDs.indices.filter { newIDs[$0] >= 0 }
    }

    /// The new id of original glyph `glyph`, nil when it is not kept (or past the glyph count).
    func map(_ glyph: Int) -> Int? {
        guard glyph >= 0, glyph < newID.count else { return nil }
        let id = newID[glyph]
        return id < 0 ? nil : id
    }

    /// The kept original glyphs in `first...last`, ascending (their new ids through ``newID``).
    func kept(from first: Int, through last: Int) -> ArraySlice<Int> {
        let low = lowerBound(first), high = lowerBound(last + 1)
        return keptOld[low..<max(low, high)]
    }

    /// The index of the first kept original glyph >= `glyph`.
    private func lowerBound(_ glyph: Int) -> Int {
        var low = 0, high = keptOld.count
        while low < high {
            let middle = (low + high) / 2
            if keptOld[middle] < glyph { low = middle + 1 } else { high = middle }
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
