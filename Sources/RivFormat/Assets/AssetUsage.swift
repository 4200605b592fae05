/// An object that uses a file asset: an `Image` shows an image, a `TextStyle`
/// sets text in a font, an `AudioEvent` plays a clip, a scripted object runs a
/// script. Its reference is an index into the file's asset list in stream order
/// (manifests left out), as Rive's runtime resolves it after import.
public struct AssetReferencer: Sendable, Hashable, Codable {
    /// The artboard the object belongs to; nil for a file-level object (one before
    /// the first artboard, such as a scripted data converter).
    public var artboard: String?
    /// The artboard's position among the file's artboards; nil for a file-level object.
    public var artboardIndex: Int?
    /// The object's type key.
    public var typeKey: UInt16
    /// The schema's name for the object's type, e.g. `Image`.
    public var type: String
    /// The object's name (empty when it has none).
    public var name: String
    /// The object's index in its artboard, as keyed animations, parent ids and
    /// data binds address it: the artboard is 0, then each component, and each
    /// object of a type the runtime cannot make (unknown, abstract or editor-only)
    /// before the artboard's first animation or state machine, in stream order.
    /// Nil for a file-level object.
    public var objectIndex: Int?
    /// The offset of the object's record.
    public var offset: Int
}

/// One referencing object as the scan found it.
struct ReferencerRecord: Sendable {
    let artboardIndex: Int32
    let typeKey: UInt16
    let assetIndex: UInt64
    let name: String
    /// The object's index in its artboard (see ``AssetReferencer/objectIndex``); -1 for a file-level object.
    let objectIndex: Int32
    let offset: Int
}

/// What the scan needs to know to find referencers cheaply: which property keys
/// hold a reference or a name, and which type keys can refer to an asset or start
/// an artboard. Built once from the schema table with array lookups (a listing of
/// one file pays for it, so it must cost microseconds).
enum UsageKeys {
    /// What a property key means for asset usage.
    enum Role: UInt8 {
        case none = 0, reference, name
    }

    private typealias PK = Schema.PropertyKey
    private typealias TK = Schema.TypeKey

    /// `Image.assetId`, `TextStyle.fontAssetId`, `AudioEvent.assetId` and every
    /// `scriptAssetId`, with the types that declare them: the schema's properties
    /// of those names outside the asset types. Written out, not derived at run
    /// time (deriving them walks the whole property table, which a listing of one
    /// file would pay for); a test checks them against the schema table.
    static let referenceKeys: [(key: UInt16, owner: UInt16)] = [
        (PK.imageAssetId, TK.image), (PK.textStyleFontAssetId, TK.textStyle), (PK.audioEventAssetId, TK.audioEvent),
        (PK.scriptedDrawableScriptAssetId, TK.scriptedDrawable), (PK.scriptedDataConverterScriptAssetId, TK.scriptedDataConverter),
        (PK.scriptedPathEffectScriptAssetId, TK.scriptedPathEffect), (PK.scriptedListenerActionScriptAssetId, TK.scriptedListenerAction),
        (PK.scriptedTransitionConditionScriptAssetId, TK.scriptedTransitionCondition), (PK.scriptedInterpolatorScriptAssetId, TK.scriptedInterpolator),
    ]

    /// Every property the schema calls `name` outside the asset types (checked by the same test).
    static let nameKeys: [UInt16] = [PK.componentName, PK.animationName, PK.stateMachineComponentName, PK.tagName,
                                     PK.viewModelComponentName, PK.dataEnumCustomName, PK.dataConverterName,
                                     PK.viewModelInstanceListItemName]

    /// The role of every key up to the largest that has one, indexed by key.
    static let roles: [Role] = {
        var table = [Role](repeating: .none, count: Int((referenceKeys.map(\.key) + nameKeys).max() ?? 0) + 1)
        for key in nameKeys { table[Int(key)] = .name }
        for entry in referenceKeys { table[Int(entry.key)] = .reference }
        return table
    }()

    /// What each type key is or extends, as bits: the three tables below are read
    /// from it. Made in one walk over the hierarchy in which each type's answer is
    /// kept (a walk up stops at the first type already answered), because the first
    /// listing of a process pays for it and must cost microseconds.
    private static let kinds: [UInt8] = {
        let parents = Schema.parentKeys
        var own = [UInt8](repeating: 0, count: parents.count)
        own[Int(TK.component)] |= Kind.component
        // Interpolators are added to their artboard like components (`ArtboardImporter::addComponent`):
        // a key frame's or a transition's `interpolatorId` is their artboard index.
        own[Int(TK.keyFrameInterpolator)] |= Kind.component
        own[Int(TK.linearAnimation)] |= Kind.animation
        own[Int(TK.stateMachine)] |= Kind.animation
        own[Int(TK.artboard)] |= Kind.artboard
        own[Int(TK.nestedArtboard)] |= Kind.nestedArtboard
        for entry in referenceKeys { own[Int(entry.owner)] |= Kind.refers }
        var table = [UInt8](repeating: 0, count: parents.count)
        var answered = [Bool](repeating: false, count: parents.count)
        var path: [Int] = []
        path.reserveCapacity(64)
        for start in parents.indices where !answered[start] {
            // Up to the first answered type (or the root), then back down, each
            // type taking its own bits and all of its parent's.
            var key = start
            path.removeAll(keepingCapacity: true)
            while !answered[key] && path.count < 64 {
                path.append(key)
                let parent = Int(parents[key])
                guard parent != 0, parent != key else { break }
                key = parent
            }
            var inherited: UInt8 = answered[key] ? table[key] : 0
            for visited in path.reversed() {
                inherited |= own[visited]
                table[visited] = inherited
                answered[visited] = true
            }
        }
        return table
    }()

    /// The bits of ``kinds``.
    private enum Kind {
        static let component: UInt8 = 1, animation: UInt8 = 2, artboard: UInt8 = 4, nestedArtboard: UInt8 = 8, refers: UInt8 = 16
    }

    /// For every type key, whether an object of it starts an artboard: `Artboard`
    /// and its subclasses but `NestedArtboard`.
    static let artboardTypes: [Bool] = kinds.map { $0 & (Kind.artboard | Kind.nestedArtboard) == Kind.artboard }

    /// What an object of each type is to its artboard's indices (an `Artboard` reads
    /// as a component here: ``ObjectPlacer`` tells it apart), indexed by type key; a
    /// key past the end, unknown to the schema, is a null object too.
    static let indexing: [ObjectPlacement.Role] = {
        var table = kinds.map { $0 & Kind.component != 0 ? ObjectPlacement.Role.component : $0 & Kind.animation != 0 ? .animation : .other }
        // Types the runtime cannot make, and keys the schema does not have, are null objects.
        for key in table.indices where RuntimeTypes.runtimeType(UInt16(key)) == nil { table[key] = .null }
        return table
    }()

    /// For every type key, whether an object of it can refer to an asset or start
    /// an artboard: only those are read property by property for usage; every
    /// other object is skipped as before.
    static let usageTypes: [Bool] = kinds.map { $0 & Kind.refers != 0 || $0 & (Kind.artboard | Kind.nestedArtboard) == Kind.artboard }
}
