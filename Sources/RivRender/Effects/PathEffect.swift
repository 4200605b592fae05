import RivFormat

/// A path effect of a fill or stroke (`StrokeEffect`): it turns the path the paint
/// picks into the path it draws; a paint's effects apply one after the other.
enum PathEffect {
    case trim(TrimPath)

    /// The effects under the paint at `index`, in object order; what is under it and
    /// neither a mutator, a feather nor an effect drawn here is noted as not applied.
    static func effects(ofPaint index: Int, hierarchy: SceneHierarchy, notes: inout [RenderNote]) -> [PathEffect] {
        typealias TK = Schema.TypeKey
        var effects: [PathEffect] = []
        for child in hierarchy.children[index] {
            guard let record = hierarchy.records[child], !record.isKind(TK.solidColor), !record.isKind(TK.linearGradient), record.type != TK.feather else { continue }
            let name = Schema.typeName(record.type)
            if record.type == TK.trimPath {
                if let trim = TrimPath(record) {
                    effects.append(.trim(trim))
                } else {
                    notes.append(RenderNote(feature: name, objectIndex: child, message: "a trim path of a mode the runtime does not know is not applied"))
                }
            } else {
                notes.append(RenderNote(feature: name, objectIndex: child, message: "a paint effect (\(name)) is not applied"))
            }
        }
        return effects
    }

    /// `path` after the effect, for a fill or a stroke.
    func apply(to path: RenderPath, isFill: Bool) -> RenderPath {
        switch self {
        case .trim(let trim): trim.apply(to: path, isFill: isFill)
        }
    }
}
