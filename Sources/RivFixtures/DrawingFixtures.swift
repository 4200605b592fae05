import RivFormat

/// Files made to be drawn: shapes, paints and clips that `render` turns into the
/// pictures of the README.
enum DrawingFixtures {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey
    private typealias Property = RivFileBuilder.Property

    /// One artboard, `Poster` (320×200), on a cream fill, from the top down: a
    /// five-pointed star with a round-joined stroke, a sun (an ellipse with a radial
    /// gradient and a white stroke), a hexagon clipped by the card, and the card (a
    /// rounded rectangle with a linear gradient). The first drawable in the file is
    /// drawn last, on top.
    static func shapes() -> [UInt8] {
        RivFileBuilder.editorExport(fileID: 130, artboardExtras: nil) { file in
            var count: UInt64 = 0
            /// Appends an object of the artboard under `parentIndex`; its index.
            @discardableResult func add(_ type: UInt16, _ parentIndex: UInt64, _ properties: [Property] = []) -> UInt64 {
                file.appendObject(typeKey: type, properties: [(PK.componentParentId, .uint(parentIndex))] + properties)
                count += 1
                return count
            }
            func shape(_ name: String, x: Float, y: Float, rotation: Float = 0) -> UInt64 {
                add(TK.shape, 0, [(PK.componentName, .string(name)), (PK.nodeX, .float32(x)), (PK.nodeY, .float32(y)), (PK.transformComponentRotation, .float32(rotation))])
            }
            func solid(_ paint: UInt16, of container: UInt64, color: UInt32, _ properties: [Property] = []) {
                add(TK.solidColor, add(paint, container, properties), [(PK.solidColorColorValue, .color(color))])
            }
            func gradient(_ type: UInt16, of container: UInt64, from start: (Float, Float), to end: (Float, Float), stops: [UInt32]) {
                let gradient = add(type, add(TK.fill, container), [(PK.linearGradientStartX, .float32(start.0)), (PK.linearGradientStartY, .float32(start.1)),
                                                                   (PK.linearGradientEndX, .float32(end.0)), (PK.linearGradientEndY, .float32(end.1))])
                for (position, color) in stops.enumerated() {
                    add(TK.gradientStop, gradient, [(PK.gradientStopColorValue, .color(color)), (PK.gradientStopPosition, .float32(Float(position) / Float(stops.count - 1)))])
                }
            }
            file.appendArtboard(name: "Poster", width: 320, height: 200)
            solid(TK.fill, of: 0, color: 0xFFF4_EFE6)
            let star = shape("star", x: 226, y: 92, rotation: 0.2)
            add(TK.star, star, [(PK.parametricPathWidth, .float32(96)), (PK.parametricPathHeight, .float32(96)),
                                (PK.polygonPoints, .uint(5)), (PK.starInnerRadius, .float32(0.45))])
            solid(TK.fill, of: star, color: 0xF0FF_FFFF)
            solid(TK.stroke, of: star, color: 0xFF1B_1F3B, [(PK.strokeThickness, .float32(4)), (PK.strokeJoin, .uint(1))])
            let sun = shape("sun", x: 100, y: 96)
            add(TK.ellipse, sun, [(PK.parametricPathWidth, .float32(104)), (PK.parametricPathHeight, .float32(104))])
            gradient(TK.radialGradient, of: sun, from: (-14, -14), to: (52, 52), stops: [0xFFFF_E27A, 0xFFF7_6707])
            solid(TK.stroke, of: sun, color: 0xFFFF_FFFF, [(PK.strokeThickness, .float32(6))])
            let hexagon = shape("hexagon", x: 290, y: 180)
            add(TK.polygon, hexagon, [(PK.parametricPathWidth, .float32(120)), (PK.parametricPathHeight, .float32(120)), (PK.polygonPoints, .uint(6))])
            solid(TK.fill, of: hexagon, color: 0xFF35_B37E)
            // Clipped by the card, the shape added right after the clipping shape.
            let clip = add(TK.clippingShape, hexagon, [(PK.clippingShapeSourceId, .uint(count + 2))])
            let card = shape("card", x: 160, y: 100)
            assert(card == clip + 1)
            add(TK.rectangle, card, [(PK.parametricPathWidth, .float32(288)), (PK.parametricPathHeight, .float32(168)), (PK.rectangleCornerRadiusTL, .float32(28))])
            gradient(TK.linearGradient, of: card, from: (-144, -84), to: (144, 84), stops: [0xFF2F_4AC8, 0xFF8E_3BB8])
        }
    }
}
