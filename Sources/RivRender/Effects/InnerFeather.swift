/// An inner feather (`Feather` with `inner` on a fill): the fill clips to its own
/// path and draws, feathered, the ring between that path and its bounds grown by
/// 1.5 × the strength — the bounds' rectangle with the path inside it drawn
/// backwards and moved by the feather's offset.
struct InnerFeather {
    let strength: Double
    let offset: RenderPoint
    /// Whether the offset is in the artboard's space (else the shape's).
    let offsetInArtboard: Bool

    /// `Feather::rebuildInnerPath` for `path`, in the space of the shape whose world transform is `shapeWorld`.
    func ring(around path: RenderPath, shapeWorld: RenderTransform) -> RenderPath {
        let pad = Double(Float(strength) * 1.5)
        var minimum = RenderPoint(x: 0, y: 0), maximum = RenderPoint(x: 0, y: 0)
        var first = true
        for command in path.commands {
            let points: [RenderPoint]
            switch command {
            case .move(let p), .line(let p): points = [p]
            case .cubic(let a, let b, let c): points = [a, b, c]
            case .close: points = []
            }
            for point in points {
                if first {
                    (minimum, maximum, first) = (point, point, false)
                } else {
                    minimum = RenderPoint(x: min(minimum.x, point.x), y: min(minimum.y, point.y))
                    maximum = RenderPoint(x: max(maximum.x, point.x), y: max(maximum.y, point.y))
                }
            }
        }
        let left = minimum.x - pad, top = minimum.y - pad, right = maximum.x + pad, bottom = maximum.y + pad
        var ring = RenderPath()
        ring.move(RenderPoint(x: left, y: top))
        ring.line(RenderPoint(x: right, y: top))
        ring.line(RenderPoint(x: right, y: bottom))
        ring.line(RenderPoint(x: left, y: bottom))
        ring.close()
        let shift = offsetInArtboard ? shapeWorld.invertedOrIdentity().direction(offset) : offset
        ring.appendPruned(path.reversed(), transformedBy: .translation(shift.x, shift.y))
        return ring
    }
}
