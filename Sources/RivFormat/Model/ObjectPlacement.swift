/// Where one record of the object stream stands among the file's artboards, as
/// Rive's runtime files it on import: the artboard it belongs to and the index an
/// id in that artboard (a `parentId`, a text run's `styleId`, a keyed object's
/// `objectId`) names it by (SPEC.md §5 "Asset usage").
///
/// ``RivFile/placedObjects`` gives every record with its placement; the listing's
/// asset usage, ``RivFile/inspect()``, ``RivFile/fontText``,
/// ``RivFile/artboardObjects()`` and the editor all follow this one placement.
public struct ObjectPlacement: Sendable, Hashable {
    /// What the runtime makes of a record, as far as its artboard's indices go.
    public enum Role: Sendable, Hashable {
        /// An `Artboard` (or a subclass other than `NestedArtboard`): it starts the
        /// next artboard and is that artboard's object 0.
        case artboard
        /// A component, or a key frame interpolator (added to the artboard like
        /// one): it takes the artboard's next index.
        case component
        /// A record of a type the runtime cannot build (unknown to the schema,
        /// abstract or editor-only): the runtime reads it as an empty object, which
        /// takes the artboard's next index until its first animation or state machine.
        case null
        /// A `LinearAnimation` or `StateMachine`: null records after it take no index.
        case animation
        /// Any other record (keyed objects, key frames, state machine parts, data
        /// binds, view models, assets): it takes no index.
        case other
    }

    /// What the runtime makes of the record.
    public let role: Role
    /// The position among the file's artboards of the artboard the record belongs
    /// to: the latest one that began before it; nil before the first artboard (the
    /// backboard, the assets and other file-level records).
    public let artboardIndex: Int?
    /// The record's index among its artboard's objects (0 for the artboard itself);
    /// nil when it takes none.
    public let objectIndex: Int?
}
