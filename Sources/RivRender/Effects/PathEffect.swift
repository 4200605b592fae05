import RivFormat

/// A path effect of a fill or stroke (`StrokeEffect`): it turns the path the paint
/// picks into the path it draws; a paint's effects apply one after the other.
indirect enum PathEffect {
    case trim(TrimPath)
    case dash(DashPath)
    /// A target effect: the effects of the group effect it names, one after the other.
    case group([PathEffect])

    /// Group effects nest at most this deep (deeper is treated as the cycle it most likely is).
    static let depthLimit = 16

    /// The effects under the paint (or group effect) at `index`, in object order;
    /// what is under it and neither a mutator, a feather nor an effect drawn here
    /// is noted as not applied.
    static func effects(ofPaint index: Int, hierarchy: SceneHierarchy, notes: inout [RenderNote]) -> [PathEffect] {
        effects(of: index, hierarchy: hierarchy, groups: [], notes: &notes)
    }

    private static func effects(of index: Int, hierarchy: SceneHierarchy, groups: [Int], notes: inout [RenderNote]) -> [PathEffect] {
        typealias TK = Schema.TypeKey
        typealias PK = Schema.PropertyKey
        var effects: [PathEffect] = []
        for child in hierarchy.children[index] {
            guard let record = hierarchy.records[child], !record.isKind(TK.solidColor), !record.isKind(TK.linearGradient), record.type != TK.feather else { continue }
            let name = Schema.typeName(record.type)
            switch record.type {
            case TK.trimPath:
                if let trim = TrimPath(record) {
                    effects.append(.trim(trim))
                } else {
                    notes.append(RenderNote(feature: name, objectIndex: child, message: "a trim path of a mode the runtime does not know is not applied"))
                }
            case TK.dashPath:
                effects.append(.dash(DashPath(child, hierarchy: hierarchy)))
            case TK.targetEffect:
                // A target naming no group effect changes nothing, as in the runtime.
                guard let id = record.integer(PK.targetEffectTargetId), id < UInt64(hierarchy.records.count),
                      hierarchy.records[Int(id)]?.type == TK.groupEffect else { continue }
                let group = Int(id)
                guard !groups.contains(group), groups.count < depthLimit else {
                    notes.append(RenderNote(feature: "effect cycle", objectIndex: child, message: "group effects that target each other in a cycle (or nest deeper than \(depthLimit)) are applied as far as the cycle"))
                    continue
                }
                effects.append(.group(Self.effects(of: group, hierarchy: hierarchy, groups: groups + [group], notes: &notes)))
            case TK.dash:
                continue
            default:
                notes.append(RenderNote(feature: name, objectIndex: child, message: "a paint effect (\(name)) is not applied"))
            }
        }
        return effects
    }

    /// Whether the effect makes a path of its own (a group only when one of its effects does).
    var makesPath: Bool {
        switch self {
        case .trim, .dash: true
        case .group(let effects): effects.contains(where: \.makesPath)
        }
    }

    /// `path` after the effect, for a fill or a stroke; nil when the effect makes no
    /// path of its own (a group without effects), and whether a trim's or dash's limit cut it short.
    func apply(to path: RenderPath, isFill: Bool) -> (path: RenderPath, isCut: Bool)? {
        switch self {
        case .trim(let trim): return trim.apply(to: path, isFill: isFill)
        case .dash(let dash): return dash.apply(to: path, isFill: isFill)
        case .group(let effects): return Self.apply(effects, to: path, isFill: isFill)
        }
    }

    /// The effects applied one after the other; nil when none makes a path.
    static func apply(_ effects: [PathEffect], to path: RenderPath, isFill: Bool) -> (path: RenderPath, isCut: Bool)? {
        var result: (path: RenderPath, isCut: Bool)?
        for effect in effects {
            guard let next = effect.apply(to: result?.path ?? path, isFill: isFill) else { continue }
            result = (next.path, next.isCut || (result?.isCut ?? false))
        }
        return result
    }
}
