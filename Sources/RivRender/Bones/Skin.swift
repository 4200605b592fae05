import RivFormat

/// A skin (`Skin`) of a points path or an image mesh: each weighted vertex moved by up to four of
/// its tendons' bones, as `Weight::deform` moves it: the blend, by the vertex's
/// weights, of each bone's world transform times its tendon's inverse bind
/// transform, applied to the vertex in the skin's world space. A skinned path's
/// points are then in the artboard's space (its path transform is the identity).
struct Skin {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The skin's own world transform (its bind space).
    private let world: RenderTransform
    /// Index 0 is the identity; index n is tendon n's bone world times its inverse bind.
    private let boneTransforms: [RenderTransform]

    /// The skin under `skinnable` (a points path or a mesh), when it has one.
    init?(of skinnable: Int, hierarchy: SceneHierarchy, world bones: [RenderTransform]) {
        guard let skin = hierarchy.children[skinnable].first(where: { hierarchy.records[$0]?.type == TK.skin }),
              let record = hierarchy.records[skin] else { return nil }
        world = Self.transform(record, PK.skinXx, PK.skinXy, PK.skinYx, PK.skinYy, PK.skinTx, PK.skinTy)
        var transforms: [RenderTransform] = [.identity]
        for tendon in hierarchy.children[skin] {
            guard let tendonRecord = hierarchy.records[tendon], tendonRecord.type == TK.tendon else { continue }
            let bind = Self.transform(tendonRecord, PK.tendonXx, PK.tendonXy, PK.tendonYx, PK.tendonYy, PK.tendonTx, PK.tendonTy)
            var boneWorld = RenderTransform.identity
            if let id = tendonRecord.integer(PK.tendonBoneId), id < UInt64(hierarchy.records.count), hierarchy.records[Int(id)]?.isKind(TK.bone) == true {
                boneWorld = bones[Int(id)]
            }
            transforms.append(boneWorld.concatenating(bind.invertedOrIdentity()))
        }
        boneTransforms = transforms
    }

    private static func transform(_ record: SceneRecord, _ xx: UInt16, _ xy: UInt16, _ yx: UInt16, _ yy: UInt16, _ tx: UInt16, _ ty: UInt16) -> RenderTransform {
        RenderTransform(a: record.number(xx, default: 1), b: record.number(xy, default: 0), c: record.number(yx, default: 0),
                        d: record.number(yy, default: 1), tx: record.number(tx, default: 0), ty: record.number(ty, default: 0))
    }

    /// `point` moved by the bones that `indices` name (one byte each), weighted by
    /// `values` (one byte each, out of 255), in float32 as the runtime blends them.
    func deform(_ point: RenderPoint, indices: UInt64, values: UInt64) -> RenderPoint {
        var blend = [Float](repeating: 0, count: 6)
        for slot in 0..<4 {
            let weight = Float((values >> (slot * 8)) & 0xFF)
            guard weight != 0 else { continue }
            let index = Int((indices >> (slot * 8)) & 0xFF)
            let bone = index < boneTransforms.count ? boneTransforms[index] : .identity
            let share = weight / 255
            for (position, value) in bone.values.enumerated() { blend[position] += Float(value) * share }
        }
        let skinWorld = world.values.map { Float($0) }
        let (x, y) = (Float(point.x), Float(point.y))
        let inSkinX = skinWorld[0] * x + skinWorld[2] * y + skinWorld[4]
        let inSkinY = skinWorld[1] * x + skinWorld[3] * y + skinWorld[5]
        return RenderPoint(x: Double(blend[0] * inSkinX + blend[2] * inSkinY + blend[4]),
                           y: Double(blend[1] * inSkinX + blend[3] * inSkinY + blend[5]))
    }

    /// The vertex `vertex` (a record of `hierarchy`) as its weights move it; the vertex as it is without weights.
    func deform(_ vertex: PathVertex, record index: Int, hierarchy: SceneHierarchy) -> PathVertex {
        guard let weightIndex = hierarchy.children[index].first(where: { hierarchy.records[$0]?.isKind(TK.weight) == true }),
              let weight = hierarchy.records[weightIndex] else { return vertex }
        let point = deform(vertex.translation, indices: weight.integer(PK.weightIndices, default: 1), values: weight.integer(PK.weightValues, default: 255))
        switch vertex {
        case .straight(_, let radius):
            return .straight(point, radius: radius)
        case .cubic(_, let `in`, let out):
            guard weight.type == TK.cubicWeight else { return .cubic(point, in: `in`, out: out) }
            return .cubic(point,
                          in: deform(`in`, indices: weight.integer(PK.cubicWeightInIndices, default: 1), values: weight.integer(PK.cubicWeightInValues, default: 255)),
                          out: deform(out, indices: weight.integer(PK.cubicWeightOutIndices, default: 1), values: weight.integer(PK.cubicWeightOutValues, default: 255)))
        }
    }
}
