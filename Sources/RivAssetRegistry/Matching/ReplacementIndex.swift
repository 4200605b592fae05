import RivFormat

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
    /// What the index needs of one replacement.
    package struct Rule: Sendable {
        package let type: AssetType
        package let name: String
        package let isPattern: Bool

        package init(type: AssetType, name: String, isPattern: Bool) {
            self.type = type
            self.name = name
            self.isPattern = isPattern
        }
    }

    private struct Key: Hashable {
        let type: AssetType
        let name: String
    }

    /// The positions of the exact rules under each (type, name), in order.
    private let exact: [Key: [Int]]
    /// The patterns, in order.
    private let patterns: [(position: Int, type: AssetType, pattern: String)]

    /// An index of `rules`, whose positions are what it answers with.
    package init(_ rules: some Sequence<Rule>) {
        var exact: [Key: [Int]] = [:]
        var patterns: [(Int, AssetType, String)] = []
        for (position, rule) in rules.enumerated() {
            if rule.isPattern {
                patterns.append((position, rule.type, rule.name))
            } else {
                exact[Key(type: rule.type, name: rule.name), default: []].append(position)
            }
        }
        self.exact = exact
        self.patterns = patterns
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
        let verbatim = exact[Key(type: type, name: key)] ?? []
        let encodedName = AssetFileName.encodedStem(key)
        guard encodedName != key, let encoded = exact[Key(type: type, name: encodedName)] else { return verbatim }
        return verbatim + encoded
    }
}
