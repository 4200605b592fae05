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

    /// For every type key, whether an object of it starts an artboard: `Artboard`
    /// and its subclasses but `NestedArtboard`.
    static let artboardTypes: [Bool] = {
        let parents = Schema.parentKeys
        let artboard = TK.artboard, nested = TK.nestedArtboard
        return parents.indices.map { index in
            let type = UInt16(index)
            return Schema.isKind(type, of: artboard, in: parents) && !Schema.isKind(type, of: nested, in: parents)
        }
    }()

    /// How an object of each type moves the count of objects in its artboard.
    enum Indexing: UInt8 {
        /// Not counted: animations' keyed objects, state machine parts, data binds, file-level objects.
        case none = 0
        /// A component the runtime makes: takes the next index of its artboard.
        case component
        /// A linear animation or state machine: after it, null objects stop taking indices.
        case animation
        /// A type the runtime cannot make (abstract or editor-only): read as a null
        /// object, which takes an index until the artboard's first animation.
        case null
    }

    /// The ``Indexing`` of every type key the schema knows, indexed by type key;
    /// a key past the end, unknown to the schema, is a null object too.
    static let indexing: [Indexing] = {
        let parents = Schema.parentKeys
        var table = [Indexing](repeating: .null, count: parents.count)
        for type in Schema.generatedTypes {
            let key = type.key
            if type.isAbstract || !type.isInRuntime {
                table[Int(key)] = .null
            } else if Schema.isKind(key, of: TK.component, in: parents) {
                table[Int(key)] = .component
            } else if Schema.isKind(key, of: TK.linearAnimation, in: parents) || Schema.isKind(key, of: TK.stateMachine, in: parents) {
                table[Int(key)] = .animation
            } else {
                table[Int(key)] = .none
            }
        }
        return table
    }()

    /// For every type key, whether an object of it can refer to an asset or start
    /// an artboard: only those are read property by property for usage; every
    /// other object is skipped as before.
    static let usageTypes: [Bool] = {
        let parents = Schema.parentKeys
        let owners = Set(referenceKeys.map(\.owner))
        // A type can refer when it declares a reference or extends one that does:
        // each answer is kept, so every type is walked once.
        var refers = [Bool?](repeating: nil, count: parents.count)
        func canRefer(_ key: Int, depth: Int) -> Bool {
            if let known = refers[key] { return known }
            let parent = Int(parents[key])
            let answer = owners.contains(UInt16(key)) || (parent != 0 && parent != key && depth < 64 && canRefer(parent, depth: depth + 1))
            refers[key] = answer
            return answer
        }
        let artboards = UsageKeys.artboardTypes
        return parents.indices.map { artboards[$0] || canRefer($0, depth: 0) }
    }()
}
