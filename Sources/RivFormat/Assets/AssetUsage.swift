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
    /// The offset of the object's record.
    public var offset: Int
}

/// One referencing object as the scan found it.
struct ReferencerRecord: Sendable {
    let artboardIndex: Int32
    let typeKey: UInt16
    let assetIndex: UInt64
    let name: String
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

    /// Each type key's parent type key (0 for none), indexed by type key.
    private static let parents: [UInt16] = {
        var table = [UInt16](repeating: 0, count: Int(Schema.generatedTypes.map(\.key).max() ?? 0) + 1)
        for type in Schema.generatedTypes { table[Int(type.key)] = type.parentKey }
        return table
    }()

    /// Whether `key` is `ancestor` or extends it.
    private static func isKind(_ key: UInt16, of ancestor: UInt16, in parents: [UInt16]) -> Bool {
        var current = key
        for _ in 0..<64 {
            if current == ancestor { return true }
            guard Int(current) < parents.count, parents[Int(current)] != 0 else { return false }
            current = parents[Int(current)]
        }
        return false
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
        let parents = UsageKeys.parents
        let artboard = TK.artboard, nested = TK.nestedArtboard
        return parents.indices.map { index in
            let type = UInt16(index)
            return isKind(type, of: artboard, in: parents) && !isKind(type, of: nested, in: parents)
        }
    }()

    /// For every type key, whether an object of it can refer to an asset or start
    /// an artboard: only those are read property by property for usage; every
    /// other object is skipped as before.
    static let usageTypes: [Bool] = {
        let parents = UsageKeys.parents
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
