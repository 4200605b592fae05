import RivFormat
import RivAssetRegistry

/// What a replacement that matched nothing probably meant, from the names of the
/// assets of every input.
enum ReplacementSuggestion {
    /// A sentence for `name` (of `type`) given the assets seen: the same name under
    /// another type, the name without the extension it was given with, the unique
    /// name of an asset of that name, or the closest unique name by spelling.
    static func suggest(for name: String, type: AssetType, among assets: [SeenAsset], matchingByName: Bool) -> String? {
        let keys = assets.map { matchingByName ? $0.name : $0.uniqueName }
        if let other = zip(assets, keys).first(where: { $0.1 == name && $0.0.type != type })?.0 {
            return "\(name) is \(article(other.type)) \(other.type), not \(article(type)) \(type)"
        }
        let sameType = zip(assets, keys).filter { $0.0.type == type }
        let stem = AssetMatchKey.withoutExtension(name)
        if stem != name, sameType.contains(where: { $0.1 == stem }) { return "did you mean \(stem)? (names have no extension)" }
        if !matchingByName {
            let named = sameType.filter { $0.0.name == name }.map(\.1)
            if !named.isEmpty { return "did you mean \(named.prefix(3).joined(separator: ", "))? (or match on names with \(RequestField.matchingByName))" }
        }
        let limit = max(2, name.count / 4)
        let closest = Set(sameType.map(\.1)).map { ($0, distance(name, $0, limit: limit)) }
            .filter { $0.1 <= limit }.min { ($0.1, $0.0) < ($1.1, $1.0) }
        return closest.map { "did you mean \($0.0)?" }
    }

    private static func article(_ type: AssetType) -> String {
        type == .font ? "a" : "an"
    }

    /// The edit distance between `a` and `b`, or `limit + 1` when it exceeds `limit`.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}

/// What a run saw of one asset, for suggestions: its type, name without extension, and unique name.
struct SeenAsset: Hashable, Sendable {
    let type: AssetType
    let name: String
    let uniqueName: String
}
