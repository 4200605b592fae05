import RivFormat

/// Bones as the runtime places them: a root bone at its own x and y, every other
/// bone at the tip of its parent bone (its parent's length along the parent's x
/// axis), each turned and scaled by its own transform.
enum Skeleton {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The translation of a bone in its parent's space; nil for a component that is no bone.
    static func translation(of record: SceneRecord, parent: SceneRecord?) -> RenderPoint? {
        if record.isKind(TK.rootBone) {
            return RenderPoint(x: record.number(PK.rootBoneX, default: 0), y: record.number(PK.rootBoneY, default: 0))
        }
        guard record.isKind(TK.bone) else { return nil }
        let length = parent.flatMap { $0.isKind(TK.bone) ? $0.number(PK.boneLength, default: 0) : nil } ?? 0
        return RenderPoint(x: length, y: 0)
    }
}
