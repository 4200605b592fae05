import Foundation
import RivFormat

/// The mesh an N-slicer (`NSlicer`, a child of an image) draws its image through, as
/// the runtime's `SliceMesh::calc` builds it, in single precision: the image is cut
/// by its `AxisX` and `AxisY` children (an `offset` in pixels, or a fraction with
/// `normalized`) into patches; the even columns and rows keep their size in
/// pixels whatever the image's scale, the odd ones share what remains. Each patch
/// is stretched, hidden, or repeated in tiles of its own size (`NSlicerTileMode`:
/// style 0, 2, 1 for the patch at `patchIndex`, row × (x axes + 1) + column).
/// Vertices are in the image's pixel space (0...width, 0...height); triangle
/// indices are 16-bit, wrapping as the runtime's do.
struct SliceMesh {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    private(set) var vertices: [RenderPoint] = []
    private(set) var uvs: [RenderPoint] = []
    private(set) var indices: [Int] = []
    /// Set when the mesh was cut at `budget`.
    private(set) var isCut = false

    /// The two triangles of a patch's four corners (top left, top right, bottom right, bottom left).
    private static let triangulation = [0, 1, 3, 1, 2, 3]
    /// How many tiles and rows the runtime lays in one repeated patch at most.
    static let tileSteps = 10_000

    private let budget: Int
    private var spent = 0

    /// The mesh of the N-slicer at `slicer` under the image at `image` (`width` × `height`
    /// pixels), with at most `budget` vertices, indices and patches in all.
    init(_ slicer: Int, image: Int, width: Int, height: Int, hierarchy: SceneHierarchy, budget: Int) {
        self.budget = budget
        var xAxes: [SceneRecord] = [], yAxes: [SceneRecord] = []
        var tileModes: [UInt64: UInt64] = [:]
        for child in hierarchy.children[slicer] {
            guard let record = hierarchy.records[child] else { continue }
            switch record.type {
            case TK.axisX: xAxes.append(record)
            case TK.axisY: yAxes.append(record)
            case TK.nSlicerTileMode: tileModes[record.integer(PK.nSlicerTileModePatchIndex, default: 0)] = record.integer(PK.nSlicerTileModeStyle, default: 0)
            default: break
            }
        }
        let imageRecord = hierarchy.records[image]
        let size = (x: Float(width), y: Float(height))
        let scale = (x: abs(Float(imageRecord?.number(PK.transformComponentScaleX, default: 1) ?? 1)),
                     y: abs(Float(imageRecord?.number(PK.transformComponentScaleY, default: 1) ?? 1)))
        let us = Self.uvStops(xAxes, size: size.x, scale: scale.x), vs = Self.uvStops(yAxes, size: size.y, scale: scale.y)
        let xs = Self.vertexStops(us, size: size.x, scale: scale.x), ys = Self.vertexStops(vs, size: size.y, scale: scale.y)
        var next: UInt16 = 0
        for row in 0..<max(vs.count - 1, 0) {
            for column in 0..<max(us.count - 1, 0) {
                guard spend(1) else { return }
                let mode = tileModes[UInt64(row) * UInt64(xAxes.count + 1) + UInt64(column)] ?? 0
                if mode == 2 { continue }
                let corners = [(column, row), (column + 1, row), (column + 1, row + 1), (column, row + 1)]
                let box = corners.map { (vertex: RenderPoint(x: Double(xs[$0.0]), y: Double(ys[$0.1])), uv: RenderPoint(x: Double(us[$0.0]), y: Double(vs[$0.1]))) }
                if mode == 1 {
                    next = next &+ tile(box, from: next, size: size, scale: scale)
                } else {
                    guard spend(10) else { return }
                    for corner in box { append(corner.vertex, corner.uv) }
                    indices += Self.triangulation.map { Int(next &+ UInt16($0)) }
                    next = next &+ 4
                }
            }
        }
    }

    /// Takes `cost` from the budget; false (and the mesh cut) when too little is left.
    private mutating func spend(_ cost: Int) -> Bool {
        spent += cost
        if spent > budget { isCut = true }
        return !isCut
    }

    private mutating func append(_ vertex: RenderPoint, _ uv: RenderPoint) {
        vertices.append(vertex)
        uvs.append(uv)
    }

    /// `SliceMesh::tileRepeat`: the patch `box` laid in tiles of its own size in pixels,
    /// the last ones in a row or column cut short; returns the vertices added.
    private mutating func tile(_ box: [(vertex: RenderPoint, uv: RenderPoint)], from start: UInt16, size: (x: Float, y: Float), scale: (x: Float, y: Float)) -> UInt16 {
        guard scale.x != 0, scale.y != 0 else { return 0 }
        let startX = Float(box[0].vertex.x), startY = Float(box[0].vertex.y), endX = Float(box[2].vertex.x), endY = Float(box[2].vertex.y)
        let startU = Float(box[0].uv.x), startV = Float(box[0].uv.y), endU = Float(box[2].uv.x), endV = Float(box[2].uv.y)
        let tileX = size.x * (endU - startU) / scale.x, tileY = size.y * (endV - startV) / scale.y
        guard abs(tileX) >= 1, abs(tileY) >= 1 else { return 0 }
        var steps = Self.tileSteps
        var current = start
        var y = startY
        while y < endY && steps > 0 {
            steps -= 1
            let fractionY = y + tileY > endY ? (endY - y) / tileY : 1
            var x = startX
            while x < endX && steps > 0 {
                steps -= 1
                guard spend(10) else { return current &- start }
                let fractionX = x + tileX > endX ? (endX - x) / tileX : 1
                let endU1 = startU + (endU - startU) * fractionX, endV1 = startV + (endV - startV) * fractionY
                let endX1 = x + tileX * fractionX, endY1 = y + tileY * fractionY
                append(Self.point(x, y), Self.point(startU, startV))
                append(Self.point(endX1, y), Self.point(endU1, startV))
                append(Self.point(endX1, endY1), Self.point(endU1, endV1))
                append(Self.point(x, endY1), Self.point(startU, endV1))
                indices += Self.triangulation.map { Int(current &+ UInt16($0)) }
                current = current &+ 4
                x += tileX
            }
            y += tileY
        }
        return current &- start
    }

    private static func point(_ x: Float, _ y: Float) -> RenderPoint { RenderPoint(x: Double(x), y: Double(y)) }

    /// Where the axes cut the image, as fractions of `size`, with 0 and 1, sorted;
    /// none when the image has no size or no scale.
    private static func uvStops(_ axes: [SceneRecord], size: Float, scale: Float) -> [Float] {
        guard size != 0, scale != 0 else { return [] }
        let cuts = axes.map { axis -> Float in
            let offset = Float(axis.number(PK.axisOffset, default: 0))
            return clamp(axis.flag(PK.axisNormalized, default: false) ? offset : offset / size)
        }
        return ([0] + cuts + [1]).sorted()
    }

    /// Where the stops fall in the mesh's space (`SliceMesh::vertexStops`): fixed
    /// segments (even) keep their pixels against the scale, the others share the rest.
    private static func vertexStops(_ stops: [Float], size: Float, scale: Float) -> [Float] {
        guard size != 0, scale != 0, stops.count >= 2 else { return [] }
        var fixedShare: Float = 0
        var emptyPatches = 0
        for index in 0..<stops.count - 1 {
            let range = stops[index + 1] - stops[index]
            if index % 2 == 0 { fixedShare += range } else if range == 0 { emptyPatches += 1 }
        }
        let fixedSize = fixedShare * size, scalableSize = size - fixedSize
        let useScale = scalableSize != 0
        let factor = useScale ? (size * scale - fixedSize) / scalableSize : 0
        let fallback = !useScale && emptyPatches != 0 ? (size - fixedSize / scale) / Float(emptyPatches) : 0
        var result: [Float] = []
        var vertex: Float = 0, inBounds: Float = 0
        for index in 0..<stops.count - 1 {
            result.append(inBounds)
            let segment = size * (stops[index + 1] - stops[index]) / scale
            vertex += index % 2 == 0 ? segment : useScale ? segment * factor : fallback
            inBounds = min(max(vertex, 0), size)
        }
        result.append(inBounds)
        return result
    }

    private static func clamp(_ value: Float) -> Float { min(max(value, 0), 1) }
}
