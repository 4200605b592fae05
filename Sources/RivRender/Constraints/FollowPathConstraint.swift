import Foundation
import RivFormat

/// A follow path constraint (`FollowPathConstraint`): the component moved to a
/// point at a fraction (`distance`) of the length of its target's paths in the
/// artboard's space, turned along the path there when `orient` is on, blended in
/// by the strength; its scale and skew stay its own.
struct FollowPathConstraint {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    let hierarchy: SceneHierarchy
    /// Each shape's paths (``SceneHierarchy/pathsByShape()``).
    let pathsOfShape: [Int: [Int]]

    /// The paths a target stands for: a shape's own paths, or the path itself.
    func paths(of target: Int) -> [Int] {
        guard let record = hierarchy.records[target] else { return [] }
        if record.isKind(TK.shape) { return pathsOfShape[target] ?? [] }
        return record.isKind(TK.path) ? [target] : []
    }

    /// Moves `component` along `target`'s paths.
    func apply(_ record: SceneRecord, to component: Int, target: Int, world: inout [RenderTransform]) {
        let goal = targetTransform(record, of: component, target: target, along: measure(target, world: world),
                                   at: Float(record.number(PK.followPathConstraintDistance, default: 0)), world: world)
        world[component] = blend(record, from: world[component], toward: goal, target: target, parentWorld: hierarchy.parentWorld(component, world), world: world)
            ?? RenderTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// The contours of `target`'s paths in the artboard's space, measured once for
    /// every point taken on them; nil when the target is no shape or path.
    func measure(_ target: Int, world: [RenderTransform]) -> [ContourMeasure]? {
        guard hierarchy.records[target].map({ $0.isKind(TK.shape) || $0.isKind(TK.path) }) == true else { return nil }
        var path = RenderPath()
        for index in paths(of: target) {
            let contour = PathContour.build(index, hierarchy: hierarchy, world: world)
            path.appendPruned(contour.path, transformedBy: contour.isSkinned ? .identity : world[index])
        }
        return ContourMeasure.contours(of: path)
    }

    /// `FollowPathConstraint::targetTransform`: the point at `distance` (a fraction of
    /// the length) of the measured `contours`, turned along the path with `orient`, moved
    /// by `component`'s own translation with `offset`; the target's world transform when
    /// it is no shape or path.
    func targetTransform(_ record: SceneRecord, of component: Int, target: Int, along contours: [ContourMeasure]?, at distance: Float,
                         world: [RenderTransform]) -> RenderTransform {
        var transform = world[target]
        guard let contours else { return transform }
        let point = ContourMeasure.positionAndTangent(of: contours, atFraction: distance)
        if record.flag(PK.followPathConstraintOrient, default: true) {
            let angle = fmod(TransformParts(transform).rotation, 2 * Double.pi)
            let turned = TransformParts.blendAngle(from: angle, to: Double(atan2(point.tangent.y, point.tangent.x)),
                                                   strength: record.number(PK.constraintStrength, default: 1))
            transform = RenderTransform.node(x: 0, y: 0, rotation: turned, scaleX: 1, scaleY: 1)
        }
        var offset = RenderPoint(x: 0, y: 0)
        if record.flag(PK.followPathConstraintOffset, default: false) { offset = hierarchy.ownTranslation(component) }
        transform.tx = Double(point.position.x) + offset.x
        transform.ty = Double(point.position.y) + offset.y
        return transform
    }

    /// `FollowPathConstraint::constrainHelper`: `from` moved toward `goal` (taken in the
    /// spaces the constraint names, `parentWorld` the constrained component's parent's
    /// world transform) by the strength, turned to it with `orient`, its scale and skew
    /// kept; nil when the target's parent's transform cannot be inverted for a local source.
    func blend(_ record: SceneRecord, from: RenderTransform, toward goal: RenderTransform, target: Int, parentWorld: RenderTransform,
               world: [RenderTransform]) -> RenderTransform? {
        var transform = goal
        if record.integer(PK.transformSpaceConstraintSourceSpaceValue, default: 0) == 1 {
            guard let inverse = hierarchy.parentWorld(target, world).inverted() else { return nil }
            transform = inverse.concatenating(transform)
        }
        if record.integer(PK.transformSpaceConstraintDestSpaceValue, default: 0) == 1 {
            transform = parentWorld.concatenating(transform)
        }
        let strength = record.number(PK.constraintStrength, default: 1)
        let start = TransformParts(from)
        var to = TransformParts(transform)
        if !record.flag(PK.followPathConstraintOrient, default: true) { to.rotation = fmod(start.rotation, 2 * Double.pi) }
        to.x = start.x * (1 - strength) + to.x * strength
        to.y = start.y * (1 - strength) + to.y * strength
        to.scaleX = start.scaleX
        to.scaleY = start.scaleY
        to.skew = start.skew
        return to.transform
    }
}
