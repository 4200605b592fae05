import RivFormat
import RivSupport

/// What the one matching rule (``ReplacementIndex``) needs of a replacement: the
/// namespace it serves, the name it is for and whether that name is a pattern.
/// Every kind of replacement (a registry source's ``SourcedAsset``, a folder's
/// ``AssetFolder/Entry``, a `replace` argument) is one.
package protocol ReplacementRule {
    /// The namespace: `.image`, `.font` or `.audio`.
    var type: AssetType { get }
    /// The key it replaces (``AssetMatchKey``), or a pattern of keys.
    var name: String { get }
    /// Whether ``name`` is a `WildcardPattern` rather than one key.
    var isPattern: Bool { get }
}

/// The one rule that says which of a list of replacements serve an asset, for
/// `replace`, `replace --watch`, `embed --assets`, folder sources and
/// ``AssetRegistry`` alike: a replacement serves the assets of its type whose
/// key (``AssetMatchKey``) is its name, verbatim or in the encoded form of
/// `AssetFileName` (`a%2Fb-3` for `a/b-3`), or, when its name is a pattern
/// (`WildcardPattern`), whose key the pattern matches. The best is the earliest
/// verbatim one, else the earliest encoded one, else the earliest pattern.
///
/// Exact names are looked up in a dictionary and only the patterns are tried one
/// by one, so resolving every asset of many files against a folder of many files
/// stays linear.
package struct ReplacementIndex: Sendable {
    /// The positions of the exact rules under each (type, name), in order.
    private let exact: [AssetNameKey: [Int]]
    /// The patterns, in order.
    private let patterns: [(position: Int, type: AssetType, pattern: String)]

    /// An index of `rules`, whose positions are what it answers with.
    package init(_ rules: some Sequence<some ReplacementRule>) {
        var exact: [AssetNameKey: [Int]] = [:]
        var patterns: [(Int, AssetType, String)] = []
        for (position, rule) in rules.enumerated() {
            if rule.isPattern {
                patterns.append((position, rule.type, rule.name))
            } else {
                exact[AssetNameKey(type: rule.type, name: rule.name), default: []].append(position)
            }
        }
        self.exact = exact
        self.patterns = patterns
    }

    /// Whether `rule` serves the asset of `type` whose key is `key`.
    package static func rule(_ rule: some ReplacementRule, serves key: String, type: AssetType) -> Bool {
        guard rule.type == type else { return false }
        return rule.isPattern ? WildcardPattern.matches(rule.name, key) : AssetFileName.stem(rule.name, names: key)
    }

    /// The positions of every rule that serves the asset of `type` whose key is
    /// `key`, best first: the verbatim ones, the encoded ones, then the patterns,
    /// each by position.
    package func matches(_ key: String, type: AssetType) -> [Int] {
        exactMatches(key, type: type) + patterns.filter { $0.type == type && WildcardPattern.matches($0.pattern, key) }.map(\.position)
    }

    /// The position of the best rule for the asset of `type` whose key is `key`; nil when none serves it.
    package func best(_ key: String, type: AssetType) -> Int? {
        exactMatches(key, type: type).first
            ?? patterns.first { $0.type == type && WildcardPattern.matches($0.pattern, key) }?.position
    }

    private func exactMatches(_ key: String, type: AssetType) -> [Int] {
        AssetFileName.stems(naming: key).flatMap { exact[AssetNameKey(type: type, name: $0)] ?? [] }
    }
}
