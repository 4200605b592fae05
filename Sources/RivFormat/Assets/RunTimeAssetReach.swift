/// What in a file can reach an asset at run time without an object that refers
/// to it by index: scripts, which can ask for assets, and data binding, which can
/// set an image, font or blob property to an asset. Removing an asset nothing
/// refers to is safe only without them.
enum RunTimeAssetReach {
    private typealias TK = Schema.TypeKey

    /// The types whose objects bind data to assets.
    private static let dataBindingTypes: [UInt16] = [
        TK.viewModelPropertyAsset, TK.viewModelInstanceAsset, TK.bindablePropertyAsset, TK.transitionValueAssetComparator,
    ]

    /// The types whose objects are or run scripts.
    private static let scriptTypes: [UInt16] = [TK.scriptAsset, TK.scriptModuleAsset]
        + UsageKeys.referenceKeys.map(\.owner).filter { ![TK.image, TK.textStyle, TK.audioEvent].contains($0) }

    /// One sentence per kind of reach found in `file`; empty when there is none.
    static func reasons(in file: RivFile) -> [String] {
        var scripts: [String: Int] = [:]
        var bindings: [String: Int] = [:]
        for object in file.objects {
            if scriptTypes.contains(where: { Schema.isKind(object.typeKey, of: $0) }) {
                scripts[Schema.typeName(object.typeKey), default: 0] += 1
            } else if dataBindingTypes.contains(where: { Schema.isKind(object.typeKey, of: $0) }) {
                bindings[Schema.typeName(object.typeKey), default: 0] += 1
            }
        }
        var reasons: [String] = []
        if !scripts.isEmpty { reasons.append("the file has scripts, which can ask for any asset (\(summary(scripts)))") }
        if !bindings.isEmpty { reasons.append("the file binds data to assets (\(summary(bindings)))") }
        return reasons
    }

    /// `2 ScriptAsset, 1 ScriptedDrawable`, by type name.
    private static func summary(_ counts: [String: Int]) -> String {
        counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
}
