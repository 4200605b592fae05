import RivFormat

/// A `ScrollConstraint` at rest, as a runtime without a layout engine leaves it (the
/// oracle's build): the constraint sits under the scrolled content, a layout component
/// inside its viewport (another), and moves each layout component directly under the
/// content by the scroll offset in the content's space before that child's own
/// constraints apply (`ScrollConstraint::constrainChild`, blended in by the strength
/// as a transform constraint blends).
///
/// Without layout every box measures 0, so the range a finite scroll may travel is
/// 0...0: at rest the offset is 0 whatever `scrollOffsetX`/`scrollOffsetY` say, and only
/// an `infinite` scroll (which is not clamped) moves its content by them, on the axes
/// its direction constrains (0 horizontal, 1 vertical, the default, 2 both). The scroll
/// physics only run while a pointer drags, so they play no part at rest.
struct ScrollConstraint {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    let hierarchy: SceneHierarchy
    /// The scroll constraints under each content, in object order: a layout component
    /// inside another (the content and the viewport the runtime reads).
    private var byContent: [Int: [Int]] = [:]

    /// The scroll constraints of `hierarchy`, found in one pass.
    init(hierarchy: SceneHierarchy) {
        self.hierarchy = hierarchy
        for index in hierarchy.records.indices where hierarchy.records[index]?.type == TK.scrollConstraint {
            guard let content = hierarchy.parents[index], hierarchy.records[content]?.isKind(TK.layoutComponent) == true,
                  let viewport = hierarchy.parents[content], hierarchy.records[viewport]?.isKind(TK.layoutComponent) == true else { continue }
            byContent[content, default: []].append(index)
        }
    }

    /// The scroll constraints that move `component`, in object order: those of its
    /// parent's content, when `component` is a layout component.
    func constraints(moving component: Int) -> [Int] {
        guard hierarchy.records[component]?.type == TK.layoutComponent, let content = hierarchy.parents[component] else { return [] }
        return byContent[content] ?? []
    }

    /// The offset the constraint `record` holds its content at, at rest.
    static func offset(_ record: SceneRecord) -> RenderPoint {
        guard record.flag(PK.scrollConstraintInfinite, default: false) else { return RenderPoint(x: 0, y: 0) }
        let direction = record.integer(PK.draggableConstraintDirectionValue, default: 1)
        return RenderPoint(x: direction == 1 ? 0 : record.number(PK.scrollConstraintScrollOffsetX, default: 0),
                           y: direction == 0 ? 0 : record.number(PK.scrollConstraintScrollOffsetY, default: 0))
    }

    /// Moves `component` by the offset of the scroll constraint `record`, taken in its
    /// parent's space (`Constraint::offsetInParentFrame`), blended in by the strength.
    func apply(_ record: SceneRecord, to component: Int, world: inout [RenderTransform]) {
        let offset = Self.offset(record)
        let parent = hierarchy.parentWorld(component, world)
        var target = world[component]
        target.tx += parent.a * offset.x + parent.c * offset.y
        target.ty += parent.b * offset.x + parent.d * offset.y
        world[component] = TransformParts.blend(world[component], toward: target, strength: record.number(PK.constraintStrength, default: 1))
    }
}
