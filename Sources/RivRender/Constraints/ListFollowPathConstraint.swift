import RivFormat

/// The follow path constraints of an artboard list (`ListFollowPathConstraint`
/// children of an `ArtboardComponentList`, `ListFollowPathConstraint::constrainList`):
/// each spreads the list's items along its target's paths, item `i` of `n` at the
/// fraction `distance` + `distanceOffset` + i × (`distanceEnd` − `distance`) / (n − 1)
/// of the length (all at the start for one item), as a follow path constraint places
/// one component, in the list's space. They apply in object order, each to the place
/// the one before left.
struct ListFollowPathConstraint {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// Each constraint with its target and the target's measured paths (nil: no shape or path).
    private let constraints: [(record: SceneRecord, target: Int?, contours: [ContourMeasure]?)]
    private let follow: FollowPathConstraint
    private let list: Int
    private let listWorld: RenderTransform
    private let world: [RenderTransform]

    /// The constraints under the list at `list` in `pose`.
    init(list: Int, pose: SetupPose) {
        let hierarchy = pose.hierarchy
        let follow = FollowPathConstraint(hierarchy: hierarchy, pathsOfShape: pose.pathsOfShape)
        self.follow = follow
        let targets = TransformConstraints(hierarchy: hierarchy, collapsed: pose.collapsed, pathsOfShape: pose.pathsOfShape)
        constraints = hierarchy.children[list].compactMap { child in
            guard let record = hierarchy.records[child], record.type == TK.listFollowPathConstraint else { return nil }
            // A target that is missing or collapsed places every item at the origin.
            guard let target = targets.target(of: record), !pose.collapsed[target] else { return (record, nil, nil) }
            return (record, target, follow.measure(target, world: pose.world))
        }
        self.list = list
        listWorld = pose.world[list]
        world = pose.world
    }

    /// Whether the list has any.
    var isEmpty: Bool { constraints.isEmpty }

    /// Where item `position` of `count` stands in the list's space (from the list's
    /// origin, where an item stands without a layout engine).
    func place(item position: Int, of count: Int) -> RenderTransform {
        var transform = RenderTransform.identity
        for (record, target, contours) in constraints {
            guard let target else {
                transform = .identity
                continue
            }
            // In single precision, as the runtime sums them.
            let start = Float(record.number(PK.followPathConstraintDistance, default: 0))
            let end = Float(record.number(PK.listFollowPathConstraintDistanceEnd, default: 1))
            let step = count <= 1 ? 0 : (end - start) / Float(count - 1)
            let distance = (Float(record.number(PK.listFollowPathConstraintDistanceOffset, default: 0)) + start) + Float(position) * step
            let goal = follow.targetTransform(record, of: list, target: target, along: contours, at: distance, world: world)
            transform = follow.blend(record, from: transform, toward: goal, target: target, parentWorld: listWorld, world: world) ?? .identity
        }
        return transform
    }
}
