/// One artboard of a file as Rive's runtime indexes it: the objects that an id in
/// the artboard (a `parentId`, a clipping shape's `sourceId`, a keyed object's
/// `objectId`) counts through, and the artboard's animations with their parts.
///
/// Index 0 is the artboard itself; a record the runtime cannot build (an abstract,
/// editor-only or unknown type) is nil and still takes its index, until the
/// artboard's first animation or state machine, as the runtime counts it
/// (SPEC.md §13).
public struct ArtboardObjects: Sendable {
    /// The artboard's position among the file's artboards.
    public let index: Int
    /// The artboard's objects by runtime index; index 0 is the artboard.
    public internal(set) var objects: [RivObject?]
    /// The artboard's records that take no index, in file order: data binds and the
    /// like among the components, then linear animations with their keyed objects,
    /// properties, key frames and interpolators, and state machines with their parts.
    public internal(set) var otherRecords: [RivObject] = []

    /// The artboard's own record.
    public var artboard: RivObject {
        // The walk starts every artboard with its own record.
        objects[0]!
    }
}

extension RivFile {
    /// The file's artboards, each with its objects as the runtime indexes them:
    /// ``placedObjects`` gathered by artboard (``ArtboardObjects``). Objects before
    /// the first artboard (the backboard, the assets) belong to none.
    public func artboardObjects() -> [ArtboardObjects] {
        var artboards: [ArtboardObjects] = []
        for placed in placedObjects {
            let placement = placed.placement
            guard let index = placement.artboardIndex else { continue }
            switch placement.role {
            case .artboard: artboards.append(ArtboardObjects(index: index, objects: [placed.object]))
            case .component: artboards[index].objects.append(placed.object)
            case .null: if placement.objectIndex != nil { artboards[index].objects.append(nil) }
            case .animation, .other: artboards[index].otherRecords.append(placed.object)
            }
        }
        return artboards
    }
}
