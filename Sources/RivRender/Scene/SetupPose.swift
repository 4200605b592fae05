import RivFormat

/// The artboard's components at rest (the setup pose): world transforms and render
/// opacities, parents before children as the runtime's update visits them, and the
/// paths of every shape in the spaces its paints ask for.
struct SetupPose {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    let hierarchy: SceneHierarchy
    /// World transforms by object index (identity for non-transform objects).
    private(set) var world: [RenderTransform]
    /// Render opacities by object index (the opacity a transform component's children inherit).
    private(set) var opacity: [Double]
    /// Each path's contour in its own space, by object index.
    private(set) var paths: [Int: RenderPath] = [:]
    /// Each shape's paths in object order.
    private(set) var shapePaths: [Int: [Int]] = [:]
    /// Whether each object is collapsed: under a solo, a child that is not the active
    /// one, with everything below it (`Solo::propagateCollapse`).
    private(set) var collapsed: [Bool]
    private(set) var notes: [RenderNote] = []
    /// The skinned paths, whose points are already in the artboard's space.
    private var skinned: Set<Int> = []
    /// Each shape's paths, found once.
    private(set) var pathsOfShape: [Int: [Int]] = [:]
    /// The scroll constraints, found once.
    private let scrolls: ScrollConstraint

    /// `Path::pathTransform`: the path's world transform, the identity for a skinned path.
    func pathTransform(_ path: Int) -> RenderTransform {
        skinned.contains(path) ? .identity : world[path]
    }

    /// The pose of `hierarchy`'s artboard; `hostOpacity` is the render opacity of the
    /// nested artboard that shows it (its children's opacity is multiplied by it).
    init(_ hierarchy: SceneHierarchy, hostOpacity: Double = 1) {
        self.hierarchy = hierarchy
        scrolls = ScrollConstraint(hierarchy: hierarchy)
        let count = hierarchy.records.count
        world = Array(repeating: .identity, count: count)
        opacity = Array(repeating: 1, count: count)
        collapsed = Array(repeating: false, count: count)
        for index in hierarchy.topDown { collapse(index) }
        pathsOfShape = hierarchy.pathsByShape()
        let order = DependencyOrder(hierarchy, pathsOfShape: pathsOfShape)
        if order.hasCycle {
            notes.append(RenderNote(feature: "dependency cycle", message: "the components depend on each other in a cycle (constraints or bones); the runtime stops sorting there and leaves the rest at rest, and so does this"))
        }
        for index in order.components { update(index) }
        if hostOpacity != 1 {
            // Applied once at the top: every opacity below is a product through the artboard's.
            for index in opacity.indices where hierarchy.records[index] != nil { opacity[index] *= hostOpacity }
        }
        buildPaths()
    }

    /// Collapses `index` when its parent is, or when its parent is a solo and it is a
    /// member of the solo's set (not a constraint, clipping shape, focus or semantic
    /// data) other than the active one.
    private mutating func collapse(_ index: Int) {
        guard let parent = hierarchy.parents[index], let record = hierarchy.records[index] else { return }
        if collapsed[parent] {
            collapsed[index] = true
        } else if let solo = hierarchy.records[parent], solo.isKind(TK.solo) {
            let isMember = ![TK.constraint, TK.clippingShape, TK.focusData, TK.semanticData].contains(where: record.isKind)
            collapsed[index] = isMember && solo.integer(PK.soloActiveComponentId) != UInt64(index)
        }
    }

    /// `TransformComponent::update`: the local transform, the world transform and the render opacity.
    private mutating func update(_ index: Int) {
        guard let record = hierarchy.records[index], record.isKind(TK.worldTransformComponent) else { return }
        let parent = hierarchy.parents[index]
        let parentIsWorld = parent.flatMap { hierarchy.records[$0] }?.isKind(TK.worldTransformComponent) ?? false
        var renderOpacity = record.number(PK.worldTransformComponentOpacity, default: 1)
        if let parent, parentIsWorld { renderOpacity *= opacity[parent] }
        opacity[index] = renderOpacity
        // The artboard's own transform is where its content's origin lies: the renderer's base transform.
        guard index != 0, record.isKind(TK.transformComponent) else { return }
        let local = hierarchy.localTransform(index)
        world[index] = if let parent, parentIsWorld { world[parent].concatenating(local) } else { local }
        // A layout component takes the scroll of the content it sits in before its own constraints.
        for scroll in scrolls.constraints(moving: index) { scrolls.apply(hierarchy.records[scroll]!, to: index, world: &world) }
        let constraints = TransformConstraints(hierarchy: hierarchy, collapsed: collapsed, pathsOfShape: pathsOfShape)
        for child in hierarchy.children[index] {
            if let constraint = hierarchy.records[child], TransformConstraints.kinds.contains(constraint.type) {
                constraints.apply(constraint, to: index, world: &world)
            }
        }
    }

    /// Every path's contour (`Path::buildPath`), attached to the nearest shape above it.
    private mutating func buildPaths() {
        for index in hierarchy.records.indices {
            guard let record = hierarchy.records[index], record.isKind(TK.path) else { continue }
            guard let shape = hierarchy.ancestor(of: index, kind: TK.shape) else { continue }
            if record.isKind(TK.polygon), record.integer(PK.polygonPoints, default: 5) > ParametricPath.pointLimit {
                notes.append(RenderNote(feature: "limit", objectIndex: index, message: "a polygon with more than \(ParametricPath.pointLimit) points is drawn with \(ParametricPath.pointLimit)"))
            }
            let contour = PathContour.build(index, hierarchy: hierarchy, world: world)
            if contour.isSkinned { skinned.insert(index) }
            paths[index] = contour.path
            shapePaths[shape, default: []].append(index)
        }
    }

    /// Whether the path is hidden (`pathFlags` bit 0) or collapsed.
    func isHidden(path index: Int) -> Bool {
        collapsed[index] || (hierarchy.records[index]?.integer(PK.pathPathFlags, default: 0) ?? 0) & 1 == 1
    }

    /// The shape's visible paths in its own space (`PathComposer`'s local path).
    func localPath(ofShape shape: Int) -> RenderPath {
        let inverse = world[shape].invertedOrIdentityInFloat()
        var result = RenderPath()
        for path in shapePaths[shape, default: []] where !isHidden(path: path) {
            result.appendPruned(paths[path]!, transformedBy: inverse.concatenatingInFloat(pathTransform(path)))
        }
        return result
    }

    /// The shape's visible paths in its own space, each turned to wind clockwise
    /// (or counter-clockwise for a hole): `PathComposer`'s local clockwise path, which
    /// a clockwise fill draws.
    func localClockwisePath(ofShape shape: Int) -> RenderPath {
        let inverse = world[shape].invertedOrIdentityInFloat()
        var result = RenderPath()
        for path in shapePaths[shape, default: []] where !isHidden(path: path) {
            let transform = inverse.concatenatingInFloat(pathTransform(path))
            let record = hierarchy.records[path]
            var notClockwise = false
            if record?.isKind(TK.pointsPath) == true {
                let clockwise = (record?.integer(PK.pathPathFlags, default: 0) ?? 0) & 2 == 0
                notClockwise = (transform.a * transform.d - transform.b * transform.c) * (clockwise ? 1 : -1) < 0
            }
            let isHole = record?.flag(PK.pathIsHole, default: false) ?? false
            result.appendPruned(notClockwise != isHole ? paths[path]!.reversed() : paths[path]!, transformedBy: transform)
        }
        return result
    }

    /// The shape's visible paths in the artboard's space (`PathComposer`'s world path).
    func worldPath(ofShape shape: Int) -> RenderPath {
        var result = RenderPath()
        for path in shapePaths[shape, default: []] where !isHidden(path: path) {
            result.appendPruned(paths[path]!, transformedBy: pathTransform(path))
        }
        return result
    }

    /// Whether every path of the shape is hidden (`Shape::isEmpty`).
    func isEmpty(shape: Int) -> Bool {
        shapePaths[shape, default: []].allSatisfy(isHidden(path:))
    }
}
