import Foundation
import RivFormat

/// An inverse kinematics constraint (`IKConstraint`) on a bone: the chain from the
/// bone up through `parentBoneCount` parent bones turned so that the bone's tip
/// reaches for the target's world translation — one bone by aiming it, two by
/// the law of cosines, longer chains two at a time from the top — then blended
/// with the chain's own rotations by the strength. It rewrites the world
/// transforms of the chain's bones; what hangs off them updates after the tip.
struct IKConstraint {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// One bone of the chain, top first.
    private struct Link {
        var bone: Int
        var angle: Double = 0
        /// The rotation of the bone's local transform as last set.
        var rotation: Double = 0
        var parts: TransformParts
        var parentWorldInverse: RenderTransform
    }

    let hierarchy: SceneHierarchy

    /// The chain of `tip` (top first) that a constraint of `record` bends.
    func chain(tip: Int, _ record: SceneRecord) -> [Int] {
        var bones = [tip]
        var remaining = record.integer(PK.ikConstraintParentBoneCount, default: 0)
        var bone = tip
        while remaining > 0, let parent = hierarchy.parents[bone], hierarchy.records[parent]?.isKind(TK.bone) == true, bones.count < hierarchy.records.count {
            remaining -= 1
            bone = parent
            bones.append(bone)
        }
        return bones.reversed()
    }

    /// The components that must update after the tip: the transform components
    /// hanging directly off the chain's upper bones, the chain itself left out.
    func dependentsOfTip(_ chain: [Int]) -> [Int] {
        guard chain.count > 1 else { return [] }
        var result: [Int] = []
        for position in 0..<(chain.count - 1) {
            for child in hierarchy.children[chain[position]]
            where child != chain[position + 1] && hierarchy.records[child]?.isKind(TK.transformComponent) == true {
                result.append(child)
            }
        }
        return result
    }


    /// Bends the chain of `tip` toward `target`.
    func apply(_ record: SceneRecord, tip: Int, target: Int, world: inout [RenderTransform]) {
        let goal = world[target].translationPoint
        var links = chain(tip: tip, record).map { bone in
            let inverse = hierarchy.parentWorld(bone, world).invertedOrIdentity()
            return Link(bone: bone, parts: TransformParts(inverse.concatenating(world[bone])), parentWorldInverse: inverse)
        }
        // The chain's rotations start from the bones' own, not from an earlier pass.
        for position in links.indices {
            let bone = links[position].bone
            links[position].parts.rotation = TransformParts(hierarchy.localTransform(bone)).rotation
            links[position].parentWorldInverse = hierarchy.parentWorld(bone, world).invertedOrIdentity()
            turn(&links[position], to: links[position].parts.rotation, &world)
        }
        let invert = record.flag(PK.ikConstraintInvertDirection, default: false)
        switch links.count {
        case 0: return
        case 1:
            let toTarget = goal - world[links[0].bone].translationPoint
            let local = links[0].parentWorldInverse.direction(toTarget)
            links[0].angle = atan2(local.y, local.x)
            turn(&links[0], to: links[0].angle, &world)
        case 2:
            solveTwo(&links, 0, 1, goal, invert, &world)
        default:
            let last = links.count - 1
            for position in 0..<last {
                solveTwo(&links, position, last, goal, invert, &world)
                for next in (position + 1)..<last {
                    links[next].parentWorldInverse = hierarchy.parentWorld(links[next].bone, world).invertedOrIdentity()
                }
            }
        }
        let strength = record.number(PK.constraintStrength, default: 1)
        guard strength != 1 else { return }
        for position in links.indices {
            let from = fmod(links[position].parts.rotation, 2 * Double.pi)
            turn(&links[position], to: TransformParts.blendAngle(from: from, to: links[position].angle, strength: strength), &world)
        }
    }

    /// `solve2`: the first link and the link after it turned so that `last`'s tip reaches the goal.
    private func solveTwo(_ links: inout [Link], _ first: Int, _ last: Int, _ goal: RenderPoint, _ invert: Bool, _ world: inout [RenderTransform]) {
        let child = first + 1
        let inverse = links[first].parentWorldInverse
        let tipBone = links[last].bone
        let tipLength = hierarchy.records[tipBone]?.number(PK.boneLength, default: 0) ?? 0
        let worldA = world[links[first].bone].translationPoint, worldC = world[links[child].bone].translationPoint
        let worldB = world[tipBone].apply(RenderPoint(x: tipLength, y: 0))
        let pA = inverse.apply(worldA), pC = inverse.apply(worldC), pB = inverse.apply(worldB), pBT = inverse.apply(goal)
        let av = pB - pC, bv = pC - pA, cv = pBT - pA
        let a = av.length, b = bv.length, c = cv.length
        let angleA = acos(max(-1, min(1, (-a * a + b * b + c * c) / (2 * b * c))))
        let angleC = acos(max(-1, min(1, (a * a + b * b - c * c) / (2 * a * b))))
        let aim = atan2(cv.y, cv.x)
        var correction = 0.0
        if hierarchy.parents[tipBone] != links[first].bone, first + 2 < links.count {
            let local = links[first + 2].parentWorldInverse.direction(worldB - worldC)
            correction = -atan2(local.y, local.x)
        }
        let r1 = invert ? aim - angleA : angleA + aim
        let r2 = (invert ? -angleC + Double.pi : angleC - Double.pi) + correction
        turn(&links[first], to: r1, &world)
        turn(&links[child], to: r2, &world)
        if child != last {
            var parts = links[last].parts
            parts.rotation = links[last].rotation
            world[tipBone] = hierarchy.parentWorld(tipBone, world).concatenating(parts.transform)
        }
        links[first].angle = r1
        links[child].angle = r2
    }

    /// `constrainRotation`: the link's bone set to its parts with `rotation`, its world recomposed.
    private func turn(_ link: inout Link, to rotation: Double, _ world: inout [RenderTransform]) {
        link.rotation = rotation
        var parts = link.parts
        parts.rotation = rotation
        world[link.bone] = hierarchy.parentWorld(link.bone, world).concatenating(parts.transform)
    }
}

extension RenderTransform {
    /// The direction `vector` mapped by the transform without its translation (`Vec2D::transformDir`).
    func direction(_ vector: RenderPoint) -> RenderPoint {
        RenderPoint(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }
}
