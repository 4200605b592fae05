import RivFormat

/// A fill or stroke of a shape (or of the artboard) with the paint it sets, as
/// `ShapePaint`, its mutator (solid colour or gradient) and `applyTo` make it.
struct ScenePaint {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The fill or stroke's object index.
    let index: Int
    let isFill: Bool
    /// `ShapePaint.isVisible` (and, for a stroke, a thickness above 0).
    let isVisible: Bool
    /// Whether it draws the container's world path rather than its local one
    /// (a stroke that the transform does not scale).
    let usesWorldPath: Bool
    /// A fill's rule (nonzero for a stroke, which draws with the rule its path carries).
    let fillRule: FillRule
    let paint: RenderPaint
    /// An outer feather's offset, and whether it is in the artboard's space (else the shape's).
    let featherOffset: RenderPoint?
    let featherOffsetInArtboard: Bool
    /// An inner feather: the fill clips to its path and draws the ring around it.
    let innerFeather: InnerFeather?
    /// The path effects applied to the path it draws, in order.
    let effects: [PathEffect]

    /// The paint of `index`, whose container is `container`; nil when it has no
    /// mutator (the runtime leaves such a paint out).
    init?(index: Int, container: Int, pose: SetupPose, notes: inout [RenderNote]) {
        let hierarchy = pose.hierarchy
        guard let record = hierarchy.records[index],
              let mutator = hierarchy.children[index].first(where: { child in
                  hierarchy.records[child].map { $0.isKind(TK.solidColor) || $0.isKind(TK.linearGradient) } ?? false
              }), let mutatorRecord = hierarchy.records[mutator] else { return nil }
        self.index = index
        isFill = record.isKind(TK.fill)
        let thickness = record.number(PK.strokeThickness, default: 1)
        isVisible = record.flag(PK.shapePaintIsVisible, default: true) && (isFill || thickness > 0)
        usesWorldPath = !isFill && !record.flag(PK.strokeTransformAffectsStroke, default: true)
        fillRule = isFill ? FillRule(code: record.integer(PK.fillFillRule, default: 0)) : .nonZero
        let ownBlend = record.integer(PK.shapePaintBlendModeValue, default: 127)
        let blendCode = ownBlend == 127 ? hierarchy.records[container]?.integer(PK.drawableBlendModeValue, default: 3) ?? 3 : ownBlend
        let blend = BlendMode(code: blendCode) ?? .srcOver
        if BlendMode(code: blendCode) == nil {
            notes.append(RenderNote(feature: "blend", objectIndex: index, message: "blend mode \(blendCode) is none the runtime knows; drawn as source over"))
        }
        let renderOpacity = pose.opacity[container]
        var color: UInt32 = 0xFF00_0000
        var shader: RenderShader?
        if mutatorRecord.isKind(TK.solidColor) {
            color = Self.modulate(mutatorRecord.color(PK.solidColorColorValue, default: 0xFF74_7474), by: renderOpacity)
        } else {
            shader = Self.gradient(mutator, record: mutatorRecord, paintIndex: index, inWorld: usesWorldPath, renderOpacity: renderOpacity, pose: pose)
        }
        var paint = RenderPaint(style: isFill ? .fill : .stroke, color: color, thickness: isFill ? 0 : thickness,
                            join: StrokeJoin(code: record.integer(PK.strokeJoin, default: 0)),
                            cap: StrokeCap(code: record.integer(PK.strokeCap, default: 0)), blend: blend, shader: shader)
        // `Feather`: its strength on the paint; an outer one's offset moves the drawing.
        var featherOffset: RenderPoint?
        var innerFeather: InnerFeather?
        var offsetInArtboard = false
        if let feather = hierarchy.children[index].first(where: { hierarchy.records[$0]?.type == TK.feather }), let record = hierarchy.records[feather] {
            paint.feather = record.number(PK.featherStrength, default: 12)
            let offset = RenderPoint(x: record.number(PK.featherOffsetX, default: 0), y: record.number(PK.featherOffsetY, default: 0))
            offsetInArtboard = record.integer(PK.featherSpaceValue, default: 0) == 0
            if record.flag(PK.featherInner, default: false) && isFill {
                innerFeather = InnerFeather(strength: paint.feather, offset: offset, offsetInArtboard: offsetInArtboard)
            } else if offset != RenderPoint(x: 0, y: 0) {
                featherOffset = offset
            }
        }
        self.innerFeather = innerFeather
        self.paint = paint
        self.featherOffset = featherOffset
        featherOffsetInArtboard = offsetInArtboard
        effects = PathEffect.effects(ofPaint: index, hierarchy: hierarchy, notes: &notes)
    }

    /// `ShapePaintMutator.isVisible`: whether some colour the paint lays down keeps an
    /// alpha above 0 after the opacities (a solid colour's, or any stop of a
    /// gradient's). Only the artboard's own fills and strokes are left out without
    /// one (`ShapePaint::shouldDraw`); a shape draws its paints regardless.
    var laysDownColor: Bool {
        switch paint.shader {
        case nil: paint.color >> 24 != 0
        case .linear(_, _, let stops)?, .radial(_, _, let stops)?: stops.contains { $0.color >> 24 != 0 }
        }
    }

    /// `LinearGradient::applyTo`: end points in the container's space, or in the
    /// artboard's for a paint that draws the world path; stops sorted by position,
    /// their colours modulated by the gradient's and the container's opacity.
    private static func gradient(_ index: Int, record: SceneRecord, paintIndex: Int, inWorld: Bool, renderOpacity: Double, pose: SetupPose) -> RenderShader {
        let hierarchy = pose.hierarchy
        var start = RenderPoint(x: record.number(PK.linearGradientStartX, default: 0), y: record.number(PK.linearGradientStartY, default: 0))
        var end = RenderPoint(x: record.number(PK.linearGradientEndX, default: 0), y: record.number(PK.linearGradientEndY, default: 0))
        if inWorld, let grandParent = hierarchy.parents[paintIndex] {
            let node = hierarchy.records[grandParent]?.isKind(TK.node) == true ? grandParent : hierarchy.ancestor(of: grandParent, kind: TK.node)
            if let node {
                start = pose.world[node].apply(start)
                end = pose.world[node].apply(end)
            }
        }
        let opacity = record.number(PK.linearGradientOpacity, default: 1) * renderOpacity
        let stops = hierarchy.children[index].compactMap { child -> GradientStop? in
            guard let stop = hierarchy.records[child], stop.isKind(TK.gradientStop) else { return nil }
            return GradientStop(stop.number(PK.gradientStopPosition, default: 0),
                                stop.color(PK.gradientStopColorValue, default: 0xFFFF_FFFF))
        }.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map {
            GradientStop(min(max($0.element.position, 0), 1), modulate($0.element.color, by: opacity))
        }
        if record.isKind(TK.radialGradient) {
            return .radial(center: start, radius: (end - start).length, stops: stops)
        }
        return .linear(start: start, end: end, stops: stops)
    }

    /// `colorModulateOpacity`: the colour's alpha times `opacity`, rounded to a byte (0
    /// when the opacity is not a number).
    static func modulate(_ color: UInt32, by opacity: Double) -> UInt32 {
        let alpha = Float(color >> 24) / 255 * Float(opacity)
        let byte = alpha.isNaN ? 0 : UInt32((255 * min(max(alpha, 0), 1)).rounded())
        return (byte << 24) | (color & 0x00FF_FFFF)
    }
}
