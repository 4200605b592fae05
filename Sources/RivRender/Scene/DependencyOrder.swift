import RivFormat

/// The order in which the runtime updates an artboard's components
/// (`DependencySorter` over the graph `buildDependencies` makes): every component
/// after its parent, and a constrained component after its constraints' targets.
/// The sort is a depth-first walk from the artboard over each component's
/// dependents in the order they were added; like the runtime's, it stops at the
/// first cycle, and the components it had not placed then are not updated.
struct DependencyOrder {
    /// The components in update order.
    private(set) var components: [Int] = []
    /// Whether the walk met a cycle (and stopped there).
    private(set) var hasCycle = false

    /// The order of `hierarchy`'s components; `pathsOfShape` holds each shape's paths.
    init(_ hierarchy: SceneHierarchy, pathsOfShape: [Int: [Int]]) {
        let count = hierarchy.records.count
        guard count > 0 else { return }
        var dependents = Array(repeating: [Int](), count: count)
        // Each edge once, in the order first added, without a search through long lists of children.
        var edges = Set<Int64>()
        func depend(_ dependent: Int, on component: Int) {
            if edges.insert(Int64(component) << 32 | Int64(dependent)).inserted { dependents[component].append(dependent) }
        }
        // An IK constraint's bones' other children update after its tip (added as the runtime adds them, before the rest).
        var peerTips: [Int: [Int]] = [:]
        for index in 1..<count {
            guard let record = hierarchy.records[index], record.type == Schema.TypeKey.ikConstraint, let tip = hierarchy.parents[index],
                  hierarchy.records[tip]?.isKind(Schema.TypeKey.bone) == true else { continue }
            let ik = IKConstraint(hierarchy: hierarchy)
            let chain = ik.chain(tip: tip, record)
            for child in ik.dependentsOfTip(chain) { depend(child, on: tip) }
            for bone in chain.dropLast() { peerTips[bone, default: []].append(tip) }
        }
        for index in 1..<count {
            guard let record = hierarchy.records[index], let parent = hierarchy.parents[index] else { continue }
            depend(index, on: parent)
            if record.type == Schema.TypeKey.skin {
                // A skinned path updates after its tendons' bones and the IK tips that move them.
                for tendon in hierarchy.children[index] {
                    guard let id = hierarchy.records[tendon]?.integer(Schema.PropertyKey.tendonBoneId), id < UInt64(count),
                          hierarchy.records[Int(id)]?.isKind(Schema.TypeKey.bone) == true else { continue }
                    depend(parent, on: Int(id))
                    for tip in peerTips[Int(id), default: []] { depend(parent, on: tip) }
                }
            }
            if TransformConstraints.kinds.contains(record.type), let target = TransformConstraints(hierarchy: hierarchy, collapsed: [], pathsOfShape: pathsOfShape).target(of: record) {
                depend(parent, on: target)
                if record.type == Schema.TypeKey.followPathConstraint {
                    for path in FollowPathConstraint(hierarchy: hierarchy, pathsOfShape: pathsOfShape).paths(of: target) { depend(parent, on: path) }
                }
            }
        }
        // Iterative, so that no depth of hierarchy can exhaust the stack.
        enum Mark { case none, visiting, done }
        var marks = Array(repeating: Mark.none, count: count)
        var reversed: [Int] = []
        var stack: [(component: Int, next: Int)] = [(0, 0)]
        marks[0] = .visiting
        while let top = stack.last {
            if top.next < dependents[top.component].count {
                stack[stack.count - 1].next += 1
                let dependent = dependents[top.component][top.next]
                switch marks[dependent] {
                case .done: continue
                case .visiting:
                    hasCycle = true
                    components = reversed.reversed()
                    return
                case .none:
                    marks[dependent] = .visiting
                    stack.append((dependent, 0))
                }
            } else {
                marks[top.component] = .done
                reversed.append(top.component)
                stack.removeLast()
            }
        }
        components = reversed.reversed()
    }
}
