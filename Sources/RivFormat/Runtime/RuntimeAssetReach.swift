/// What in a file can reach an asset at run time without an object that refers
/// to it by index: scripts, which can ask for assets, and data binding, which can
/// set an image, font or blob property to an asset. Removing an asset nothing
/// refers to is safe only without them.
enum RuntimeAssetReach {
    private typealias TK = Schema.TypeKey

    /// The types whose objects bind data to assets.
    private static let dataBindingTypes: [UInt16] = [
        TK.viewModelPropertyAsset, TK.viewModelInstanceAsset, TK.bindablePropertyAsset, TK.transitionValueAssetComparator,
    ]

    /// The types whose objects are or run scripts.
    private static let scriptTypes: [UInt16] = AssetKind.allCases.filter(\.isScript).map(\.typeKey)
        + UsageKeys.referenceKeys.map(\.owner).filter { ![TK.image, TK.textStyle, TK.audioEvent].contains($0) }

    /// What reach an object of each type has, by type key: 1 a script, 2 data binding
    /// to assets, 0 none (a table, so that a walk over millions of objects looks
    /// each type up once instead of walking its ancestry).
    private static let reachByType: [UInt8] = Schema.parentKeys.indices.map { index in
        let key = UInt16(index)
        if scriptTypes.contains(where: { Schema.isKind(key, of: $0) }) { return 1 }
        if dataBindingTypes.contains(where: { Schema.isKind(key, of: $0) }) { return 2 }
        return 0
    }

    /// One sentence per kind of reach found in `file`; empty when there is none.
    static func reasons(in file: RivFile) -> [String] {
        let reach = reachByType
        var scripts: [UInt16: Int] = [:]
        var bindings: [UInt16: Int] = [:]
        for object in file.objects where Int(object.typeKey) < reach.count {
            switch reach[Int(object.typeKey)] {
            case 1: scripts[object.typeKey, default: 0] += 1
            case 2: bindings[object.typeKey, default: 0] += 1
            default: break
            }
        }
        var reasons: [String] = []
        if !scripts.isEmpty { reasons.append("the file has scripts, which can ask for any asset (\(summary(scripts)))") }
        if !bindings.isEmpty { reasons.append("the file binds data to assets (\(summary(bindings)))") }
        return reasons
    }

    /// `2 ScriptAsset, 1 ScriptedDrawable`, by type name.
    private static func summary(_ counts: [UInt16: Int]) -> String {
        counts.map { (name: Schema.typeName($0.key), count: $0.value) }.sorted { $0.name < $1.name }
            .map { "\($0.count) \($0.name)" }.joined(separator: ", ")
    }
}
