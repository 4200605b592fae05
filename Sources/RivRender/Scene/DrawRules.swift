import RivFormat

/// The draw order with draw rules and draw targets, as `Artboard::initialize` sorts
/// the targets and `Artboard::sortDrawOrder` links the drawables: a drawable under
/// rules with an active target is drawn next to that target's drawable, before or
/// after it.
struct DrawRules {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The drawables in painter's order.
    private(set) var paintersOrder: [Int] = []
    /// Whether the sort of targets met a cycle (the runtime stops sorting there).
    private(set) var hasCycle = false

    /// `drawables` in object order.
    init(drawables: [Int], hierarchy: SceneHierarchy) {
        let records = hierarchy.records
        func resolve(_ key: UInt16, of index: Int, kind: UInt16) -> Int? {
            guard let id = records[index]?.integer(key), id < UInt64(records.count), records[Int(id)]?.isKind(kind) == true else { return nil }
            return Int(id)
        }
        // The rules of each component (the last rules object naming it as parent wins).
        var rulesOf: [Int: Int] = [:]
        for index in records.indices where records[index]?.type == TK.drawRules {
            if let parent = hierarchy.parents[index] { rulesOf[parent] = index }
        }
        let targets = records.indices.filter { records[$0]?.type == TK.drawTarget && resolve(PK.drawTargetDrawableId, of: $0, kind: TK.drawable) != nil }
        func flattenedRules(_ drawable: Int) -> Int? {
            var current: Int? = drawable
            var steps = 0
            while let index = current, steps <= records.count {
                if let rules = rulesOf[index] { return rules }
                current = hierarchy.parents[index]
                steps += 1
            }
            return nil
        }
        // The targets' dependency graph, sorted as `DependencySorter` sorts it.
        let root = -1
        var dependents: [Int: [Int]] = [:]
        func addDependent(_ target: Int, to component: Int) {
            if !dependents[component, default: []].contains(target) { dependents[component, default: []].append(target) }
        }
        for component in records.indices {
            guard let rules = rulesOf[component] else { continue }
            for target in hierarchy.children[rules] where targets.contains(target) {
                addDependent(target, to: root)
                guard let drawable = resolve(PK.drawTargetDrawableId, of: target, kind: TK.drawable), let dependentRules = flattenedRules(drawable) else { continue }
                for other in targets where hierarchy.parents[other] == dependentRules { addDependent(target, to: other) }
            }
        }
        var sorted: [Int] = []
        var permanent = Set<Int>(), temporary = Set<Int>()
        var cycle = false
        // A chain deeper than this is treated as the cycle the runtime would stop at
        // (so that a damaged file cannot exhaust the stack).
        let depthLimit = 4_096
        func visit(_ component: Int, depth: Int) -> Bool {
            if permanent.contains(component) { return true }
            if temporary.contains(component) || depth > depthLimit {
                cycle = true
                return false
            }
            temporary.insert(component)
            for dependent in dependents[component, default: []] where !visit(dependent, depth: depth + 1) { return false }
            permanent.insert(component)
            sorted.insert(component, at: 0)
            return true
        }
        _ = visit(root, depth: 0)
        hasCycle = cycle
        let orderedTargets = sorted.filter { $0 != root }
        paintersOrder = Self.link(drawables: drawables, targets: orderedTargets, hierarchy: hierarchy, rulesOf: flattenedRules,
                                  activeTarget: { resolve(PK.drawRulesDrawTargetId, of: $0, kind: TK.drawTarget) },
                                  targetDrawable: { resolve(PK.drawTargetDrawableId, of: $0, kind: TK.drawable)! })
    }

    /// `sortDrawOrder`'s linked list, read from its first drawable through `prev`.
    private static func link(drawables: [Int], targets: [Int], hierarchy: SceneHierarchy, rulesOf: (Int) -> Int?,
                             activeTarget: (Int) -> Int?, targetDrawable: (Int) -> Int) -> [Int] {
        var previous: [Int: Int] = [:], next: [Int: Int] = [:]
        var first: [Int: Int] = [:], last: [Int: Int] = [:]
        var lastDrawable: Int?
        for drawable in drawables {
            if let rules = rulesOf(drawable), let target = activeTarget(rules) {
                if let tail = last[target] {
                    next[tail] = drawable
                    previous[drawable] = tail
                    last[target] = drawable
                    next[drawable] = nil
                } else {
                    first[target] = drawable
                    last[target] = drawable
                    previous[drawable] = nil
                    next[drawable] = nil
                }
            } else {
                previous[drawable] = lastDrawable
                next[drawable] = nil
                if let tail = lastDrawable { next[tail] = drawable }
                lastDrawable = drawable
            }
        }
        for target in targets {
            guard let head = first[target], let tail = last[target] else { continue }
            let anchor = targetDrawable(target)
            if hierarchy.records[target]?.integer(Schema.PropertyKey.drawTargetPlacementValue, default: 0) == 1 {
                if let after = next[anchor] {
                    previous[after] = tail
                    next[tail] = after
                }
                if anchor == lastDrawable { lastDrawable = tail }
                next[anchor] = head
                previous[head] = anchor
            } else {
                if let before = previous[anchor] {
                    next[before] = head
                    previous[head] = before
                }
                previous[anchor] = tail
                next[tail] = anchor
            }
        }
        var order: [Int] = []
        var current = lastDrawable
        while let drawable = current, order.count <= drawables.count {
            order.append(drawable)
            current = previous[drawable] ?? nil
        }
        return order
    }
}
