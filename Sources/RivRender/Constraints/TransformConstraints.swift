import RivFormat

/// The constraints that move, turn or scale the component they sit under toward a
/// target's world transform (`TranslationConstraint`, `RotationConstraint`,
/// `ScaleConstraint`, `TransformConstraint`, `DistanceConstraint`,
/// ``FollowPathConstraint``, and ``IKConstraint`` on a bone),
/// applied right after the component's world transform is composed and before
/// anything that depends on it updates.
struct TransformConstraints {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The constraint kinds applied here.
    static let kinds: [UInt16] = [TK.translationConstraint, TK.rotationConstraint, TK.scaleConstraint, TK.transformConstraint, TK.ikConstraint, TK.followPathConstraint, TK.distanceConstraint]

    let hierarchy: SceneHierarchy
    let collapsed: [Bool]
    /// Each shape's paths, for follow path constraints.
    let pathsOfShape: [Int: [Int]]

    /// The component a constraint names as its target, when it is a transform component.
    func target(of constraint: SceneRecord) -> Int? {
        guard let id = constraint.integer(PK.targetedConstraintTargetId), id < UInt64(hierarchy.records.count),
              hierarchy.records[Int(id)]?.isKind(TK.transformComponent) == true else { return nil }
        return Int(id)
    }


    /// Applies the constraint `record` to `component`'s world transform.
    func apply(_ record: SceneRecord, to component: Int, world: inout [RenderTransform]) {
        let target = target(of: record)
        if let target, collapsed[target] { return }
        switch record.type {
        case TK.translationConstraint: translate(component, record, target, &world)
        case TK.rotationConstraint, TK.scaleConstraint: turnOrScale(component, record, target, &world)
        case TK.transformConstraint: transform(component, record, target, &world)
        case TK.distanceConstraint: keepDistance(component, record, target, &world)
        case TK.followPathConstraint:
            guard let target else { return }
            FollowPathConstraint(hierarchy: hierarchy, pathsOfShape: pathsOfShape).apply(record, to: component, target: target, world: &world)
        case TK.ikConstraint:
            guard let target, hierarchy.records[component]?.isKind(TK.bone) == true else { return }
            IKConstraint(hierarchy: hierarchy).apply(record, tip: component, target: target, world: &world)
        default: break
        }
    }

    /// The common settings of a transform component constraint.
    private struct Settings {
        var strength, copyFactor, copyFactorY, minValue, maxValue, minValueY, maxValueY: Double
        var doesCopy, doesCopyY, offset, min, max, minY, maxY: Bool
        var sourceIsLocal, destinationIsLocal, clampsInLocal: Bool

        init(_ record: SceneRecord) {
            strength = record.number(PK.constraintStrength, default: 1)
            copyFactor = record.number(PK.transformComponentConstraintCopyFactor, default: 1)
            copyFactorY = record.number(PK.transformComponentConstraintYCopyFactorY, default: 1)
            minValue = record.number(PK.transformComponentConstraintMinValue, default: 0)
            maxValue = record.number(PK.transformComponentConstraintMaxValue, default: 0)
            minValueY = record.number(PK.transformComponentConstraintYMinValueY, default: 0)
            maxValueY = record.number(PK.transformComponentConstraintYMaxValueY, default: 0)
            doesCopy = record.flag(PK.transformComponentConstraintDoesCopy, default: true)
            doesCopyY = record.flag(PK.transformComponentConstraintYDoesCopyY, default: true)
            offset = record.flag(PK.transformComponentConstraintOffset, default: false)
            min = record.flag(PK.transformComponentConstraintMin, default: false)
            max = record.flag(PK.transformComponentConstraintMax, default: false)
            minY = record.flag(PK.transformComponentConstraintYMinY, default: false)
            maxY = record.flag(PK.transformComponentConstraintYMaxY, default: false)
            sourceIsLocal = record.integer(PK.transformSpaceConstraintSourceSpaceValue, default: 0) == 1
            destinationIsLocal = record.integer(PK.transformSpaceConstraintDestSpaceValue, default: 0) == 1
            clampsInLocal = record.integer(PK.transformComponentConstraintMinMaxSpaceValue, default: 0) == 1
        }

        func clampX(_ value: Double) -> Double {
            var value = value
            if max && value > maxValue { value = maxValue }
            if min && value < minValue { value = minValue }
            return value
        }

        func clampY(_ value: Double) -> Double {
            var value = value
            if maxY && value > maxValueY { value = maxValueY }
            if minY && value < minValueY { value = minValueY }
            return value
        }
    }

    /// The target's world transform, in its parent's space when the source space is local; nil when that space has no inverse.
    private func source(_ target: Int, _ settings: Settings, _ world: [RenderTransform]) -> RenderTransform? {
        guard settings.sourceIsLocal else { return world[target] }
        return hierarchy.parentWorld(target, world).inverted()?.concatenating(world[target])
    }

    /// `TranslationConstraint::constrain`.
    private func translate(_ component: Int, _ record: SceneRecord, _ target: Int?, _ world: inout [RenderTransform]) {
        let settings = Settings(record)
        let from = world[component].translationPoint
        var to = from
        if let target {
            guard let transform = source(target, settings, world) else { return }
            let own = hierarchy.ownTranslation(component)
            let localOffset = settings.offset && (settings.doesCopy || settings.doesCopyY) ? own : RenderPoint(x: 0, y: 0)
            to = transform.translationPoint
            if settings.doesCopy {
                to.x = to.x * settings.copyFactor + (settings.offset ? localOffset.x : 0)
            } else {
                to.x = settings.destinationIsLocal ? 0 : from.x
            }
            if settings.doesCopyY {
                to.y = to.y * settings.copyFactorY + (settings.offset ? localOffset.y : 0)
            } else {
                to.y = settings.destinationIsLocal ? 0 : from.y
            }
            if settings.destinationIsLocal { to = hierarchy.parentWorld(component, world).apply(to) }
        }
        if settings.clampsInLocal {
            guard let inverse = hierarchy.parentWorld(component, world).inverted() else { return }
            to = inverse.apply(to)
        }
        to = RenderPoint(x: settings.clampX(to.x), y: settings.clampY(to.y))
        if settings.clampsInLocal { to = hierarchy.parentWorld(component, world).apply(to) }
        let t = settings.strength
        world[component].tx = from.x * (1 - t) + to.x * t
        world[component].ty = from.y * (1 - t) + to.y * t
    }

    /// `RotationConstraint::constrain` and `ScaleConstraint::constrain`: the target's
    /// rotation, or its scale, copied into the component's parts and blended in.
    private func turnOrScale(_ component: Int, _ record: SceneRecord, _ target: Int?, _ world: inout [RenderTransform]) {
        let settings = Settings(record)
        let isRotation = record.type == TK.rotationConstraint
        let from = TransformParts(world[component])
        var to = from
        let parentWorld = hierarchy.parentWorld(component, world)
        if let target {
            guard let transform = source(target, settings, world) else { return }
            to = TransformParts(transform)
            let own = hierarchy.records[component]
            if isRotation {
                if settings.doesCopy {
                    to.rotation = to.rotation * settings.copyFactor + (settings.offset ? own?.number(PK.transformComponentRotation, default: 0) ?? 0 : 0)
                } else {
                    to.rotation = settings.destinationIsLocal ? 0 : from.rotation
                }
            } else {
                if settings.doesCopy {
                    to.scaleX *= settings.copyFactor * (settings.offset ? own?.number(PK.transformComponentScaleX, default: 1) ?? 1 : 1)
                } else {
                    to.scaleX = settings.destinationIsLocal ? 1 : from.scaleX
                }
                if settings.doesCopyY {
                    to.scaleY *= settings.copyFactorY * (settings.offset ? own?.number(PK.transformComponentScaleY, default: 1) ?? 1 : 1)
                } else {
                    to.scaleY = settings.destinationIsLocal ? 1 : from.scaleY
                }
            }
            if settings.destinationIsLocal { to = TransformParts(parentWorld.concatenating(to.transform)) }
        }
        if settings.clampsInLocal {
            guard let inverse = parentWorld.inverted() else { return }
            to = TransformParts(inverse.concatenating(to.transform))
        }
        if isRotation {
            if settings.max && to.rotation > settings.maxValue { to.rotation = settings.maxValue }
            if settings.min && to.rotation < settings.minValue { to.rotation = settings.minValue }
        } else {
            to.scaleX = settings.clampX(to.scaleX)
            to.scaleY = settings.clampY(to.scaleY)
        }
        if settings.clampsInLocal { to = TransformParts(parentWorld.concatenating(to.transform)) }
        var result = from
        let t = settings.strength
        if isRotation {
            result.rotation = TransformParts.blendAngle(from: from.rotation, to: to.rotation, strength: t)
        } else {
            result.scaleX = from.scaleX * (1 - t) + to.scaleX * t
            result.scaleY = from.scaleY * (1 - t) + to.scaleY * t
        }
        world[component] = result.transform
    }

    /// `DistanceConstraint::constrain`: the component moved along the line from its
    /// target to within (mode 0), beyond (mode 1) or exactly at (mode 2) `distance`
    /// of it, by the strength; nothing when it sits on the target.
    private func keepDistance(_ component: Int, _ record: SceneRecord, _ target: Int?, _ world: inout [RenderTransform]) {
        guard let target else { return }
        let distance = record.number(PK.distanceConstraintDistance, default: 100)
        let goal = world[target].translationPoint, from = world[component].translationPoint
        let away = from - goal
        let current = away.length
        switch record.integer(PK.distanceConstraintModeValue, default: 0) {
        case 0: if current < distance { return }
        case 1: if current > distance { return }
        default: break
        }
        guard current >= 0.001 else { return }
        let reached = goal.adding(away, times: distance / current)
        let t = record.number(PK.constraintStrength, default: 1)
        world[component].tx = from.x + (reached.x - from.x) * t
        world[component].ty = from.y + (reached.y - from.y) * t
    }

    /// `TransformConstraint::constrain`: every part blended toward the target's.
    private func transform(_ component: Int, _ record: SceneRecord, _ target: Int?, _ world: inout [RenderTransform]) {
        guard let target else { return }
        let settings = Settings(record)
        guard var transform = source(target, settings, world) else { return }
        if settings.destinationIsLocal { transform = hierarchy.parentWorld(component, world).concatenating(transform) }
        world[component] = TransformParts.blend(world[component], toward: transform, strength: settings.strength)
    }
}
