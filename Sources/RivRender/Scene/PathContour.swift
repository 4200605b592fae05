import RivFormat

/// A path's contour as `Path::buildPath` makes it from the path's records: a
/// parametric path's vertices or a points path's own, a skinned path's moved by
/// its skin's bones.
enum PathContour {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The contour of the path at `index`, and whether it is skinned (its points
    /// then in the artboard's space); `world` holds the bones' world transforms.
    static func build(_ index: Int, hierarchy: SceneHierarchy, world: [RenderTransform]) -> (path: RenderPath, isSkinned: Bool) {
        guard let record = hierarchy.records[index] else { return (RenderPath(), false) }
        if let parametric = ParametricPath.vertices(of: record) {
            return (PathVertex.buildPath(parametric, closed: true), false)
        }
        var vertices: [(index: Int, vertex: PathVertex)] = hierarchy.children[index].compactMap { child in
            guard let vertexRecord = hierarchy.records[child], vertexRecord.isKind(TK.pathVertex), let vertex = PathVertex(vertexRecord) else { return nil }
            return (child, vertex)
        }
        var isSkinned = false
        if record.isKind(TK.pointsPath), let skin = Skin(of: index, hierarchy: hierarchy, world: world) {
            isSkinned = true
            vertices = vertices.map { ($0.index, skin.deform($0.vertex, record: $0.index, hierarchy: hierarchy)) }
        }
        return (PathVertex.buildPath(vertices.map(\.vertex), closed: record.flag(PK.pointsCommonPathIsClosed, default: false)), isSkinned)
    }
}

extension SceneHierarchy {
    /// Each shape's paths in object order (a path belongs to the nearest shape above it).
    func pathsByShape() -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for index in records.indices where records[index]?.isKind(Schema.TypeKey.path) == true {
            if let shape = ancestor(of: index, kind: Schema.TypeKey.shape) { result[shape, default: []].append(index) }
        }
        return result
    }
}
