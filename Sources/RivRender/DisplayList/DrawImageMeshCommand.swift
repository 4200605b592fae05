/// An image drawn through a triangle mesh: the runtime's `Renderer::drawImageMesh`.
/// Each triangle of ``indices`` takes the part of the image its three ``uvs`` cover
/// and stretches it over its three ``vertices``.
public struct DrawImageMeshCommand: Sendable, Equatable {
    /// The call's position among the draw calls (paths, images and meshes, 0 first).
    public var index: Int
    /// The image: its index in the file's asset list (``DisplayList/images`` holds its bytes).
    public var asset: Int
    /// The image's size in pixels.
    public var width, height: Int
    /// The mesh's points, in the space of ``transform``.
    public var vertices: [RenderPoint]
    /// Each vertex's place in the image, as fractions of its width and height (0...1).
    public var uvs: [RenderPoint]
    /// The triangles, three vertex indices each.
    public var indices: [Int]
    /// The renderer's transform at the call.
    public var transform: RenderTransform
    /// The image's render opacity.
    public var opacity: Double
    /// How it combines with what is below.
    public var blend: BlendMode
    /// The clips in effect, by their ``ClipPathCommand/index``, outermost first.
    public var clips: [Int]

    /// The vertices in the artboard's space.
    public var artboardVertices: [RenderPoint] { vertices.map(transform.apply) }

    /// One triangle of the mesh in the artboard's space, with the transform that
    /// carries the image's pixels onto it.
    public struct Triangle: Sendable, Equatable {
        /// Its three corners in the artboard's space, as a closed path.
        public var outline: RenderPath
        /// From the image's pixels (0...width, 0...height) to the artboard's space.
        public var imageTransform: RenderTransform
    }

    /// The triangles that cover some of the image, in order: a triangle whose uvs
    /// fall on a line (it shows no area of the image) or whose vertices or uvs are
    /// out of range or not finite is left out.
    public var triangles: [Triangle] {
        var result: [Triangle] = []
        var corner = 0
        while corner + 2 < indices.count {
            defer { corner += 3 }
            let slots = indices[corner..<corner + 3]
            guard slots.allSatisfy({ $0 >= 0 && $0 < vertices.count && $0 < uvs.count }) else { continue }
            let points = slots.map { transform.apply(vertices[$0]) }
            let pixels = slots.map { RenderPoint(x: uvs[$0].x * Double(width), y: uvs[$0].y * Double(height)) }
            // The affine map taking the three pixels to the three points.
            let image = RenderTransform(a: pixels[1].x - pixels[0].x, b: pixels[1].y - pixels[0].y,
                                        c: pixels[2].x - pixels[0].x, d: pixels[2].y - pixels[0].y, tx: pixels[0].x, ty: pixels[0].y)
            let determinant = image.a * image.d - image.b * image.c
            guard determinant != 0, determinant.isFinite else { continue }
            let target = RenderTransform(a: points[1].x - points[0].x, b: points[1].y - points[0].y,
                                         c: points[2].x - points[0].x, d: points[2].y - points[0].y, tx: points[0].x, ty: points[0].y)
            let mapping = target.concatenating(image.invertedOrIdentity())
            guard mapping.isFinite else { continue }
            var outline = RenderPath()
            outline.move(points[0])
            outline.line(points[1])
            outline.line(points[2])
            outline.close()
            result.append(Triangle(outline: outline, imageTransform: mapping))
        }
        return result
    }
}
