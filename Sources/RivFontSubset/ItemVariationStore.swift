/// An ItemVariationStore (GDEF, HVAR): the region list and the delta rows of
/// each item variation data subtable, read with every count checked, written
/// whole or with only some rows.
struct ItemVariationStore {
    let table: FontBytes.Table
    /// The region list's bytes.
    let regions: ArraySlice<UInt8>
    /// Each data subtable: its header (item count left for the writer), its rows' start and size.
    let data: [(header: ArraySlice<UInt8>, rows: Int, rowsAt: Int, rowSize: Int)?]

    /// The store at `offset` of `table`.
    init(_ table: FontBytes.Table, _ offset: Int) throws(FontSubsetError) {
        let store = try table.sub(offset)
        self.table = store
        guard try store.u16(0) == 1 else { throw store.error(0, .invalidValue("item variation store format \(try store.u16(0))")) }
        let regionsAt = try store.u32(2)
        let axes = try store.u16(regionsAt), regionCount = try store.u16(regionsAt + 2)
        regions = try store.slice(regionsAt, 4 + axes * regionCount * 6)
        let count = try store.u16(6)
        try store.check(8, count * 4)
        var data: [(header: ArraySlice<UInt8>, rows: Int, rowsAt: Int, rowSize: Int)?] = []
        for index in 0..<count {
            let at = try store.u32(8 + index * 4)
            guard at != 0 else { data.append(nil); continue }
            let items = try store.u16(at), words = try store.u16(at + 2), indices = try store.u16(at + 4)
            let long = words & 0x8000 != 0, wordCount = words & 0x7FFF
            guard wordCount <= indices else { throw store.error(at + 2, .invalidValue("\(wordCount) word deltas of \(indices) regions")) }
            let rowSize = long ? wordCount * 4 + (indices - wordCount) * 2 : wordCount * 2 + (indices - wordCount)
            let rowsAt = at + 6 + indices * 2
            try store.check(rowsAt, items * rowSize)
            data.append((try store.slice(at + 2, 4 + indices * 2), items, rowsAt, rowSize))
        }
        self.data = data
    }

    /// The rows to write for the delta sets `deltaSets` (outer << 16 | inner) that
    /// the store has, and the new delta set of each: the subtables and rows kept in
    /// their order, the others left out.
    func keeping(_ deltaSets: Set<Int>) -> (rows: [[Int]?], deltaMap: [Int: Int]) {
        var used = [[Int]](repeating: [], count: data.count)
        for deltaSet in deltaSets {
            let outer = deltaSet >> 16, inner = deltaSet & 0xFFFF
            if outer < data.count, let subtable = data[outer], inner < subtable.rows { used[outer].append(inner) }
        }
        var rows: [[Int]?] = []
        var deltaMap: [Int: Int] = [:]
        var next = 0
        for outer in used.indices {
            guard !used[outer].isEmpty else { rows.append(nil); continue }
            let order = used[outer].sorted()
            for (index, inner) in order.enumerated() { deltaMap[outer << 16 | inner] = next << 16 | index }
            rows.append(order)
            next += 1
        }
        return (rows, deltaMap)
    }

    /// The whole store as a graph object.
    func write(_ graph: inout LayoutGraph) throws(FontSubsetError) -> Int {
        try write(rows: data.map { $0.map { Array(0..<$0.rows) } }, compact: false, &graph)
    }

    /// The store with, for each data subtable, the rows `rows[outer]` in that
    /// order; a nil entry is a NULL subtable, or left out when `compact` (the
    /// later subtables' outer indices then move down).
    func write(rows: [[Int]?], compact: Bool, _ graph: inout LayoutGraph) throws(FontSubsetError) -> Int {
        try Self.write([(self, rows)], compact: compact, &graph)
    }

    /// Whether `other` varies over the same regions (its delta rows can follow this store's).
    func sharesRegions(with other: ItemVariationStore) -> Bool { regions.elementsEqual(other.regions) }

    /// One store holding the data subtables of `parts` one after the other
    /// (each with the rows given as in ``write(rows:compact:_:)``), over the
    /// regions of the first, which every part shares.
    static func write(_ parts: [(store: ItemVariationStore, rows: [[Int]?])], compact: Bool, _ graph: inout LayoutGraph) throws(FontSubsetError) -> Int {
        var regionOut = LayoutObjectWriter()
        regionOut.append(parts.first?.store.regions ?? [])
        let regionID = graph.add(regionOut.object)
        var dataIDs: [Int?] = []
        for (store, rows) in parts {
            for (outer, subtable) in store.data.enumerated() {
                guard let subtable, let kept = rows[outer] else {
                    if !compact { dataIDs.append(nil) }
                    continue
                }
                var out = LayoutObjectWriter()
                out.u16(kept.count)
                out.append(subtable.header)
                for row in kept {
                    out.append(try store.table.slice(subtable.rowsAt + row * subtable.rowSize, subtable.rowSize))
                }
                if out.count % 2 == 1 { out.append([0]) }
                dataIDs.append(graph.add(out.object))
            }
        }
        var out = LayoutObjectWriter()
        out.u16(1)
        out.offset32(regionID)
        out.u16(dataIDs.count)
        for id in dataIDs { out.offset32(id) }
        return graph.add(out.object)
    }
}
