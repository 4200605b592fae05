import RivFormat

extension SceneHierarchy {
    /// The world transform of `index`'s parent in `world`, or the identity when the
    /// parent is the artboard or has no world transform (`getParentWorld`).
    func parentWorld(_ index: Int, _ world: [RenderTransform]) -> RenderTransform {
        guard let parent = parents[index], parent != 0, records[parent]?.isKind(Schema.TypeKey.worldTransformComponent) == true else { return .identity }
        return world[parent]
    }
}

extension SceneHierarchy {
    /// The component's own translation in its parent's space (`composedTranslation`):
    /// a node's x and y, a bone's place on its parent, none for other components.
    func ownTranslation(_ index: Int) -> RenderPoint {
        guard let record = records[index] else { return RenderPoint(x: 0, y: 0) }
        if let bone = Skeleton.translation(of: record, parent: parents[index].flatMap { records[$0] }) { return bone }
        typealias PK = Schema.PropertyKey
        guard record.isKind(Schema.TypeKey.node) else { return RenderPoint(x: 0, y: 0) }
        return RenderPoint(x: record.number(PK.nodeX, default: record.number(PK.nodeXArtboard, default: 0)),
                           y: record.number(PK.nodeY, default: record.number(PK.nodeYArtboard, default: 0)))
    }

    /// The component's local transform from its record (`TransformComponent::updateTransform`).
    func localTransform(_ index: Int) -> RenderTransform {
        typealias PK = Schema.PropertyKey
        guard let record = records[index] else { return .identity }
        let translation = ownTranslation(index)
        return .node(x: translation.x, y: translation.y, rotation: record.number(PK.transformComponentRotation, default: 0),
                     scaleX: record.number(PK.transformComponentScaleX, default: 1), scaleY: record.number(PK.transformComponentScaleY, default: 1))
    }
}
