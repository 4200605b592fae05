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
        let strength = record.number(PK.constraintStrength, default: 1)
        let orient = record.flag(PK.followPathConstraintOrient, default: true)
        var transform = world[target]
        let targetPaths = paths(of: target)
        if hierarchy.records[target].map({ $0.isKind(TK.shape) || $0.isKind(TK.path) }) == true {
            var path = RenderPath()
            for index in targetPaths {
                let contour = PathContour.build(index, hierarchy: hierarchy, world: world)
                path.appendPruned(contour.path, transformedBy: contour.isSkinned ? .identity : world[index])
            }
            let point = ContourMeasure.positionAndTangent(of: ContourMeasure.contours(of: path),
                                                          atFraction: Float(record.number(PK.followPathConstraintDistance, default: 0)))
            if orient {
                let angle = fmod(TransformParts(transform).rotation, 2 * Double.pi)
                let turned = TransformParts.blendAngle(from: angle, to: Double(atan2(point.tangent.y, point.tangent.x)), strength: strength)
                transform = RenderTransform.node(x: 0, y: 0, rotation: turned, scaleX: 1, scaleY: 1)
            }
            var offset = RenderPoint(x: 0, y: 0)
            if record.flag(PK.followPathConstraintOffset, default: false) { offset = hierarchy.ownTranslation(component) }
            transform.tx = Double(point.position.x) + offset.x
            transform.ty = Double(point.position.y) + offset.y
        }
        if record.integer(PK.transformSpaceConstraintSourceSpaceValue, default: 0) == 1 {
            guard let inverse = hierarchy.parentWorld(target, world).inverted() else {
                world[component] = RenderTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
                return
            }
            transform = inverse.concatenating(transform)
        }
        if record.integer(PK.transformSpaceConstraintDestSpaceValue, default: 0) == 1 {
            transform = hierarchy.parentWorld(component, world).concatenating(transform)
        }
        let from = TransformParts(world[component])
        var to = TransformParts(transform)
        if !orient { to.rotation = fmod(from.rotation, 2 * Double.pi) }
        to.x = from.x * (1 - strength) + to.x * strength
        to.y = from.y * (1 - strength) + to.y * strength
        to.scaleX = from.scaleX
        to.scaleY = from.scaleY
        to.skew = from.skew
        world[component] = to.transform
    }
}
