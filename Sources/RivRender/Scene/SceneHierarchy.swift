import RivFormat

/// The artboard's objects with their parents resolved as the runtime resolves them:
/// a `parentId` is an index into the artboard's objects (the artboard is 0). A
/// component whose parent is no container of the artboard is dropped with its
/// descendants (the runtime's `validateObjects`); a parent loop, on which the
/// runtime hangs, is dropped too, with a note.
struct SceneHierarchy {
    /// The records by index; nil for objects the runtime does not build or dropped.
    /// A scene writes its key frames' values into them; the structure stays.
    var records: [SceneRecord?]
    /// Each object's parent index (nil for the artboard and dropped objects).
    private(set) var parents: [Int?]
    /// Each object's children in object order.
    private(set) var children: [[Int]]
    /// Parent indices in an order where every parent comes before its children.
    private(set) var topDown: [Int] = []
    /// What was dropped.
    private(set) var notes: [RenderNote] = []
    /// The values the scene played on the records gave their nested inputs at each step.
    var inputSteps: NestedInputSteps

    init(_ artboard: ArtboardObjects, in file: RivFile) {
        records = artboard.objects.map { $0.map { SceneRecord($0, in: file) } }
        inputSteps = NestedInputSteps(records)
        let count = records.count
        parents = Array(repeating: nil, count: count)
        children = Array(repeating: [], count: count)
        var invalid: [Int] = []
        for index in 1..<max(count, 1) {
            // Interpolators take indices too but have no parent.
            guard let record = records[index], record.isKind(Schema.TypeKey.component) else { continue }
            let parent = record.integer(Schema.PropertyKey.componentParentId).flatMap { $0 < UInt64(count) ? Int($0) : nil }
            if let parent, let parentRecord = records[parent], parentRecord.isKind(Schema.TypeKey.containerComponent) {
                parents[index] = parent
            } else {
                invalid.append(index)
            }
        }
        for index in 1..<max(count, 1) {
            if let parent = parents[index] { children[parent].append(index) }
        }
        if !invalid.isEmpty {
            notes.append(RenderNote(feature: "hierarchy", objectIndex: invalid[0],
                                    message: "\(invalid.count) object(s) name a parent that is no container of the artboard; the runtime drops them with their descendants"))
            drop(invalid)
        }
        orderTopDown()
    }

    /// Removes `indices` and everything under them.
    private mutating func drop(_ indices: [Int]) {
        var pending = indices
        var steps = 0
        while let index = pending.popLast(), steps <= records.count * 2 {
            steps += 1
            guard records[index] != nil else { continue }
            records[index] = nil
            parents[index] = nil
            pending += children[index]
        }
        for index in children.indices { children[index].removeAll { records[$0] == nil } }
    }

    /// Fills ``topDown`` from the artboard down; objects it cannot reach sit on a parent loop.
    private mutating func orderTopDown() {
        var reached = Array(repeating: false, count: records.count)
        var queue = records.isEmpty ? [] : [0]
        reached[0] = !records.isEmpty
        var head = 0
        while head < queue.count {
            let index = queue[head]
            head += 1
            for child in children[index] where !reached[child] {
                reached[child] = true
                queue.append(child)
            }
        }
        topDown = queue
        let loop = records.indices.filter { !reached[$0] && records[$0]?.isKind(Schema.TypeKey.component) == true }
        if !loop.isEmpty {
            notes.append(RenderNote(feature: "hierarchy", objectIndex: loop[0],
                                    message: "\(loop.count) object(s) sit on a parent loop (the runtime hangs on it); they are not drawn"))
            for index in loop {
                records[index] = nil
                parents[index] = nil
            }
            for index in children.indices { children[index].removeAll { records[$0] == nil } }
        }
    }

    /// The nearest ancestor of `index` (itself excluded) whose type is `kind`.
    func ancestor(of index: Int, kind: UInt16) -> Int? {
        var current = parents[index]
        var steps = 0
        while let candidate = current, steps < records.count {
            if records[candidate]?.isKind(kind) == true { return candidate }
            current = parents[candidate]
            steps += 1
        }
        return nil
    }

    /// `index` and its descendants, depth first in object order (the runtime's `forAll`).
    func subtree(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = [index]
        while let next = stack.popLast(), result.count < records.count {
            result.append(next)
            stack += children[next].reversed()
        }
        return result
    }
}
