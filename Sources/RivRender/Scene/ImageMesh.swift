import RivFormat

/// The mesh an image draws through (`Mesh`, a child of the image): its vertices
/// (`MeshVertex` children, in the image's space; moved by the mesh's `Skin` into
/// the artboard's), each one's place in the image (`u`, `v`), and its triangles
/// (`triangleIndexBytes`: varuints, three to a triangle).
struct ImageMesh {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The vertices, in the image's space, or the artboard's when ``isSkinned``.
    let vertices: [RenderPoint]
    /// Each vertex's place in the image, as fractions of its width and height.
    let uvs: [RenderPoint]
    /// The triangles, three vertex indices each.
    let indices: [Int]
    /// Whether the mesh has a skin: its vertices are then in the artboard's space and
    /// the runtime does not apply the image's transform.
    let isSkinned: Bool

    /// The mesh at `index` of `pose`'s artboard; nil when the runtime rejects it
    /// (a triangle index past its vertices, or past 65 535).
    init?(_ index: Int, pose: SetupPose) {
        let hierarchy = pose.hierarchy
        guard let record = hierarchy.records[index] else { return nil }
        let skin = Skin(of: index, hierarchy: hierarchy, world: pose.world)
        var vertices: [RenderPoint] = [], uvs: [RenderPoint] = []
        for child in hierarchy.children[index] {
            guard let vertex = hierarchy.records[child], vertex.isKind(TK.meshVertex) else { continue }
            let point = RenderPoint(x: vertex.number(PK.vertexX, default: 0), y: vertex.number(PK.vertexY, default: 0))
            uvs.append(RenderPoint(x: vertex.number(PK.meshVertexU, default: 0), y: vertex.number(PK.meshVertexV, default: 0)))
            // A weighted vertex draws where its weight put it (`Vertex::renderTranslation`):
            // moved by the skin, or the origin when no skin moves it.
            if let weight = hierarchy.children[child].lazy.compactMap({ hierarchy.records[$0] }).first(where: { $0.isKind(TK.weight) }) {
                vertices.append(skin?.deform(point, indices: weight.integer(PK.weightIndices, default: 1), values: weight.integer(PK.weightValues, default: 255))
                    ?? RenderPoint(x: 0, y: 0))
            } else {
                vertices.append(point)
            }
        }
        let indices = record.idList(PK.meshTriangleIndexBytes) ?? []
        guard indices.allSatisfy({ $0 < UInt64(vertices.count) && $0 <= UInt64(UInt16.max) }) else { return nil }
        self.vertices = vertices
        self.uvs = uvs
        self.indices = indices.map { Int($0) }
        isSkinned = skin != nil
    }
}
