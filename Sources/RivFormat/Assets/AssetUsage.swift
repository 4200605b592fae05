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
/// hold a reference or a name, and which type keys start an artboard.
enum UsageKeys {
    /// What a property key means for asset usage.
    enum Role: UInt8 {
        case none = 0, reference, name
    }

    /// `Image.assetId`, `TextStyle.fontAssetId`, `AudioEvent.assetId` and every `scriptAssetId`.
    static let referenceKeys: Set<UInt16> = Set(Schema.generatedProperties.filter { property in
        (property.name == "assetId" || property.name == "fontAssetId" || property.name == "scriptAssetId")
            && !isFileAssetType(property.ownerTypeKey)
    }.map(\.key))

    /// Every property the schema calls `name`, except the asset's own.
    static let nameKeys: Set<UInt16> = Set(Schema.generatedProperties.filter {
        $0.name == "name" && !isFileAssetType($0.ownerTypeKey) && $0.fieldType == .bytes
    }.map(\.key))

    /// The role of every key up to the largest that has one, indexed by key.
    static let roles: [Role] = {
        var table = [Role](repeating: .none, count: Int((referenceKeys.union(nameKeys).max() ?? 0)) + 1)
        for key in nameKeys { table[Int(key)] = .name }
        for key in referenceKeys { table[Int(key)] = .reference }
        return table
    }()



    /// For every type key up to the largest that matters, whether an object of it
    /// can refer to an asset or start an artboard: only those are read property by
    /// property for usage; every other object is skipped as before.
    static let usageTypes: [Bool] = {
        let owners = Set(Schema.generatedProperties.filter { referenceKeys.contains($0.key) }.map(\.ownerTypeKey))
        let keys = Schema.generatedTypes.filter { type in
            artboardTypes.indices.contains(Int(type.key)) && artboardTypes[Int(type.key)] || owners.contains { isKind(type.key, ofKey: $0) }
        }.map(\.key)
        var table = [Bool](repeating: false, count: Int(keys.max() ?? 0) + 1)
        for key in keys { table[Int(key)] = true }
        return table
    }()

    /// For every type key up to the largest artboard type, whether an object of
    /// it starts an artboard: `Artboard` and its subclasses but `NestedArtboard`.
    static let artboardTypes: [Bool] = {
        let keys = Schema.generatedTypes.filter { isKind($0.key, of: "Artboard") && !isKind($0.key, of: "NestedArtboard") }.map(\.key)
        var table = [Bool](repeating: false, count: Int(keys.max() ?? 0) + 1)
        for key in keys { table[Int(key)] = true }
        return table
    }()

    private static func isFileAssetType(_ key: UInt16) -> Bool {
        isKind(key, of: "Asset") || isKind(key, of: "FileAssetContents")
    }

    /// Whether `key` is the type `ancestor` or extends it.
    private static func isKind(_ key: UInt16, ofKey ancestor: UInt16) -> Bool {
        var current = key
        for _ in 0..<64 {
            if current == ancestor { return true }
            guard let type = Schema.type(forKey: current), type.parentKey != 0 else { return false }
            current = type.parentKey
        }
        return false
    }

    /// Whether `key` is the type `name` or extends it.
    private static func isKind(_ key: UInt16, of name: String) -> Bool {
        var current = key
        for _ in 0..<64 {
            guard let type = Schema.type(forKey: current) else { return false }
            if type.name == name { return true }
            guard type.parentKey != 0 else { return false }
            current = type.parentKey
        }
        return false
    }
}
