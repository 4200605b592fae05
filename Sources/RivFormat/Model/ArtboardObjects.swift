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
    /// the one walk that turns the object stream into artboards (``ArtboardObjects``).
    /// Objects before the first artboard (the backboard, the assets) belong to none.
    public func artboardObjects() -> [ArtboardObjects] {
        var artboards: [ArtboardObjects] = []
        var animationsBegan = false
        for object in objects {
            let type = Int(object.typeKey)
            if type < UsageKeys.artboardTypes.count && UsageKeys.artboardTypes[type] {
                artboards.append(ArtboardObjects(index: artboards.count, objects: [object]))
                animationsBegan = false
                continue
            }
            guard !artboards.isEmpty else { continue }
            let last = artboards.count - 1
            switch type < UsageKeys.indexing.count ? UsageKeys.indexing[type] : .null {
            case .component:
                artboards[last].objects.append(object)
            case .animation:
                animationsBegan = true
                artboards[last].otherRecords.append(object)
            case .none:
                artboards[last].otherRecords.append(object)
            case .null:
                if !animationsBegan { artboards[last].objects.append(nil) }
            }
        }
        return artboards
    }
}
