import RivFormat

/// What an ``AssetRegistry``'s registrations do to the files loaded through it.
public struct MatchResult: Sendable, Hashable, CustomStringConvertible {
    /// One asset a registration replaces.
    public struct Replacement: Sendable, Hashable {
        /// The file's path, when it was loaded from one.
        public let path: String?
        /// The asset's unique name.
        public let uniqueName: String
        /// The asset's type.
        public let type: AssetType
    }

    /// One registered name that matches no asset.
    public struct UnmatchedName: Sendable, Hashable {
        /// The registered name.
        public let name: String
        /// Its namespace.
        public let type: AssetType
        /// Unique names of loaded assets of the same type and the same name without
        /// the id: the likely meant ones, when the name is misspelled.
        public let nearest: [String]

        /// An unmatched `name` of `type`, with the loaded names it may have meant.
        public init(name: String, type: AssetType, nearest: [String] = []) {
            self.name = name
            self.type = type
            self.nearest = nearest
        }
    }

    /// Every asset of every loaded file that a registration replaces, in load and file order.
    public let replaced: [Replacement]
    /// Registered names that replace no asset of any loaded file: no asset has the
    /// name, or, for a pattern, an exact name or an earlier pattern serves every
    /// asset it matches.
    public let unmatched: [UnmatchedName]

    /// What the result holds, for reading: one line per file with the assets
    /// replaced in it, then one naming the registrations that matched nothing.
    ///
    /// ```
    /// hero.riv: font Inter-102113, image logo-12
    /// menu.riv: font Inter-102113
    /// matching nothing: image logo-13
    /// ```
    public var description: String {
        var lines: [String] = []
        var order: [String] = []
        var byFile: [String: [String]] = [:]
        for replacement in replaced {
            let file = replacement.path ?? "(loaded from memory)"
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append("\(replacement.type) \(replacement.uniqueName)")
        }
        for file in order { lines.append("\(file): " + byFile[file, default: []].joined(separator: ", ")) }
        if lines.isEmpty { lines.append("no registration replaces an asset of a loaded file") }
        if !unmatched.isEmpty {
            lines.append("matching nothing: " + unmatched.map { name in
                "\(name.type) \(name.name)" + (name.nearest.isEmpty ? "" : " (did you mean \(name.nearest.prefix(3).joined(separator: ", "))?)")
            }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
